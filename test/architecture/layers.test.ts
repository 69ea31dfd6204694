import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { checkLayers, EXCEPTIONS, unusedExceptions, type RuleName, type SourceFile } from './layer-rules.js';

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

const rulesOf = (files: SourceFile[]) => checkLayers(files).map((v) => [v.path, v.rule]);

/** A clean file of each kind, to which each case below adds one violation. */
const CLEAN: SourceFile[] = [
  { path: 'domain/shop/price.ts', text: "import { round } from './round.js';\nimport type { Currency } from '../money/currency.js';\n/** Date.now() and Math.random() in a comment do not count. */\nexport const note = 'new Date() in a string does not count either';\nexport const at = (ms: number) => new Date(ms);\nexport class Task { process(): void {} }\nexport const spec = { crypto: 1 }.crypto;\n" },
  { path: 'domain/shop/round.ts', text: 'export const round = (n: number) => n;\n' },
  { path: 'application/shop/buy.ts', text: "import type { Price } from '../../domain/shop/price.js';\nexport * from '../ports/clock.js';\nexport type T = import('../../domain/shop/round.js').T;\n" },
  { path: 'adapters/http/routes.ts', text: "import Router from '@koa/router';\nimport { buy } from '../../application/shop/buy.js';\nimport { x } from './x.js';\nimport { y } from '../http/y.js';\n" },
  { path: 'adapters/persistence/repo.ts', text: "import { MikroORM } from '@mikro-orm/postgresql';\nimport fs from 'node:fs';\nimport type { Price } from '../../domain/shop/price.js';\n" },
  { path: 'composition/container.ts', text: "import { Container } from 'inversify';\nimport { routes } from '../adapters/http/routes.js';\nimport { repo } from '../adapters/persistence/repo.js';\nconst at = new Date();\nconst env = process.env;\n" },
  { path: 'test/unit/x.test.ts', text: "import { routes } from '../../adapters/http/routes.js';\nimport { c } from '../../composition/container.js';\nconst m = await import(process.env.X!);\n" },
];

describe('layer rules', () => {
  it('pass a clean set of files', () => {
    expect(checkLayers(CLEAN)).to.deep.equal([]);
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
      ['an http adapter importing persistence', { path: 'adapters/http/a.ts', text: "import { db } from '../persistence/database.js';\n" }, 'adapter families'],
      ['an http adapter re-exporting persistence', { path: 'adapters/http/catalogue/a.ts', text: "export * from '../../persistence/database.js';\n" }, 'adapter families'],
      ['an http adapter with a type import of persistence', { path: 'adapters/http/a.ts', text: "export type Db = import('../persistence/database.js').Database;\n" }, 'adapter families'],
      ['a persistence adapter importing http', { path: 'adapters/persistence/a.ts', text: "import type { SpindleState } from '../http/http-state.js';\n" }, 'adapter families'],
      ['an in-memory adapter importing persistence', { path: 'adapters/in-memory/a.ts', text: "import { x } from '../persistence/x.js';\n" }, 'adapter families'],
      ['a new family importing another', { path: 'adapters/mail/a.ts', text: "import { x } from '../logging/x.js';\n" }, 'adapter families'],
      ['an adapter file outside any family', { path: 'adapters/a.ts', text: 'export const a = 1;\n' }, 'adapter families'],
      ['an adapter importing composition/', { path: 'adapters/http/a.ts', text: "import { TOKENS } from '../../composition/tokens.js';\n" }, 'adapter imports'],
      ['an adapter importing test/', { path: 'adapters/http/a.ts', text: "import { x } from '../../test/support/x.js';\n" }, 'adapter imports'],
      ['composition importing test/', { path: 'composition/a.ts', text: "import { x } from '../test/support/x.js';\n" }, 'composition imports'],
      ['an import leaving the repository', { path: 'test/a.ts', text: "import { x } from '../../elsewhere/x.js';\n" }, 'outside the tree'],
      ['a computed dynamic import', { path: 'adapters/http/a.ts', text: 'export const load = (name: string) => import(name);\n' }, 'computed import'],
      ['a computed require', { path: 'domain/shop/a.ts', text: "export const load = (name: string) => require('./' + name);\n" }, 'computed import'],
    ];
    for (const [label, planted, rule] of cases) {
      it(label, () => {
        const found = rulesOf([...CLEAN, planted]);
        expect(found.length, JSON.stringify(checkLayers([...CLEAN, planted]))).to.be.greaterThan(0);
        expect(found).to.deep.include([planted.path, rule]);
        expect(found.every(([p]) => p === planted.path), 'only the planted file is reported').to.equal(true);
      });
    }

    it('names the import and the rule in the report', () => {
      expect(checkLayers([{ path: 'adapters/http/a.ts', text: "import { db } from '../persistence/database.js';\n" }])).to.deep.equal([
        { path: 'adapters/http/a.ts', rule: 'adapter families', detail: 'imports ../persistence/database.js: the http adapters may not import the persistence adapters' },
      ]);
      expect(checkLayers([{ path: 'domain/a.ts', text: 'const a = 1;\nexport const t = Date.now();\n' }])).to.deep.equal([
        { path: 'domain/a.ts', rule: 'nondeterminism', detail: 'uses Date.now at line 2' },
      ]);
    });

    it('lets an allowed pair of families and an allowed package through, and nothing else', () => {
      const files: SourceFile[] = [
        { path: 'adapters/catalogue/a.ts', text: "import { w } from '../persistence/w.js';\nimport { h } from '../http/h.js';\n" },
        { path: 'application/a.ts', text: "import { z } from 'zod';\n" },
      ];
      const exceptions = { adapterFamilies: { catalogue: ['persistence'] }, applicationPackages: { zod: 'a test' }, computedImports: {} };
      expect(checkLayers(files, exceptions).map((v) => v.detail)).to.deep.equal([
        'imports ../http/h.js: the catalogue adapters may not import the http adapters (only persistence)',
      ]);
      expect(unusedExceptions(files, { ...exceptions, adapterFamilies: { catalogue: ['persistence', 'logging'] } })).to.deep.equal([
        'adapter families catalogue → logging',
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
      for (const reason of [...Object.values(EXCEPTIONS.applicationPackages), ...Object.values(EXCEPTIONS.computedImports)]) {
        expect(reason.length).to.be.greaterThan(20);
      }
    });
  });
});
