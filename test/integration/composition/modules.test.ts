import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import request from 'supertest';
import type Koa from 'koa';
import { createPinoLogger } from '../../../adapters/logging/pino-logger.js';
import { Database } from '../../../adapters/persistence/database.js';
import { buildContainer } from '../../../composition/container.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { discoverCommands, discoverModules, discoverSchemas, schemaOf } from '../../../composition/modules.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { AGENT, testConfig } from '../../support/test-app.js';

const dist = (file: string) => pathToFileURL(path.join(REPO_ROOT, 'dist', file)).href;

/**
 * A module written the way docs/architecture.md says: its own folder with its own tokens, bindings, routes, entity
 * schema and migration (in its schema file), a command (in its commands file), and no edit anywhere else. Written as
 * compiled JavaScript into a scratch folder, it is found, its table is created and its route answers through the whole
 * application.
 */
function scratchSchema(): string {
  return `
import { EntitySchema } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';

class WishRow {}
const WishSchema = new EntitySchema({ class: WishRow, tableName: 'scratch_wish',
  properties: { id: { type: 'integer', primary: true }, title: { type: 'text' } } });
class Migration20991231000000_scratch extends Migration {
  async up() { this.addSql('create table "scratch_wish" ("id" int primary key, "title" text not null)'); }
}

export const scratchSchema = {
  module: 'scratch',
  entities: [WishSchema],
  migrations: [{ name: 'Migration20991231000000_scratch', class: Migration20991231000000_scratch }],
};
`;
}

function scratchCommands(): string {
  return `
export const scratchCommands = {
  module: 'scratch',
  register(program, context) {
    program.command('wishes').action(() => context.withDatabase(async () => undefined));
  },
};
`;
}

function scratchModule(): string {
  return `
import { ContainerModule } from 'inversify';
import { HTTP } from '${dist('composition/http/http-tokens.js')}';
import { PERSISTENCE } from '${dist('composition/persistence/persistence-tokens.js')}';
import { query } from '${dist('adapters/persistence/mikro-orm-unit-of-work.js')}';
import { scratchSchema } from './scratch-schema.js';

const SCRATCH = { Count: Symbol.for('spindle/scratch/Count') };

export const scratchModule = {
  name: 'scratch',
  schema: scratchSchema,
  bindings: () => new ContainerModule(({ bind }) => {
    bind(SCRATCH.Count).toResolvedValue((db) => async () => {
      const [row] = await query(db.orm, 'select count(*)::int as n from scratch_wish');
      return row.n;
    }, [PERSISTENCE.Database]);
    bind(HTTP.Routes).toResolvedValue((count) => ({
      register(router) { router.get('/scratch/wishes', async (ctx) => { ctx.body = { count: await count() }; }); },
    }), [SCRATCH.Count]);
  }),
};
`;
}

describe('modules (composition)', () => {
  const scratchDir = path.join(REPO_ROOT, 'dist', `scratch-modules-${process.pid}`);
  after(() => fs.rmSync(scratchDir, { recursive: true, force: true }));

  it('finds every module of composition/ by its folder, in name order', async () => {
    const names = (await discoverModules()).map((m) => m.name);
    expect(names).to.include.members(['catalogue', 'core', 'http', 'marketplace', 'persistence', 'rate-limit', 'text']);
    expect(names).to.deep.equal([...names].sort());
  });

  it('adds a new module from its own folder alone: schema, migration, bindings and routes', async () => {
    fs.mkdirSync(path.join(scratchDir, 'scratch'), { recursive: true });
    fs.writeFileSync(path.join(scratchDir, 'scratch', 'scratch-module.js'), scratchModule());
    fs.writeFileSync(path.join(scratchDir, 'scratch', 'scratch-schema.js'), scratchSchema());
    fs.writeFileSync(path.join(scratchDir, 'scratch', 'scratch-commands.js'), scratchCommands());
    fs.mkdirSync(path.join(scratchDir, 'not-a-module')); // folders without a <name>-module.js are not modules

    const scratch = await discoverModules(scratchDir);
    expect(scratch.map((m) => m.name)).to.deep.equal(['scratch']);
    // Its schema and commands are found from their own files, without the module file.
    const schema = await discoverSchemas(scratchDir);
    expect(schema.migrations.map((m) => m.name)).to.deep.equal(['Migration20991231000000_scratch']);
    expect(schema.entities).to.deep.equal(scratch[0]!.schema!.entities);
    expect((await discoverCommands(scratchDir)).map((c) => c.module)).to.deep.equal(['scratch']);
    const modules = [...(await discoverModules()), ...scratch];
    const db = await Database.open({ kind: 'memory' }, schemaOf(modules));
    try {
      const applied = await db.migrate();
      expect(applied.at(-1)).to.equal('Migration20991231000000_scratch');
      await db.orm.em.fork().getConnection().execute(`insert into scratch_wish values (1, 'one'), (2, 'two')`);
      const container = buildContainer({ config: testConfig(), logger: createPinoLogger('silent'), storage: 'sql', db }, modules);
      const app = container.get(HTTP.HttpApp) as unknown as Koa;
      const res = await request(app.callback()).get('/scratch/wishes').set('User-Agent', AGENT);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ count: 2 });
      // The existing modules' routes are still there beside it.
      expect((await request(app.callback()).get('/releases/999999999').set('User-Agent', AGENT)).status).to.equal(404);
    } finally {
      await db.close();
    }
  });

  it('finds every module\'s tables from the schema files alone, as the modules give them', async () => {
    const fromModules = schemaOf(await discoverModules());
    const fromFiles = await discoverSchemas();
    expect(fromFiles.migrations.map((m) => m.name)).to.deep.equal(fromModules.migrations.map((m) => m.name));
    expect(fromFiles.entities).to.have.length(fromModules.entities.length);
    fromFiles.entities.forEach((e, i) => expect(e).to.equal(fromModules.entities[i]));
    expect(fromFiles.migrations.length).to.be.greaterThan(20);
  });

  it('finds the modules\' commands from their commands files, in name order', async () => {
    const modules = (await discoverCommands()).map((c) => c.module);
    expect(modules).to.include.members(['catalogue', 'contributions', 'identity', 'jobs', 'marketplace']);
    expect(modules).to.deep.equal([...modules].sort());
  });

  it('refuses a module whose schema is not the export of its schema file', async () => {
    const dir = path.join(scratchDir, 'inline');
    fs.mkdirSync(path.join(dir, 'inline'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'inline', 'inline-module.js'),
      "export const inlineModule = { name: 'inline', schema: { module: 'inline', entities: [], migrations: [] }, bindings() {} };\n",
    );
    let caught: unknown;
    try {
      await discoverModules(dir);
    } catch (err) {
      caught = err;
    }
    expect(String(caught)).to.match(/The schema of module inline must be the export of .*inline-schema\.js/);
  });

  it('refuses a module file that does not export exactly one module', async () => {
    fs.mkdirSync(path.join(scratchDir, 'broken', 'broken'), { recursive: true });
    fs.writeFileSync(path.join(scratchDir, 'broken', 'broken', 'broken-module.js'), 'export const nothing = 1;\n');
    let caught: unknown;
    try {
      await discoverModules(path.join(scratchDir, 'broken'));
    } catch (err) {
      caught = err;
    }
    expect(String(caught)).to.match(/broken-module\.js must export exactly one Spindle module, found 0/);
  });
});
