import pg from 'pg';

/** The database a URL names. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/**
 * The benchmarks drop and create their database: they only ever do it to one whose name says it is a benchmark's,
 * so that a mistyped URL cannot empty a real one.
 */
export function assertBenchDatabase(url: string): void {
  const name = databaseName(url);
  if (!/bench/i.test(name)) {
    throw new Error(`refusing to drop and create the database "${name}": the benchmarks only do that to databases whose name contains "bench"`);
  }
}

function adminUrl(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops (when it exists) and creates the bench database named by `url`, then checkpoints. */
export async function recreateBenchDatabase(url: string): Promise<void> {
  assertBenchDatabase(url);
  const name = databaseName(url);
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quote(name)}`);
    // So that writing out an earlier run's dirty pages does not fall into this one.
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/** Whether the database named by `url` exists (asked of the server's `postgres` database). */
export async function databaseExists(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [databaseName(url)]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}
