import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Database } from '../../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../../composition/modules.js';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { clientRowsOf, tableDigests } from '../../support/table-digests.js';
import { openTestDatabase } from '../../support/test-database.js';

/** Each table's row count and a digest of its rows: two databases with equal figures hold the same rows. */
async function contents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await tableDigests(clientRowsOf(client));
  } finally {
    await client.end();
  }
}

/** The URL of another database on the same server. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The operator guide's backup and restore ("Backups and restore"), done as written: `pg_dump --format=custom` of the
 * database and a tar of the image and file folders, restored with `pg_restore --no-owner` into a fresh database and
 * unpacked into fresh folders; the restored database holds the same rows in every table, and this version finds no
 * migration to apply. On a PostgreSQL server only (`DATABASE_URL`), with Debian's postgresql-client on the PATH.
 */
describe('Backup and restore (PostgreSQL: pg_dump, pg_restore, the folders)', function () {
  this.timeout(120_000);
  const url = process.env.DATABASE_URL;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-backup-'));
  let db: Database | undefined;
  let restoreUrl: string;

  before(async function () {
    if (!url) this.skip();
    db = await openTestDatabase(CATALOGUE_FIXTURES);
    restoreUrl = withDatabase(url!, `${new URL(url!).pathname.slice(1)}_restore`);
  });

  after(async () => {
    await db?.close();
    if (restoreUrl) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists "${new URL(restoreUrl).pathname.slice(1)}"`);
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('restores the database into a fresh one with every row, migrated as this version expects, and the folders whole', async () => {
    const dump = path.join(work, 'spindle.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, url!]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = new URL(restoreUrl).pathname.slice(1);
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    await admin.end();
    execFileSync('pg_restore', ['--no-owner', `--dbname=${restoreUrl}`, dump]);

    const original = await contents(url!);
    expect(Object.keys(original)).to.include.members(['release', 'job', 'mikro_orm_migrations']);
    expect(original.release).to.not.match(/^0 /);
    expect(await contents(restoreUrl)).to.deep.equal(original);
    const restored = await Database.open({ kind: 'server', url: restoreUrl }, schemaOf(await discoverModules()));
    try {
      expect(await restored.pendingMigrations()).to.deep.equal([]);
    } finally {
      await restored.close();
    }

    const data = path.join(work, 'data');
    fs.mkdirSync(path.join(data, 'images', 'release', '10'), { recursive: true });
    fs.mkdirSync(path.join(data, 'files', 'inventory-export'), { recursive: true });
    fs.writeFileSync(path.join(data, 'images', 'release', '10', '0.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    fs.writeFileSync(path.join(data, 'files', 'inventory-export', '7.csv'), 'listing_id,price\n1,9.99\n');
    const archive = path.join(work, 'files.tar.gz');
    execFileSync('tar', ['-C', data, '-czf', archive, 'images', 'files']);
    const fresh = path.join(work, 'fresh');
    fs.mkdirSync(fresh);
    execFileSync('tar', ['-C', fresh, '-xzf', archive]);
    for (const file of ['images/release/10/0.png', 'files/inventory-export/7.csv']) {
      expect(fs.readFileSync(path.join(fresh, file)).equals(fs.readFileSync(path.join(data, file))), file).to.equal(true);
    }
  });
});
