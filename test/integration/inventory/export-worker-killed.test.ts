import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { Caller } from '../../../application/shared/caller.js';
import { INVENTORY } from '../../../composition/inventory/inventory-tokens.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { makeSeller } from '../../support/listing-fixtures.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

const LISTINGS = 300_000;

/** Polls until `ready` is true (every 20 ms), failing after `ms`. */
async function until(ready: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/*
 * A `spindle worker` process killed (SIGKILL) while it writes an export's file, then another worker: the job is taken
 * again once its lease is over, the file is written whole under the same name, and the dead worker's temporary file
 * is swept. PostgreSQL only: the embedded database admits one process, so no second one can run a worker beside it.
 */
describe('An inventory export whose worker is killed mid-file', function () {
  this.timeout(120_000);
  let db: Database;
  let container: Container;
  let fileDir: string;
  let scratch: string;

  before(async function () {
    if (!process.env.DATABASE_URL) this.skip();
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-killed-export-'));
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-killed-worker-'));
    db = await openTestDatabase();
    container = testContainer(db, { FILE_DIR: fileDir });
  });
  after(async () => {
    await db?.close();
    for (const dir of [fileDir, scratch]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is taken again after its lease and finishes with the whole file', async () => {
    await emptyIdentity(db);
    const sam = await aUser(container, 'sam');
    await makeSeller(container, sam.id, 'USD');
    await container.get(PERSISTENCE.UnitOfWork).run(async () => {
      await query(db.orm, 'set local session_replication_role = replica');
      await query(
        db.orm,
        `insert into listing (seller_id, release_id, status, condition, price_minor, currency, comments, allow_offers, posted, updated)
         select ?, 1 + i % 1000, 'For Sale', 'Good (G)', 100 + i, 'USD', 'copy ' || i || ', "as is"', false, now(), now()
         from generate_series(1, ?) as i`,
        [sam.id, LISTINGS],
      );
    });
    const caller: Caller = { kind: 'user', userId: String(sam.id), username: 'sam', via: 'token' };
    const asked = await container.get(INVENTORY.RequestExport).execute({ caller });
    const folder = path.join(fileDir, 'inventory-export');
    const parts = () => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.part')) : []);

    const worker = spawn(process.execPath, [path.join(REPO_ROOT, 'dist/composition/cli.js'), 'worker'], {
      cwd: scratch,
      env: { ...process.env, FILE_DIR: fileDir, JOB_POLL_MS: '50', LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    try {
      await until(() => parts().some((f) => fs.statSync(path.join(folder, f)).size > 0), 60_000, 'the worker to be writing the file');
    } finally {
      worker.kill('SIGKILL');
      await exited;
    }

    const dead = (await container.get(JOBS.Queue).byId(asked.id))!;
    expect(dead).to.deep.include({ status: 'processing', attempts: 1 });
    expect(fs.existsSync(path.join(folder, `${asked.id}.csv`)), 'a file under the final name').to.equal(false);
    expect(parts()).to.have.length(1);

    // The lease runs out (without waiting for it: JOB_LEASE_SECONDS is the worker's), and another worker takes the job.
    await query(db.orm, `update job set lease_until = now() - interval '1 second' where id = ?`, [asked.id]);
    const taken = await container.get(JOBS.Worker).runOnce();
    expect(taken!.id).to.equal(asked.id);
    const done = (await container.get(JOBS.Queue).byId(asked.id))!;
    expect(done).to.deep.include({ status: 'success', attempts: 2 });
    expect(done.result).to.deep.equal({ filename: asked.filename, rows: LISTINGS });
    const rows = parse(fs.readFileSync(path.join(folder, `${asked.id}.csv`), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).to.have.length(LISTINGS);
    expect(rows.at(-1)!.comments).to.equal(`copy ${LISTINGS}, "as is"`);

    // The dead worker's temporary file goes with the sweep once it is old enough; the finished file stays until then.
    expect(await container.get(INVENTORY.ExpireExports).execute(new Date())).to.equal(0);
    const later = new Date(Date.now() + 169 * 3_600_000);
    expect(await container.get(INVENTORY.ExpireExports).execute(later)).to.equal(2);
    expect(fs.readdirSync(folder)).to.deep.equal([]);
  });
});
