/*
 * What converting a catalogue's release templates from text to the packed form would cost (ADR 0066 chose not to
 * convert in the migration; this measures the alternative): reads `document` in batches by id, packs each template
 * in this process, writes `packed_document` back and empties `document`, in one transaction per batch, and prints the
 * time and this process's CPU per 100,000 rows. It changes the database: run it on a copy.
 *
 *   node dist/bench/pack-release-documents.js postgres://…/a_bench_copy [--batch 1000] [--limit 100000]
 */
import { Command } from 'commander';
import pg from 'pg';
import { packReleaseDocument } from '../adapters/persistence/catalogue/release-document-packing.js';

const program = new Command()
  .argument('<url>', 'the database (its name must contain "bench")')
  .option('--batch <n>', 'rows per statement', (v) => Number(v), 1_000)
  .option('--limit <n>', 'rows to convert at most', (v) => Number(v), Infinity)
  .parse();
const [url] = program.args as [string];
const opts = program.opts<{ batch: number; limit: number }>();
if (!/bench/.test(new URL(url).pathname)) throw new Error('the database name must contain "bench"');

const client = new pg.Client({ connectionString: url });
await client.connect();
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let packCpu = 0;
let done = 0;
let after = 0;
while (done < opts.limit) {
  const { rows } = await client.query<{ id: number; document: string }>(
    'select id, document from release where id > $1 and document is not null order by id limit $2',
    [after, Math.min(opts.batch, opts.limit - done)],
  );
  if (rows.length === 0) break;
  const p0 = process.cpuUsage();
  const packed = rows.map((r) => packReleaseDocument(Buffer.from(r.document, 'utf8')));
  const p = process.cpuUsage(p0);
  packCpu += p.user + p.system;
  await client.query(
    'update release r set packed_document = p.packed, document = null from unnest($1::int4[], $2::bytea[]) as p(id, packed) where r.id = p.id',
    [rows.map((r) => r.id), packed],
  );
  done += rows.length;
  after = rows[rows.length - 1]!.id;
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const per100k = (v: number) => ((v * 100_000) / Math.max(done, 1)).toFixed(1);
console.log(
  `${done} rows in ${seconds.toFixed(1)} s: ${per100k(seconds)} s per 100,000 rows; this process's CPU ` +
    `${per100k((cpu.user + cpu.system) / 1e6)} s per 100,000 (packing ${per100k(packCpu / 1e6)} s)`,
);
await client.end();
