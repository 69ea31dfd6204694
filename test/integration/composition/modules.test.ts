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
import { discoverModules, schemaOf } from '../../../composition/modules.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { AGENT, testConfig } from '../../support/test-app.js';

const dist = (file: string) => pathToFileURL(path.join(REPO_ROOT, 'dist', file)).href;

/**
 * A module written the way docs/architecture.md says: its own folder with its own tokens, bindings, routes, entity
 * schema and migration, and no edit anywhere else. Written as compiled JavaScript into a scratch folder, it is found,
 * its table is created and its route answers through the whole application.
 */
function scratchModule(): string {
  return `
import { ContainerModule } from 'inversify';
import { EntitySchema } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { HTTP } from '${dist('composition/http/http-tokens.js')}';
import { PERSISTENCE } from '${dist('composition/persistence/persistence-tokens.js')}';
import { query } from '${dist('adapters/persistence/mikro-orm-unit-of-work.js')}';

class WishRow {}
const WishSchema = new EntitySchema({ class: WishRow, tableName: 'scratch_wish',
  properties: { id: { type: 'integer', primary: true }, title: { type: 'text' } } });
class Migration20991231000000_scratch extends Migration {
  async up() { this.addSql('create table "scratch_wish" ("id" int primary key, "title" text not null)'); }
}
const SCRATCH = { Count: Symbol.for('spindle/scratch/Count') };

export const scratchModule = {
  name: 'scratch',
  schema: { entities: [WishSchema], migrations: [{ name: 'Migration20991231000000_scratch', class: Migration20991231000000_scratch }] },
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
    fs.mkdirSync(path.join(scratchDir, 'not-a-module')); // folders without a <name>-module.js are not modules

    const scratch = await discoverModules(scratchDir);
    expect(scratch.map((m) => m.name)).to.deep.equal(['scratch']);
    const modules = [...(await discoverModules()), ...scratch];
    const db = await Database.open({ kind: 'memory' }, schemaOf(modules));
    try {
      const applied = await db.migrate();
      expect(applied.at(-1)).to.equal('Migration20991231000000_scratch');
      await db.orm.em.fork().getConnection().execute(`insert into scratch_wish values (1, 'one'), (2, 'two')`);
      const container = buildContainer({ config: testConfig(), logger: createPinoLogger('silent'), db }, modules);
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
