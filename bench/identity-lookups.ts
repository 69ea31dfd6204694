/*
 * What the ORM would cost the identity lookups that run on every authenticated request (ADR 0039): a personal
 * token's request (the token by its digest, then its user by id), a web session's (the live session by its digest,
 * then its user) and an OAuth request's (the application by consumer key, the access token, then its user), each in
 * its own request scope as the HTTP server runs it (the scope forks the entity manager once, on first use, whatever
 * the technique). Three techniques, interleaved round by round on one database:
 * - SQL: the hand-written statements of `SqlIdentityLookups` (`select * … where digest = ?`, through `query`), which
 *   the identity repositories use for these lookups;
 * - ORM findOne: `em.findOne` on the entity schemas, hydrating entities (identity map off, as the ORM repositories
 *   do);
 * - ORM query builder: `em.createQueryBuilder(…).where(…).execute('get')`, rows mapped to property names without
 *   entities.
 * Prints p50, p95 and the mean per lookup and technique, and the ratio of each ORM mean to SQL's.
 *
 *   node dist/bench/identity-lookups.js [--postgres URL] [--rounds 2000] [--warmup 200]
 *
 * Without --postgres the embedded database (PGlite) in a temporary folder; with it, that database (migrated; a bench
 * user, token, session and application are added, nothing is dropped).
 */
import type { EntityName } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationRow, OAuthTokenRow, PersonalTokenRow, UserRow, WebSessionRow } from '../adapters/persistence/identity/identity-rows.js';
import { currentEntityManager, query } from '../adapters/persistence/mikro-orm-unit-of-work.js';
import { IDENTITY } from '../composition/identity/identity-tokens.js';
import { PERSISTENCE } from '../composition/persistence/persistence-tokens.js';
import { interleavedRounds, roundOptions, withBenchSpindle } from './interleaved-rounds.js';

const opts = roundOptions();

type Lookup = <T extends object>(orm: MikroORM, entity: EntityName<T>, table: string, where: Record<string, unknown>) => Promise<unknown>;

/** The three techniques, each one lookup of one row by a unique key. */
const TECHNIQUES: Record<string, Lookup> = {
  SQL: async (orm, _entity, table, where) => {
    const [[column, value]] = Object.entries(where) as [[string, unknown]];
    const sqlColumn = column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const [row] = await query(orm, `select * from ${table} where ${sqlColumn} = ?`, [value]);
    return row ?? null;
  },
  'ORM findOne': (orm, entity, _table, where) => currentEntityManager(orm).findOne(entity, where as never, { disableIdentityMap: true }),
  'ORM query builder': (orm, entity, _table, where) => currentEntityManager(orm).createQueryBuilder(entity).select('*').where(where as never).execute('get'),
};

async function main(): Promise<void> {
  await withBenchSpindle(opts, 'identity-lookups', async (spindle) => {
    const c = spindle.container;
    const orm = c.get(PERSISTENCE.Database).orm;
    const uow = c.get(PERSISTENCE.UnitOfWork);
    const scope = c.get(PERSISTENCE.RequestScope);
    const name = `bench-${Date.now().toString(36)}`;
    const user = await c.get(IDENTITY.CreateUser).execute({ username: name, email: `${name}@example.test`, password: `pw-${name}-secret` });
    const now = new Date();
    const digest = `token-digest-${name}`;
    const session = `session-digest-${name}`;
    const app = { id: `app-${name}`, key: `key-${name}`, token: `access-${name}` };
    await uow.run(async () => {
      await c.get(IDENTITY.PersonalTokenRepository).add({ id: `pt-${name}`, userId: user.id, label: 'bench', digest, lastCharacters: 'abcd', createdAt: now, revokedAt: null });
      await c.get(IDENTITY.WebSessionRepository).add({ digest: session, userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
      await c.get(IDENTITY.ApplicationRepository).add({ id: app.id, name: 'bench', ownerId: user.id, consumerKey: app.key, consumerSecret: 's', callbackUrl: null, createdAt: now });
      await c.get(IDENTITY.OAuthTokenRepository).add({
        token: app.token, secret: 's', kind: 'access', applicationId: app.id, userId: user.id, callback: null, verifier: null,
        createdAt: now, authorizedAt: now, usedAt: null, revokedAt: null,
      });
    });

    // One authenticated request's lookups, in its own request scope.
    const requests: Record<string, (find: Lookup) => Promise<unknown>> = {
      'personal token': (find) =>
        scope.run(async () => {
          await find(orm, PersonalTokenRow, 'personal_token', { digest });
          return find(orm, UserRow, 'app_user', { id: user.id });
        }),
      'web session': (find) =>
        scope.run(async () => {
          await find(orm, WebSessionRow, 'web_session', { digest: session });
          return find(orm, UserRow, 'app_user', { id: user.id });
        }),
      'oauth': (find) =>
        scope.run(async () => {
          await find(orm, ApplicationRow, 'client_application', { consumerKey: app.key });
          await find(orm, OAuthTokenRow, 'oauth_token', { token: app.token });
          return find(orm, UserRow, 'app_user', { id: user.id });
        }),
    };
    const runs = Object.fromEntries(
      Object.entries(requests).flatMap(([request, run]) => Object.entries(TECHNIQUES).map(([technique, find]) => [`${request}, ${technique}`, () => run(find)])),
    );
    const f = await interleavedRounds(opts, runs);
    console.log(`identity lookups per authenticated request, ${opts.postgres ? 'PostgreSQL' : 'PGlite'}, ${opts.rounds} rounds (ms)`);
    for (const [label, x] of Object.entries(f)) {
      const sql = f[`${label.split(', ')[0]}, SQL`]!;
      console.log(`${label.padEnd(34)} p50 ${x.p50.toFixed(3)}  p95 ${x.p95.toFixed(3)}  mean ${x.mean.toFixed(3)}  /SQL ${(x.mean / sql.mean).toFixed(2)}`);
    }
  });
}

await main();
