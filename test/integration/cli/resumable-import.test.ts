import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { DataFolderLocked, Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { discoverSchemas } from '../../../composition/modules.js';
import { ensureSyntheticDumps } from '../../../bench/synthetic-dumps.js';
import { rowsOf, tableDigests } from '../../support/table-digests.js';
import { commandPlace, runSpindle, runSpindleInProcess, startSpindle, type CommandPlace, type Run } from '../../support/spindle-cli.js';

/**
 * `spindle import` killed with SIGKILL part-way through a releases file, then run again with the same command: it
 * resumes after the last checkpoint, leaves alone what was committed, and ends with every table exactly as one
 * uninterrupted import makes it (ADR 0065).
 */

/** Releases' ids are spread this far apart, so that a block of the search index (16,384 ids) holds 512 of them. */
const SPREAD = 32;
/** Six blocks of releases: the import is killed after two are committed, four left for the import run again. */
const RELEASES = 3_000;
/** Records between checkpoints (a checkpoint at the first block boundary after them: every block here). */
const EVERY = 400;

/** Columns that differ between two imports of the same files: when it happened, and the serial of `dump_import`. */
const TIMES = new Set(['date_added', 'date_changed', 'imported_at', 'saved_at', 'finished_at']);

type Digests = Record<string, string>;

/**
 * Opens the place's database for `work`. An embedded data folder whose process was killed stays locked until the lock
 * is stale (15 s: ADR 0002), as it does for an operator: opening it is tried again until then (`ageLeftLock` below
 * has made it so).
 */
async function withDatabase<T>(place: CommandPlace, work: (db: Database) => Promise<T>): Promise<T> {
  const url = place.env.DATABASE_URL;
  const location = url ? { kind: 'server' as const, url } : { kind: 'embedded' as const, dataDir: place.env.DATA_DIR! };
  const schemas = await discoverSchemas();
  let db: Database | undefined;
  for (const until = Date.now() + 30_000; !db; ) {
    try {
      db = await Database.open(location, schemas);
    } catch (err) {
      if (!(err instanceof DataFolderLocked) || Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * The lock a killed `spindle import` leaves in an embedded data folder (ADR 0002): checked to be there, then dated
 * back past the 15 s after which it is stale, as waiting them out would leave it, so that the next open takes the
 * stale lock over at once rather than after the wait. (No lock on a server.)
 */
function ageLeftLock(place: CommandPlace): void {
  const dataDir = place.env.DATA_DIR;
  if (place.env.DATABASE_URL || !dataDir) return;
  const lock = path.join(dataDir, 'spindle.lock');
  expect(fs.existsSync(lock), 'the killed import’s lock in its data folder').to.equal(true);
  const stale = new Date(Date.now() - 60_000);
  fs.utimesSync(lock, stale, stale);
}

const sql = <T = Record<string, unknown>>(db: Database, text: string): Promise<T[]> => query<T>(db.orm, text);

/**
 * Every table of the database as a count and a digest of its rows (their text, sorted), timestamps left out; and the
 * definition of every index, so that indexes left out during the import are seen built again.
 */
const digests = (db: Database): Promise<Digests> =>
  tableDigests(rowsOf(db), {
    skipTable: (table) => table === 'mikro_orm_migrations',
    skipColumn: (table, column) => TIMES.has(column) || (table === 'dump_import' && column === 'id'),
    indexes: true,
  });

/** A copy of a synthetic dump with each release id (and each master's main release) multiplied by `SPREAD`. */
function spread(from: string, to: string, pattern: RegExp): void {
  const text = zlib.gunzipSync(fs.readFileSync(from)).toString('utf8');
  fs.writeFileSync(to, zlib.gzipSync(text.replace(pattern, (m, id: string) => m.replace(id, String(Number(id) * SPREAD)))));
}

describe('spindle import killed part-way and run again (ADR 0065)', function () {
  this.timeout(600_000);
  let dir: string;
  let files: Record<'labels' | 'artists' | 'masters' | 'releases', string>;

  before(async () => {
    const dumps = await ensureSyntheticDumps({ labels: 400, artists: 400, masters: 400, releases: RELEASES }, ['labels', 'artists', 'masters', 'releases'], () => undefined);
    dir = fs.mkdtempSync(path.join(dumps.dir, 'resumable-'));
    const name = (kind: string): string => path.join(dir, `discogs_20990101_${kind}.xml.gz`);
    fs.copyFileSync(dumps.files.labels, name('labels'));
    fs.copyFileSync(dumps.files.artists, name('artists'));
    spread(dumps.files.masters, name('masters'), /<main_release>(\d+)<\/main_release>/g);
    spread(dumps.files.releases, name('releases'), /<release id="(\d+)"/g);
    files = { labels: name('labels'), artists: name('artists'), masters: name('masters'), releases: name('releases') };
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const spindle = (place: CommandPlace, ...args: string[]): Promise<Run> => runSpindle(place, args);

  it('resumes after the last checkpoint and ends with the tables of an uninterrupted import', async () => {
    // The command an operator runs, and runs again after the stop.
    const command = ['import', `--checkpoint-every=${EVERY}`, files.labels, files.artists, files.masters, files.releases];

    const whole = await commandPlace('spindle-resumable-whole-');
    let expected: Digests;
    try {
      // The uninterrupted import to compare with, in this process (`runCli`: the same program).
      const run = await runSpindleInProcess(whole, command);
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stdout).to.match(/releases committed \(checkpoint\)/);
      expected = await withDatabase(whole, digests);
    } finally {
      fs.rmSync(whole.dir, { recursive: true, force: true });
    }

    const place = await commandPlace('spindle-resumable-killed-');
    try {
      // Killed once a third of the releases or more are committed.
      const child = startSpindle(place, command);
      child.stdin.end();
      let out = '';
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
      child.stdout.on('data', (d: Buffer) => {
        out += d;
        const committed = [...out.matchAll(/: ([\d,]+) releases committed \(checkpoint\)/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
        if (committed.some((n) => n >= RELEASES / 3)) child.kill('SIGKILL');
      });
      expect(await exited, `${out}\n${err}`).to.equal('SIGKILL');
      expect(out, 'the import had finished').not.to.match(/releases in/);
      ageLeftLock(place);

      const stopped = await withDatabase(place, async (db) => {
        const [cp] = await sql<{ records: number }>(db, `SELECT records FROM import_checkpoint WHERE kind = 'releases'`);
        // The rows committed, each with the transaction that wrote it.
        const [rows] = await sql<{ n: number; xmins: string }>(
          db,
          `SELECT count(*)::int AS n, md5(string_agg(id || ':' || xmin::text, ',' ORDER BY id)) AS xmins FROM release`,
        );
        return { records: cp!.records, rows: rows! };
      });
      expect(stopped.records).to.be.at.least(RELEASES / 3).and.below(RELEASES);
      expect(stopped.rows.n).to.equal(stopped.records);

      const again = await spindle(place, ...command);
      expect(again.code, again.stderr).to.equal(0);
      for (const kind of ['labels', 'artists', 'masters']) {
        expect(again.stdout).to.match(
          new RegExp(`^discogs_20990101_${kind}\\.xml\\.gz: already imported \\(finished [\\dT:Z-]+\\); left alone \\(--restart imports it again\\)$`, 'm'),
        );
      }
      const n = stopped.records.toLocaleString('en-US');
      expect(again.stdout).to.match(
        new RegExp(`^discogs_20990101_releases\\.xml\\.gz: resuming after ${n} releases committed by an import stopped part-way \\(checkpoint of \\d{4}-\\d\\d-\\d\\dT[\\d:]+Z\\)$`, 'm'),
      );
      expect(again.stdout).to.match(
        new RegExp(`releases\\.xml\\.gz: ${RELEASES.toLocaleString('en-US')} releases in [\\d.]+ s \\([\\d,]+/s\\): ${RELEASES.toLocaleString('en-US')} new, 0 changed, 0 unchanged, resumed after ${n}$`, 'm'),
      );

      await withDatabase(place, async (db) => {
        // What was committed before the kill was not written again.
        const [kept] = await sql<{ xmins: string }>(
          db,
          `SELECT md5(string_agg(id || ':' || xmin::text, ',' ORDER BY id)) AS xmins FROM release WHERE id <= ${stopped.records * SPREAD}`,
        );
        expect(kept!.xmins).to.equal(stopped.rows.xmins);
        const actual = await digests(db);
        expect(actual['import_checkpoint']).to.match(/^4 /);
        expect(actual['import_saved_late_link']).to.equal('0 -');
        // The links held back through the releases file (versions of masters whose main release comes later) went
        // with it, space and all: truncated, not left as dead rows and index entries until a vacuum.
        const [held] = await sql<{ bytes: number }>(
          db,
          `SELECT (pg_relation_size('import_saved_late_link') + pg_indexes_size('import_saved_late_link'))::int AS bytes`,
        );
        expect(held!.bytes).to.be.below(8192 * 2);
        expect(actual['import_saved_touched_artist']).to.equal('0 -');
        const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
        expect(tables.filter((t) => actual[t] !== expected[t]), 'tables that differ').to.deep.equal([]);
      });
    } finally {
      fs.rmSync(place.dir, { recursive: true, force: true });
    }
  });
});
