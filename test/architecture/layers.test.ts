import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { checkLayers, DRIVERS, EXCEPTIONS, importCycles, unusedExceptions, type LayerExceptions, type RuleName, type SourceFile } from './layer-rules.js';

const root = process.cwd();
const LAYERS = ['domain', 'application', 'adapters', 'composition', 'test', 'bench'];

function sourceFiles(dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  if (!fs.existsSync(path.join(root, dir))) return out;
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push({ path: rel, text: fs.readFileSync(path.join(root, rel), 'utf8') });
    }
  }
  return out;
}

/** The fixtures' allowlist: the real one, with a made-up money module whose contract the shop module may use. */
const FIXTURE_EXCEPTIONS: LayerExceptions = {
  ...EXCEPTIONS,
  domainContracts: { money: { files: ['currency.ts', 'money.ts'], usedBy: { shop: 'a shop sells at a price in a currency' } } },
};

const check = (files: SourceFile[]) => checkLayers(files, FIXTURE_EXCEPTIONS);
const rulesOf = (files: SourceFile[]) => check(files).map((v) => [v.path, v.rule]);

/** A clean file of each kind, to which each case below adds one violation. */
const CLEAN: SourceFile[] = [
  { path: 'domain/shop/price.ts', text: "import { round } from './round.js';\nimport type { Currency } from '../money/currency.js';\n/** Date.now() and Math.random() in a comment do not count. */\nexport const note = 'new Date() in a string does not count either';\nexport const at = (ms: number) => new Date(ms);\nexport class Task { process(): void {} }\nexport const spec = { crypto: 1 }.crypto;\n" },
  { path: 'domain/shop/round.ts', text: 'export const round = (n: number) => n;\n' },
  { path: 'domain/shop/shop-repository.ts', text: "import type { Price } from './price.js';\nexport interface ShopRepository { price(): Promise<Price>; }\n" },
  { path: 'domain/shop/shop-sort.ts', text: "export const SHOP_SORTS = ['price'] as const;\n" },
  { path: 'domain/money/money.ts', text: "import type { Currency } from './currency.js';\nimport { rate } from './rates.js';\n" },
  { path: 'application/shop/buy.ts', text: "import type { Price } from '../../domain/shop/price.js';\nimport type { ShopRepository } from '../../domain/shop/shop-repository.js';\nexport * from '../ports/clock.js';\nexport type T = import('../../domain/shop/round.js').T;\n" },
  { path: 'application/shop/sell.ts', text: "import { offer } from './offer.js';\nimport { buy } from './buy.js';\n" },
  { path: 'adapters/http/routes.ts', text: "import Router from '@koa/router';\nimport type Koa from 'koa';\nimport { buy } from '../../application/shop/buy.js';\nimport { SHOP_SORTS } from '../../domain/shop/shop-sort.js';\nimport { x } from './x.js';\nimport { y } from '../http/y.js';\n" },
  { path: 'adapters/persistence/repo.ts', text: "import { MikroORM } from '@mikro-orm/postgresql';\nimport { PGlite } from '@electric-sql/pglite';\nimport { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';\nimport pg from 'pg';\nimport fs from 'node:fs';\nimport type { Price } from '../../domain/shop/price.js';\nimport type { ShopRepository } from '../../domain/shop/shop-repository.js';\n" },
  { path: 'adapters/csv/decoder.ts', text: "import { parse } from 'csv-parse/sync';\nimport { stringify } from 'csv-stringify';\nimport YAML from 'yaml';\n" },
  { path: 'composition/container.ts', text: "import 'reflect-metadata';\nimport { Container } from 'inversify';\nimport { Command } from 'commander';\nimport { routes } from '../adapters/http/routes.js';\nimport { repo } from '../adapters/persistence/repo.js';\nconst at = new Date();\nconst env = process.env;\n" },
  { path: 'test/unit/x.test.ts', text: "import { routes } from '../../adapters/http/routes.js';\nimport { c } from '../../composition/container.js';\nconst m = await import(process.env.X!);\n" },
];

