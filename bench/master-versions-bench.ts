/*
 * Master versions benchmark: one master with N versions (2,000 by default: more than almost any master on Discogs
 * has) in a fresh database, imported from a generated releases dump through `ImportDump` as `spindle import` does,
 * then `GET /masters/{id}/versions`'s two reads timed through the catalogue reader: the facets (`filters`,
 * `filter_facets`: every facet counted under the other facets' filters) and a page of versions, without filters and
 * with a filter on each facet; p50 and p95 over the measured runs. The master's other work is the community figures
 * of one page (one indexed statement of 50 ids), which the benchmark leaves out.
 *
 *   node dist/bench/master-versions-bench.js [--versions 2000] [--runs 200] [--postgres URL]
 *
 * Without --postgres it runs on an embedded PGlite database in a temporary folder. The PostgreSQL database (its name
 * must contain "bench") is dropped and created.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Command } from 'commander';
import { XmlDumpReader } from '../adapters/catalogue/dump/xml-dump-reader.js';
import { catalogueWriterFor } from '../adapters/persistence/catalogue/catalogue-writer-for.js';
import { MikroOrmCatalogueReader } from '../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import { Database } from '../adapters/persistence/database.js';
import { ImportDump } from '../application/catalogue/import-dump.js';
import type { MasterVersionsQuery, VersionFilters } from '../application/catalogue/read-models.js';
import { discoverSchemas } from '../composition/modules.js';
import { recreateBenchDatabase } from './bench-database.js';

const program = new Command()
  .option('--versions <n>', 'versions of the master', (v) => Number(v), 2_000)
  .option('--runs <n>', 'measured runs of each read', (v) => Number(v), 200)
  .option('--warmup <n>', 'runs of each read before measuring', (v) => Number(v), 20)
  .option('--postgres <url>', 'a PostgreSQL database to drop, create and use (its name must contain "bench")');
program.parse();
const opts = program.opts<{ versions: number; runs: number; warmup: number; postgres?: string }>();

const MASTER = 1;
const FORMATS = [
  ['Vinyl', ['LP', 'Album']],
  ['Vinyl', ['LP', 'Album', 'Reissue', 'Remastered']],
  ['Vinyl', ['12"', 'Single', '45 RPM']],
  ['CD', ['Album']],
  ['CD', ['Album', 'Reissue', 'Remastered', 'Enhanced']],
  ['CD', ['Album', 'Limited Edition', 'Digipak']],
  ['Cassette', ['Album']],
  ['File', ['FLAC', 'Album']],
  ['Box Set', ['Compilation', 'Limited Edition', 'Numbered']],
] as const;
const COUNTRIES = ['US', 'UK', 'Germany', 'Europe', 'Japan', 'France', 'Netherlands', 'Italy', 'Russia', 'Brazil', 'Canada', 'Australia', 'Spain', 'Poland', 'Unknown'];
const LABELS = Array.from({ length: 300 }, (_, i) => `Label ${i}${i % 7 === 0 ? ` (${(i % 5) + 2})` : ''}`);
const COMPANIES = Array.from({ length: 120 }, (_, i) => `Pressing Plant ${i} GmbH`);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A releases dump of one master's versions, with formats, labels, companies, countries and dates spread over them. */
function dump(file: string, versions: number): void {
  const parts = ['<releases>'];
  for (let i = 0; i < versions; i++) {
    const id = i + 1;
    const [name, descriptions] = FORMATS[(i * 7) % FORMATS.length]!;
    const label = LABELS[(i * 13) % LABELS.length]!;
    const year = 1970 + ((i * 11) % 55);
    const released = i % 10 === 0 ? `${year}` : `${year}-${String((i % 12) + 1).padStart(2, '0')}-00`;
    parts.push(
      `<release id="${id}" status="Accepted"><artists><artist><id>1</id><name>The Band</name></artist></artists>` +
        `<title>The Work</title><labels><label name="${esc(label)}" catno="CAT ${id}" id="${1000 + ((i * 13) % LABELS.length)}"/></labels>` +
        `<formats><format name="${esc(name)}" qty="1" text=""><descriptions>${descriptions.map((d) => `<description>${esc(d)}</description>`).join('')}</descriptions></format></formats>` +
        `<genres><genre>Rock</genre></genres><country>${COUNTRIES[(i * 5) % COUNTRIES.length]}</country><released>${released}</released>` +
        `<master_id is_main_release="${i === 0}">${MASTER}</master_id>` +
        `<companies><company><id>${5000 + (i % COMPANIES.length)}</id><name>${esc(COMPANIES[i % COMPANIES.length]!)}</name><entity_type>17</entity_type><entity_type_name>Pressed By</entity_type_name></company></companies>` +
        `</release>`,
    );
  }
  parts.push('</releases>');
  fs.writeFileSync(file, zlib.gzipSync(parts.join('\n')));
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(label: string, read: () => Promise<unknown>): Promise<string> {
  for (let i = 0; i < opts.warmup; i++) await read();
  const ms: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const t0 = performance.now();
    await read();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return `${label.padEnd(44)} ${percentile(ms, 50).toFixed(2).padStart(8)} ${percentile(ms, 95).toFixed(2).padStart(8)}`;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-versions-bench-'));
  const file = path.join(dir, 'discogs_20990101_releases.xml.gz');
  dump(file, opts.versions);
  if (opts.postgres) await recreateBenchDatabase(opts.postgres);
  const db = await Database.open(
    opts.postgres ? { kind: 'server', url: opts.postgres } : { kind: 'embedded', dataDir: path.join(dir, 'db') },
    await discoverSchemas(),
  );
  try {
    await db.migrate();
    await new ImportDump(new XmlDumpReader({}), catalogueWriterFor(db), { now: () => new Date() }).execute({ source: file });
    const reader = new MikroOrmCatalogueReader(db.orm);
    const facets = await reader.masterVersionFacets(MASTER, {});
    const top = (facet: keyof typeof facets) => facets[facet][0]!.value;
    const cases: Array<[string, VersionFilters]> = [
      ['no filter', {}],
      [`format=${top('format')}`, { format: [top('format')] }],
      [`label=${top('label')}`, { label: [top('label')] }],
      [`country=${top('country')}&country=${facets.country[1]!.value}`, { country: [top('country'), facets.country[1]!.value] }],
      [`released=${top('released')}&format=CD`, { released: [top('released')], format: ['CD'] }],
    ];
    const lines = [
      `${opts.postgres ? 'PostgreSQL' : 'PGlite'}: one master with ${opts.versions} versions; ${opts.runs} runs after ${opts.warmup} (ms)`,
      `${'read'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)}`,
    ];
    for (const [label, filters] of cases) {
      lines.push(await time(`facets, ${label}`, () => reader.masterVersionFacets(MASTER, filters)));
      const query: MasterVersionsQuery = { page: 1, perPage: 50, sortOrder: 'asc', ...filters };
      lines.push(await time(`page of 50, ${label}`, () => reader.masterVersions(MASTER, query)));
    }
    lines.push(await time('most recent version', () => reader.mostRecentVersion(MASTER)));
    console.log(lines.join('\n'));
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
