import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import cliProgress from 'cli-progress';
import { XmlDumpReader } from '../../adapters/catalogue/dump/xml-dump-reader.js';
import { catalogueWriterFor } from '../../adapters/persistence/catalogue/catalogue-writer-for.js';
import type { Database } from '../../adapters/persistence/database.js';
import { SystemClock } from '../../adapters/system/system-clock.js';
import { ImportDump, type ImportProgress, type ImportSummary } from '../../application/catalogue/import-dump.js';
import { DUMP_KINDS } from '../../application/ports/dump-reader.js';

export { catalogueWriterFor };

export type { ImportSummary } from '../../application/catalogue/import-dump.js';

export interface ImportOptions {
  /**
   * What shows while a file imports: a progress bar (records, records/s, share of the file read) on stderr, or
   * nothing. `log` gets one summary line per file in every mode.
   */
  readonly progress: 'bar' | 'line' | 'none';
  readonly log?: (line: string) => void;
}

/** The import use case on a database, built as the catalogue module binds it (for tests and the benchmark). */
export function importDumpFor(db: Database): ImportDump {
  return new ImportDump(new XmlDumpReader(), catalogueWriterFor(db), new SystemClock());
}

/** `importFiles` with the use case built for `db` (see `importDumpFor`). */
export function runImport(db: Database, files: string[], options: ImportOptions): Promise<ImportSummary[]> {
  return importFiles(importDumpFor(db), files, options);
}

/**
 * Imports dump files in the order given, each in its own transaction. Stops at the first bad file (throwing its
 * `InvalidDump`), leaving the files before it imported and the database as it was before the bad one.
 */
export async function importFiles(useCase: ImportDump, files: string[], options: ImportOptions): Promise<ImportSummary[]> {
  const summaries: ImportSummary[] = [];
  for (const file of files) {
    const bar = options.progress === 'bar' ? new ProgressBar() : undefined;
    let summary: ImportSummary;
    try {
      summary = await useCase.execute({ source: file, onProgress: bar && ((p) => bar.update(p)) });
    } finally {
      bar?.stop();
    }
    summaries.push(summary);
    options.log?.(summaryLine(summary));
  }
  return summaries;
}

/** "releases_2020.xml.gz: 1,000 releases in 0.4 s (2,500/s): 1,000 new, 0 changed, 0 unchanged" */
export function summaryLine(s: ImportSummary): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const rate = s.seconds > 0 ? Math.round(s.records / s.seconds) : s.records;
  return (
    `${s.file}: ${n(s.records)} ${s.kind} in ${s.seconds.toFixed(1)} s (${n(rate)}/s): ` +
    `${n(s.inserted)} new, ${n(s.updated)} changed, ${n(s.unchanged)} unchanged`
  );
}

/**
 * Imports the bundled demo data (the 2020 samples in `composition/demo-data/`: artists, labels, masters, releases)
 * when the catalogue has no release yet. Returns whether it imported.
 */
export async function seedDemoData(db: Database, options: ImportOptions, useCase: ImportDump = importDumpFor(db)): Promise<boolean> {
  const rows = await db.orm.em.fork().getConnection().execute<{ found: boolean }[]>(
    'select exists (select 1 from release) as found',
  );
  if (rows[0]?.found) return false;
  await importFiles(useCase, demoDataFiles(), options);
  return true;
}

/** The demo dump files, artists first and releases last, found from the source or the compiled (dist/) layout. */
export function demoDataFiles(): string[] {
  const candidates = ['../../../composition/demo-data/', '../demo-data/'].map((rel) =>
    fileURLToPath(new URL(rel, import.meta.url)),
  );
  const dir = candidates.find((d) => fs.existsSync(d));
  if (!dir) throw new Error(`The demo data folder is missing (looked in ${candidates.join(', ')})`);
  const names = fs.readdirSync(dir);
  return DUMP_KINDS.map((kind) => {
    const name = names.find((n) => new RegExp(`_${kind}\\.xml(\\.gz)?$`).test(n));
    if (!name) throw new Error(`The demo data folder ${dir} has no ${kind} dump`);
    return dir + name;
  });
}

class ProgressBar {
  private readonly bar = new cliProgress.SingleBar(
    {
      format: '{file} [{bar}] {percentage}% | {records} {kind} | {speed} {kind}/s | {duration_formatted}',
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  private readonly started = Date.now();
  private running = false;

  update(p: ImportProgress): void {
    const seconds = (Date.now() - this.started) / 1000;
    const payload = {
      file: p.file,
      kind: p.kind,
      records: p.records.toLocaleString('en-US'),
      speed: seconds > 0 ? Math.round(p.records / seconds).toLocaleString('en-US') : '0',
    };
    if (!this.running) {
      this.bar.start(Math.max(p.totalBytes, 1), p.bytesRead, payload);
      this.running = true;
    } else {
      this.bar.update(p.bytesRead, payload);
    }
  }

  stop(): void {
    if (this.running) this.bar.stop();
  }
}
