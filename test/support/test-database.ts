import pg from 'pg';
import { Database, type DatabaseImage, type DatabaseSchema } from '../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../composition/modules.js';
import type { TestStorage } from './test-storage.js';
import { onMaintenanceDatabase } from './worker-database.js';

/**
 * A freshly migrated embedded database's image, taken by the process's first `openTestDatabase` (every suite gets the
 * same schema: every module's).
 */
let migrated: DatabaseImage | undefined;

/**
 * On a server: whether the process's first `openTestDatabase` made the template database (the suite's database, once
 * migrated, copied as `<name>_template`) that the next ones copy back; false when the server would not (the user may
 * not create databases, or a session was still connected), and every suite then migrates its own.
 */
let serverTemplate: Promise<boolean> | undefined;

/**
 * Opens a fresh, migrated database for a test suite, with every module's schema (and `shared`'s rows): embedded PGlite
 * in memory by default (after the first, a copy of the first as it was once migrated, or filled), or the PostgreSQL server named by
 * `DATABASE_URL` (suites run one at a time), dropped and created again as a copy of a template database that the
 * process's first call migrated (about half the time of dropping the schema and migrating it again; see
 * docs/adr/0051-test-suite-time.md).
 */
export async function openTestDatabase(shared?: SharedFill): Promise<Database> {
  const schema = schemaOf(await discoverModules());
  const url = process.env.DATABASE_URL;
  if (url) {
    serverTemplate ??= makeServerTemplate(url, schema);
    if (await serverTemplate) await copyServerTemplate(url);
    else await (await migratedFromScratch(url, schema)).close();
    const db = await Database.open({ kind: 'server', url }, schema);
    // (On a copy nothing is left to apply: one query, which keeps the copy honest if the template ever lagged the schema.)
    await db.migrate();
    await shared?.fill(db);
    return db;
  }
  const image = shared && filledImages.get(shared);
  const db = await Database.open({ kind: 'memory', image: image ?? migrated }, schema);
  await db.migrate();
  migrated ??= await db.image();
  if (shared && !image) {
    await shared.fill(db);
    filledImages.set(shared, await db.image());
  }
  return db;
}

/**
 * Rows many suites start from (the catalogue fixtures), filled into a fresh test storage by `fill`. On the embedded
 * database the process's first `openTestDatabase(shared)` fills it and keeps an image, which later calls copy (the
 * catalogue fixtures: about 9 s of CPU to import, 4 s to copy; ADR 0051).
 */
export interface SharedFill {
  fill(storage: TestStorage): Promise<void>;
}

/** The embedded database as each shared fill left it, taken by its first `openTestDatabase`. */
const filledImages = new Map<SharedFill, DatabaseImage>();

/** The server database at `url` with its `public` schema dropped, created again and migrated. */
async function migratedFromScratch(url: string, schema: DatabaseSchema): Promise<Database> {
  const db = await Database.open({ kind: 'server', url }, schema);
  const conn = db.orm.em.getConnection();
  await conn.execute('drop schema if exists public cascade');
  await conn.execute('create schema public');
  await db.migrate();
  return db;
}

/** Runs `sql` in a session on the server's `postgres` database, given the suite's database's name and its template's. */
async function onServer(url: string, sql: (admin: pg.Client, name: string, template: string) => Promise<void>): Promise<void> {
  await onMaintenanceDatabase(url, (admin, name) => sql(admin, pg.escapeIdentifier(name), pg.escapeIdentifier(`${name}_template`)));
}

/** Migrates the suite's database from scratch and copies it as the template; false when the server refuses the copy. */
async function makeServerTemplate(url: string, schema: DatabaseSchema): Promise<boolean> {
  await (await migratedFromScratch(url, schema)).close();
  try {
    await onServer(url, async (admin, name, template) => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.query(`create database ${template} template ${name}`);
    });
    return true;
  } catch {
    return false;
  }
}

/** Drops the suite's database (ending the sessions a suite left on it) and creates it again from the template. */
async function copyServerTemplate(url: string): Promise<void> {
  await onServer(url, async (admin, name, template) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${template}`);
  });
}
