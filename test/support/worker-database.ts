import pg from 'pg';

/**
 * In a parallel run on a PostgreSQL server (`mocha --parallel` with `DATABASE_URL`), each worker process gets a
 * database of its own, named after the configured one and the worker (`spindle_ci_w0`, `spindle_ci_w1`, …): the suites
 * drop and make their database again as they start, so two workers on one database would end each other's sessions.
 * The rewrite is done as this module is evaluated (it is the first thing `test/setup.ts` imports), before any suite or
 * child process reads `DATABASE_URL`; `createWorkerDatabase` makes the database if the server has none by that name.
 */
const worker = process.env.MOCHA_WORKER_ID;
const configured = process.env.DATABASE_URL;
/**
 * The worker's database URL once renamed, in the environment the suites' child processes inherit: a child that loads
 * this module again (a test worker process, say, through the test support it imports) keeps the name rather than
 * adding a second suffix, which named a database no one had made.
 */
const RENAMED = 'SPINDLE_TEST_WORKER_DATABASE_URL';
if (worker !== undefined && configured && process.env[RENAMED] !== configured) {
  process.env.DATABASE_URL = databaseForWorker(configured, worker);
  process.env[RENAMED] = process.env.DATABASE_URL;
}

/** The database URL `url` with its database's name suffixed by the worker's number. */
export function databaseForWorker(url: string, worker: string): string {
  const u = new URL(url);
  u.pathname = `/${decodeURIComponent(u.pathname.slice(1))}_w${worker}`;
  return u.toString();
}

/** Creates this worker's database on the server if it is missing (nothing to do outside a parallel run on a server). */
export async function createWorkerDatabase(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (worker === undefined || !url) return;
  await onMaintenanceDatabase(url, async (admin, name) => {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  });
}

/**
 * Runs `sql` in a session on the server's `postgres` database (where databases are created and dropped), given the
 * name of the database `url` names.
 */
export async function onMaintenanceDatabase(url: string, sql: (admin: pg.Client, name: string) => Promise<void>): Promise<void> {
  const maintenance = new URL(url);
  const name = decodeURIComponent(maintenance.pathname.slice(1));
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await sql(admin, name);
  } finally {
    await admin.end();
  }
}