describe('layer rules', () => {
  it('pass a clean set of files', () => {
    expect(check(CLEAN)).to.deep.equal([]);
  });

  describe('report each violation planted in an otherwise clean set', () => {
    const cases: Array<[string, SourceFile, RuleName]> = [
      ['a domain file importing node:fs', { path: 'domain/shop/a.ts', text: "import fs from 'node:fs';\n" }, 'domain imports'],
      ['a domain file importing a bare builtin', { path: 'domain/shop/a.ts', text: "import { readFileSync } from 'fs';\n" }, 'domain imports'],
      ['a domain file importing a package', { path: 'domain/shop/a.ts', text: "import { IsIn } from 'class-validator';\n" }, 'domain imports'],
      ['a domain file importing application/', { path: 'domain/shop/a.ts', text: "import type { Page } from '../../application/shared/page.js';\n" }, 'domain imports'],
      ['a domain file importing adapters/', { path: 'domain/shop/a.ts', text: "import { x } from '../../adapters/http/x.js';\n" }, 'domain imports'],
      ['a domain file re-exporting application/ (export … from)', { path: 'domain/shop/a.ts', text: "export { Page } from '../../application/shared/page.js';\n" }, 'domain imports'],
      ['a domain file re-exporting everything of a package', { path: 'domain/shop/a.ts', text: "export * from 'koa';\n" }, 'domain imports'],
      ['a domain file with a dynamic import', { path: 'domain/shop/a.ts', text: "export const load = () => import('node:fs');\n" }, 'domain imports'],
      ['a domain file with a dynamic import of application/', { path: 'domain/shop/a.ts', text: "export const load = () => import(\n  '../../application/errors.js'\n);\n" }, 'domain imports'],
      ['a domain file with a require', { path: 'domain/shop/a.ts', text: "const fs = require('fs');\n" }, 'domain imports'],
      ['a domain file with import = require', { path: 'domain/shop/a.ts', text: "import fs = require('node:fs');\n" }, 'domain imports'],
      ['a domain file with an import type of a package', { path: 'domain/shop/a.ts', text: "export type Ctx = import('koa').Context;\n" }, 'domain imports'],
      ['a domain file with a multi-line import', { path: 'domain/shop/a.ts', text: "import {\n  a,\n  b,\n} from\n  '../../application/x.js';\n" }, 'domain imports'],
      ['a domain file calling Date.now()', { path: 'domain/shop/a.ts', text: 'export const now = () => Date.now();\n' }, 'nondeterminism'],
      ['a domain file with new Date()', { path: 'domain/shop/a.ts', text: 'export const now = () => new Date();\n' }, 'nondeterminism'],
      ['a domain file with new Date', { path: 'domain/shop/a.ts', text: 'export const now = () => new Date;\n' }, 'nondeterminism'],
      ['a domain file calling Date()', { path: 'domain/shop/a.ts', text: 'export const now = () => Date();\n' }, 'nondeterminism'],
      ['a domain file calling Math.random()', { path: 'domain/shop/a.ts', text: 'export const pick = () => Math.random();\n' }, 'nondeterminism'],
      ['a domain file using crypto', { path: 'domain/shop/a.ts', text: 'export const id = () => crypto.randomUUID();\n' }, 'nondeterminism'],
      ['a domain file using globalThis.crypto', { path: 'domain/shop/a.ts', text: 'export const id = () => globalThis.crypto.randomUUID();\n' }, 'nondeterminism'],
      ['a domain file reading process.', { path: 'domain/shop/a.ts', text: "export const brand = process.env.BRAND ?? 'x';\n" }, 'nondeterminism'],
      ['an application file calling Date.now()', { path: 'application/shop/a.ts', text: 'export const now = () => Date.now();\n' }, 'nondeterminism'],
      ['an application file importing koa', { path: 'application/shop/a.ts', text: "import type Koa from 'koa';\n" }, 'application imports'],
      ['an application file importing node:crypto', { path: 'application/shop/a.ts', text: "import { randomUUID } from 'node:crypto';\n" }, 'application imports'],
      ['an application file importing adapters/', { path: 'application/shop/a.ts', text: "import { x } from '../../adapters/http/x.js';\n" }, 'application imports'],
      ['an application file importing composition/', { path: 'application/shop/a.ts', text: "import { TOKENS } from '../../composition/tokens.js';\n" }, 'application imports'],
      ['an application file with a dynamic import of adapters/', { path: 'application/shop/a.ts', text: "const m = await import('../../adapters/http/x.js');\n" }, 'application imports'],
      ['an http adapter importing persistence', { path: 'adapters/http/a.ts', text: "import { db } from '../persistence/database.js';\n" }, 'route imports'],
      ['an http adapter re-exporting persistence', { path: 'adapters/http/catalogue/a.ts', text: "export * from '../../persistence/database.js';\n" }, 'route imports'],
      ['an http adapter with a type import of persistence', { path: 'adapters/http/a.ts', text: "export type Db = import('../persistence/database.js').Database;\n" }, 'route imports'],
      ['a route importing a domain repository port', { path: 'adapters/http/shop/shop-routes.ts', text: "import type { ShopRepository } from '../../../domain/shop/shop-repository.js';\n" }, 'route imports'],
      ['a presenter importing a list from a repository port', { path: 'adapters/http/shop/shop-presenter.ts', text: "import { SORTS } from '../../../domain/shop/shop-repository.js';\n" }, 'route imports'],
      ['a page importing a port of several repositories', { path: 'adapters/http/identity/web/page.ts', text: "import type { UserRepository } from '../../../../domain/identity/identity-repositories.js';\n" }, 'route imports'],
      ['a route importing a persistence repository', { path: 'adapters/http/shop/shop-routes.ts', text: "import { SqlShopRepository } from '../../persistence/shop/sql-shop-repository.js';\n" }, 'route imports'],
      ['a route loading a repository port when called', { path: 'adapters/http/shop/shop-routes.ts', text: "export const load = () => import('../../../domain/shop/shop-repository.js');\n" }, 'route imports'],
      ["a module's domain importing a file outside another module's contract", { path: 'domain/shop/a.ts', text: "import { rate } from '../money/rates.js';\n" }, 'module domains'],
      ["a module's domain importing another module's contract it is not offered", { path: 'domain/stock/a.ts', text: "import type { Currency } from '../money/currency.js';\n" }, 'module domains'],
      ["a module's domain importing a module that offers no contract", { path: 'domain/money/a.ts', text: "import { round } from '../shop/round.js';\n" }, 'module domains'],
      ["a module's domain re-exporting another's", { path: 'domain/stock/a.ts', text: "export * from '../money/money.js';\n" }, 'module domains'],
      ['a domain file outside a module folder importing a module', { path: 'domain/a.ts', text: "import type { Currency } from './money/currency.js';\n" }, 'module domains'],
      ['an http adapter importing pg', { path: 'adapters/http/a.ts', text: "import pg from 'pg';\n" }, 'drivers'],
      ['an http adapter importing a MikroORM package', { path: 'adapters/http/a.ts', text: "import type { EntityManager } from '@mikro-orm/core';\n" }, 'drivers'],
      ['a persistence adapter importing koa', { path: 'adapters/persistence/a.ts', text: "import type Koa from 'koa';\n" }, 'drivers'],
      ['a persistence adapter importing ioredis', { path: 'adapters/persistence/a.ts', text: "import { Redis } from 'ioredis';\n" }, 'drivers'],
      ['an in-memory adapter importing a subpath of csv-parse', { path: 'adapters/in-memory/a.ts', text: "import { parse } from 'csv-parse/sync';\n" }, 'drivers'],
      ['an http adapter importing csv-stringify', { path: 'adapters/http/inventory/a.ts', text: "import { stringify } from 'csv-stringify';\n" }, 'drivers'],
      ['a rate-limit adapter loading pg-copy-streams when called', { path: 'adapters/rate-limit/a.ts', text: "export const load = () => import('pg-copy-streams');\n" }, 'drivers'],
      ['a system adapter importing eta', { path: 'adapters/system/a.ts', text: "import { Eta } from 'eta';\n" }, 'drivers'],
      ['an adapter importing commander', { path: 'adapters/http/a.ts', text: "import { Command } from 'commander';\n" }, 'drivers'],
      ['an adapter importing inversify', { path: 'adapters/persistence/a.ts', text: "import { injectable } from 'inversify';\n" }, 'drivers'],
      ['composition importing a MikroORM package', { path: 'composition/a.ts', text: "import { MikroORM } from '@mikro-orm/postgresql';\n" }, 'drivers'],
      ['composition importing a subpath of PGlite', { path: 'composition/a.ts', text: "import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';\n" }, 'drivers'],
      ['composition importing a Koa package', { path: 'composition/a.ts', text: "import cors from '@koa/cors';\n" }, 'drivers'],
      ['an import cycle of two files', { path: 'application/shop/offer.ts', text: "import { sell } from './sell.js';\n" }, 'import cycle'],
      ['an import cycle closed by a type-only import', { path: 'application/shop/offer.ts', text: "import type { Sale } from './sell.js';\n" }, 'import cycle'],
      ['an import cycle closed by a re-export', { path: 'application/shop/offer.ts', text: "export * from './sell.js';\n" }, 'import cycle'],
      ['an import cycle closed by an import() type', { path: 'application/shop/offer.ts', text: "export type Sale = import('./sell.js').Sale;\n" }, 'import cycle'],
      ['a file importing itself', { path: 'adapters/http/a.ts', text: "import { a } from './a.js';\n" }, 'import cycle'],
      ['a persistence adapter importing http', { path: 'adapters/persistence/a.ts', text: "import type { SpindleState } from '../http/http-state.js';\n" }, 'adapter families'],
      ['an in-memory adapter importing persistence', { path: 'adapters/in-memory/a.ts', text: "import { x } from '../persistence/x.js';\n" }, 'adapter families'],
      ['a new family importing another', { path: 'adapters/mail/a.ts', text: "import { x } from '../logging/x.js';\n" }, 'adapter families'],
      ['an adapter file outside any family', { path: 'adapters/a.ts', text: 'export const a = 1;\n' }, 'adapter families'],
      ['an adapter importing composition/', { path: 'adapters/http/a.ts', text: "import { TOKENS } from '../../composition/tokens.js';\n" }, 'adapter imports'],
      ['an adapter importing test/', { path: 'adapters/http/a.ts', text: "import { x } from '../../test/support/x.js';\n" }, 'adapter imports'],
      ["a module file binding a persistence adapter itself", { path: 'composition/shop/shop-module.ts', text: "import { MikroOrmShopRepository } from '../../adapters/persistence/shop/mikro-orm-shop-repository.js';\n" }, 'storage families'],
      ["a module's bindings file binding an in-memory adapter", { path: 'composition/shop/offer-bindings.ts', text: "import { InMemoryShop } from '../../adapters/in-memory/in-memory-shop.js';\n" }, 'storage families'],
      ["a module's sql family binding an in-memory adapter", { path: 'composition/shop/shop-sql.ts', text: "import { InMemoryShop } from '../../adapters/in-memory/in-memory-shop.js';\n" }, 'storage families'],
      ["a module's memory family binding a persistence adapter", { path: 'composition/shop/shop-memory.ts', text: "import { SqlShop } from '../../adapters/persistence/shop/sql-shop.js';\n" }, 'storage families'],
      ['composition importing test/', { path: 'composition/a.ts', text: "import { x } from '../test/support/x.js';\n" }, 'composition imports'],
      ['an import leaving the repository', { path: 'test/a.ts', text: "import { x } from '../../elsewhere/x.js';\n" }, 'outside the tree'],
      ['a computed dynamic import', { path: 'adapters/http/a.ts', text: 'export const load = (name: string) => import(name);\n' }, 'computed import'],
      ['a computed require', { path: 'domain/shop/a.ts', text: "export const load = (name: string) => require('./' + name);\n" }, 'computed import'],
    ];
    for (const [label, planted, rule] of cases) {
      it(label, () => {
        const found = rulesOf([...CLEAN, planted]);
        expect(found.length, JSON.stringify(check([...CLEAN, planted]))).to.be.greaterThan(0);
        expect(found).to.deep.include([planted.path, rule]);
        expect(found.every(([p]) => p === planted.path), 'only the planted file is reported').to.equal(true);
      });
    }

    it('names the import and the rule in the report', () => {
      expect(checkLayers([{ path: 'adapters/in-memory/a.ts', text: "import { db } from '../persistence/database.js';\n" }])).to.deep.equal([
        { path: 'adapters/in-memory/a.ts', rule: 'adapter families', detail: 'imports ../persistence/database.js: the in-memory adapters may not import the persistence adapters' },
      ]);
      expect(checkLayers([{ path: 'domain/a.ts', text: 'const a = 1;\nexport const t = Date.now();\n' }])).to.deep.equal([
        { path: 'domain/a.ts', rule: 'nondeterminism', detail: 'uses Date.now at line 2' },
      ]);
    });

    it('says which rule each new kind of violation breaks, and why', () => {
      const report = (planted: SourceFile) => check([...CLEAN, planted]).map((v) => `${v.path}: ${v.rule}: ${v.detail}`);
      expect(report({ path: 'adapters/http/shop/shop-routes.ts', text: "import type { ShopRepository } from '../../../domain/shop/shop-repository.js';\n" })).to.deep.equal([
        'adapters/http/shop/shop-routes.ts: route imports: imports ../../../domain/shop/shop-repository.js, a repository (domain/shop/shop-repository.ts): the HTTP adapters call use cases, which own the repositories',
      ]);
      expect(report({ path: 'adapters/http/a.ts', text: "import { db } from '../persistence/database.js';\n" })).to.deep.equal([
        'adapters/http/a.ts: route imports: imports ../persistence/database.js, a repository (adapters/persistence/database.ts): the HTTP adapters call use cases, which own the repositories',
      ]);
      expect(report({ path: 'domain/shop/a.ts', text: "import { rate } from '../money/rates.js';\n" })).to.deep.equal([
        'domain/shop/a.ts: module domains: imports ../money/rates.js: rates.ts is not in the money domain\'s contract (currency.ts, money.ts)',
      ]);
      expect(report({ path: 'domain/stock/a.ts', text: "import type { Currency } from '../money/currency.js';\n" })).to.deep.equal([
        'domain/stock/a.ts: module domains: imports ../money/currency.js: the stock domain may not import the money domain (money offers its contract to shop)',
      ]);
      expect(report({ path: 'domain/money/a.ts', text: "import { round } from '../shop/round.js';\n" })).to.deep.equal([
        'domain/money/a.ts: module domains: imports ../shop/round.js: the money domain may not import the shop domain (shop offers its contract to no module)',
      ]);
      expect(report({ path: 'adapters/http/a.ts', text: "import pg from 'pg';\n" })).to.deep.equal([
        'adapters/http/a.ts: drivers: imports the driver pg outside its family: only adapters/persistence/ may import it',
      ]);
      expect(report({ path: 'adapters/http/a.ts', text: "import { Command } from 'commander';\n" })).to.deep.equal([
        'adapters/http/a.ts: drivers: imports the driver commander outside its family: only composition/ may import it',
      ]);
      expect(report({ path: 'application/shop/offer.ts', text: "import type { Sale } from './sell.js';\n" })).to.deep.equal([
        'application/shop/offer.ts: import cycle: is in an import cycle: application/shop/offer.ts → application/shop/sell.ts → application/shop/offer.ts',
      ]);
    });

    it('names the shortest cycle of a circle, and every file the circle joins', () => {
      const files: SourceFile[] = [
        { path: 'adapters/persistence/a.ts', text: "import type { B } from './b.js';\nimport { D } from './d.js';\n" },
        { path: 'adapters/persistence/b.ts', text: "import { C } from './c.js';\n" },
        { path: 'adapters/persistence/c.ts', text: "import { A } from './a.js';\n" },
        { path: 'adapters/persistence/d.ts', text: "import { A } from './a.js';\nimport { E } from './e.js';\n" },
        { path: 'adapters/persistence/e.ts', text: "export const E = 1;\n" },
        { path: 'application/x/p.ts', text: "import { Q } from './q.js';\n" },
        { path: 'application/x/q.ts', text: "import type { P } from './p.js';\n" },
        { path: 'test/t.ts', text: "import { U } from './u.js';\n" },
        { path: 'test/u.ts', text: "import { T } from './t.js';\n" },
      ];
      expect(check(files).map((v) => `${v.path}: ${v.detail}`)).to.deep.equal([
        'adapters/persistence/a.ts: is in an import cycle: adapters/persistence/a.ts → adapters/persistence/d.ts → adapters/persistence/a.ts (the circle joins 4 files: adapters/persistence/a.ts, adapters/persistence/b.ts, adapters/persistence/c.ts, adapters/persistence/d.ts)',
        'application/x/p.ts: is in an import cycle: application/x/p.ts → application/x/q.ts → application/x/p.ts',
      ]);
    });

    it('finds every circle of a graph (Tarjan), self-imports too, and nothing in a graph without one', () => {
      const graph = new Map<string, string[]>([
        ['a', ['b']], ['b', ['c', 'x']], ['c', ['a']], ['d', ['d']], ['e', ['f']], ['f', ['g']], ['g', []], ['h', ['i']], ['i', ['h', 'a']],
      ]);
      expect(importCycles(graph)).to.deep.equal([
        { files: ['a', 'b', 'c'], cycle: ['a', 'b', 'c', 'a'] },
        { files: ['d'], cycle: ['d', 'd'] },
        { files: ['h', 'i'], cycle: ['h', 'i', 'h'] },
      ]);
      const chain = new Map(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, i + 1 < 20_000 ? [`f${i + 1}`] : []]));
      expect(importCycles(chain)).to.deep.equal([]);
    });

    it('lets an allowed pair of families and an allowed package through, and nothing else', () => {
      const files: SourceFile[] = [
        { path: 'adapters/catalogue/a.ts', text: "import { w } from '../persistence/w.js';\nimport { h } from '../http/h.js';\n" },
        { path: 'application/a.ts', text: "import { z } from 'zod';\n" },
      ];
      const exceptions = { adapterFamilies: { catalogue: ['persistence'] }, applicationPackages: { zod: 'a test' }, computedImports: {}, domainContracts: {} };
      expect(checkLayers(files, exceptions).map((v) => v.detail)).to.deep.equal([
        'imports ../http/h.js: the catalogue adapters may not import the http adapters (only persistence)',
      ]);
      expect(unusedExceptions(files, { ...exceptions, adapterFamilies: { catalogue: ['persistence', 'logging'] } })).to.deep.equal([
        'adapter families catalogue → logging',
      ]);
    });

    it('lets a domain contract through to the modules it is offered to, and finds the parts of it nobody uses', () => {
      const files: SourceFile[] = [
        { path: 'domain/shop/a.ts', text: "import type { Currency } from '../money/currency.js';\n" },
        { path: 'domain/stock/a.ts', text: "import type { Money } from '../money/money.js';\n" },
      ];
      const contracts = (usedBy: Record<string, string>): LayerExceptions => ({
        adapterFamilies: {},
        applicationPackages: {},
        computedImports: {},
        domainContracts: { money: { files: ['currency.ts', 'money.ts', 'rates.ts'], usedBy } },
      });
      expect(checkLayers(files, contracts({ shop: 'a test', stock: 'a test' }))).to.deep.equal([]);
      expect(unusedExceptions(files, contracts({ shop: 'a test', stock: 'a test', ledger: 'a test' }))).to.deep.equal([
        'contract file domain/money/rates.ts',
        'contract of money for ledger',
      ]);
    });
  });

  describe('on the real tree', () => {
    const files = LAYERS.flatMap((layer) => sourceFiles(layer));

    it('finds the files it checks in every layer and every adapter family', () => {
      for (const layer of ['domain', 'application', 'adapters', 'composition', 'test']) {
        expect(files.filter((f) => f.path.startsWith(`${layer}/`)).length, layer).to.be.greaterThan(3);
      }
      const families = new Set(files.filter((f) => f.path.startsWith('adapters/')).map((f) => f.path.split('/')[1]));
      expect([...families]).to.include.members(['http', 'persistence', 'catalogue', 'rate-limit', 'logging', 'in-memory']);
    });

    for (const layer of LAYERS) {
      it(`${layer}/ keeps the rules`, () => {
        expect(checkLayers(files.filter((f) => f.path.startsWith(`${layer}/`))).map((v) => `${v.path}: ${v.rule}: ${v.detail}`)).to.deep.equal([]);
      });
    }

    it('allows no more exceptions than the code uses', () => {
      expect(unusedExceptions(files)).to.deep.equal([]);
      const contractReasons = Object.values(EXCEPTIONS.domainContracts).flatMap((c) => Object.values(c.usedBy));
      for (const reason of [...Object.values(EXCEPTIONS.applicationPackages), ...Object.values(EXCEPTIONS.computedImports), ...contractReasons]) {
        expect(reason.length).to.be.greaterThan(20);
      }
    });

    it('lets the domain modules use one another one way only (no circle through the contracts)', () => {
      const graph = new Map<string, string[]>();
      for (const [module, contract] of Object.entries(EXCEPTIONS.domainContracts)) {
        for (const user of Object.keys(contract.usedBy)) graph.set(user, [...(graph.get(user) ?? []), module]);
        if (!graph.has(module)) graph.set(module, []);
      }
      expect(importCycles(graph)).to.deep.equal([]);
    });

    it('names every driver the code imports, each in the family that imports it', () => {
      const imported = new Set(
        files
          .filter((f) => /^(adapters|composition)\//.test(f.path))
          .flatMap((f) => [...f.text.matchAll(/(?:from|import\(?)\s*'([^'.][^']*)'/g)].map((m) => m[1]!)),
      );
      for (const driver of Object.keys(DRIVERS)) {
        expect([...imported].some((spec) => (driver.endsWith('/') ? spec.startsWith(driver) : spec === driver || spec.startsWith(`${driver}/`))), driver).to.equal(true);
      }
    });
  });
});
