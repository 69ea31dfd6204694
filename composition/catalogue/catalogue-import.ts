import fs from 'node:fs';
import cliProgress from 'cli-progress';
import type { CatalogueSamples } from '../../application/ports/catalogue-samples.js';
import type { ImportDump, ImportProgress, ImportStart, ImportSummary } from '../../application/catalogue/import-dump.js';
import { DUMP_KINDS } from '../../application/ports/dump-reader.js';
import { demoDataDir } from '../demo-data.js';

export type { ImportSummary } from '../../application/catalogue/import-dump.js';

export interface ImportOptions {
  /**
   * What shows while a file imports: a progress bar (records, records/s, share of the file read) on stderr, or
   * nothing. `log` gets one summary line per file in every mode.
   */
  readonly progress: 'bar' | 'line' | 'none';
  /** Import a dump older than the newest of its kind already imported (see `ImportDump`). */
  readonly force?: boolean;
  /** Start each file over even when a stopped import of it left a checkpoint (see `ImportDump`). */
  readonly restart?: boolean;
  /** Leave alone each file that is the last of its kind imported, and finished (see `ImportDumpInput.skipImported`). */
  readonly skipImported?: boolean;
  readonly log?: (line: string) => void;
}

/**
 * Imports dump files in the order given, each in its own transaction. Stops at the first bad file (throwing its
 * `InvalidDump`), leaving the files before it imported and the database as it was before the bad one.
 */
export async function importFiles(useCase: ImportDump, files: string[], options: ImportOptions): Promise<ImportSummary[]> {
  const summaries: ImportSummary[] = [];
  for (const file of files) {
    const bar = options.progress === 'bar' ? new ProgressBar() : undefined;
    // Without a bar, a line per checkpoint committed.
    let committed = 0;
    const lines = (p: ImportProgress): void => {
      if (p.committed <= committed) return;
      options.log?.(`${p.file}: ${p.committed.toLocaleString('en-US')} ${p.kind} committed (checkpoint)`);
      committed = p.committed;
    };
    let summary: ImportSummary;
    try {
      summary = await useCase.execute({
        source: file,
        force: options.force,
        restart: options.restart,
        skipImported: options.skipImported,
        onStart: (start) => {
          committed = start.resumedAfter;
          const line = startLine(start);
          if (line) options.log?.(line);
        },
        onProgress: bar ? (p) => bar.update(p) : options.progress === 'line' ? lines : undefined,
      });
    } finally {
      bar?.stop();
    }
    summaries.push(summary);
    options.log?.(summaryLine(summary));
  }
  return summaries;
}

/**
 * "x.xml.gz: resuming after 150,000 releases committed by an import stopped part-way (checkpoint of
 * 2026-12-07T19:01:02Z)", or "x.xml.gz: starting over (dropped the checkpoint of an unfinished import of y.xml.gz)",
 * or nothing for an import from the start with no checkpoint about.
 */
export function startLine(s: ImportStart): string | undefined {
  if (s.resumedAfter > 0) {
    return (
      `${s.file}: resuming after ${s.resumedAfter.toLocaleString('en-US')} ${s.kind} committed by an import stopped ` +
      `part-way (checkpoint of ${s.checkpointSavedAt})`
    );
  }
  if (s.droppedCheckpoint !== undefined) {
    return `${s.file}: starting over (dropped the checkpoint of an unfinished import of ${s.droppedCheckpoint})`;
  }
  return undefined;
}

/**
 * "x.xml.gz: 1,000 releases in 0.4 s (2,500/s): 1,000 new, 0 changed, 0 unchanged[, 2 skipped][, resumed after
 * 600]", then a line per warning. A resumed import's rate counts the records this run wrote. A file left alone:
 * "x.xml.gz: already imported (finished 2026-12-07T19:01:02Z); left alone (--restart imports it again)".
 */
export function summaryLine(s: ImportSummary): string {
  if (s.alreadyImported !== undefined) {
    return `${s.file}: already imported (finished ${s.alreadyImported}); left alone (--restart imports it again)`;
  }
  const n = (x: number): string => x.toLocaleString('en-US');
  const written = s.records - s.resumedAfter;
  const rate = s.seconds > 0 ? Math.round(written / s.seconds) : written;
  const skipped = s.skipped > 0 ? `, ${n(s.skipped)} skipped` : '';
  const resumed = s.resumedAfter > 0 ? `, resumed after ${n(s.resumedAfter)}` : '';
  const line =
    `${s.file}: ${n(s.records)} ${s.kind} in ${s.seconds.toFixed(1)} s (${n(rate)}/s): ` +
    `${n(s.inserted)} new, ${n(s.updated)} changed, ${n(s.unchanged)} unchanged${skipped}${resumed}`;
  return [line, ...s.warnings.map((w) => `  warning: ${w}`)].join('\n');
}

/**
 * Imports the bundled demo data (the 2020 samples in `composition/demo-data/`: artists, labels, masters, releases)
 * when the catalogue has no release yet. Returns whether it imported.
 */
export async function seedDemoData(samples: CatalogueSamples, useCase: ImportDump, options: ImportOptions): Promise<boolean> {
  if (await samples.hasReleases()) return false;
  await importFiles(useCase, demoDataFiles(), options);
  return true;
}

/**
 * The demo dump files, artists first and releases last: of each kind the sample, then the records derived from the
 * samples in `derived/` when there are any (the masters of the sample releases, which the masters sample lacks, so a
 * demo master has its versions: see scripts/derive-demo-masters.py).
 */
export function demoDataFiles(): string[] {
  const dir = demoDataDir();
  const derived = `${dir}derived/`;
  const names = fs.readdirSync(dir);
  const derivedNames = fs.existsSync(derived) ? fs.readdirSync(derived) : [];
  const ofKind = (kind: string) => (n: string) => new RegExp(`_${kind}\\.xml(\\.gz)?$`).test(n);
  return DUMP_KINDS.flatMap((kind) => {
    const name = names.find(ofKind(kind));
    if (!name) throw new Error(`The demo data folder ${dir} has no ${kind} dump`);
    return [dir + name, ...derivedNames.filter(ofKind(kind)).map((n) => derived + n)];
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
