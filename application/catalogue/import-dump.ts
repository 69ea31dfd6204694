import { MAX_CATALOGUE_ID } from '../../domain/catalogue/catalogue-ids.js';
import { Conflict } from '../errors.js';
import type { CatalogueWriter, DumpFileDate } from '../ports/catalogue-writer.js';
import type { Clock } from '../ports/clock.js';
import type { DumpKind, DumpPosition, DumpReader, SkippedRecords } from '../ports/dump-reader.js';

/**
 * What importing one dump file did. `records` counts the records written (`inserted + updated + unchanged`);
 * `skipped` the records left out for want of a valid id. `warnings` tell an operator what to look at (records
 * skipped, the first few of them; a name without a dump date), in a few short lines. `seconds` is the wall time from
 * opening the file to the commit.
 */
export interface ImportSummary {
  readonly file: string;
  readonly kind: DumpKind;
  readonly records: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly warnings: readonly string[];
  readonly seconds: number;
}

/** Progress of an import, reported after each batch has been read. */
export interface ImportProgress extends DumpPosition {
  readonly file: string;
  readonly kind: DumpKind;
  readonly records: number;
}

/** A file to import and, optionally, who to tell about progress. */
export interface ImportDumpInput {
  /** The dump file to import (`.xml` or gzip-compressed; the kind is read from the root element). */
  readonly source: string;
  /** Import a dump older than the newest one of its kind already imported (refused otherwise). */
  readonly force?: boolean;
  readonly onProgress?: (progress: ImportProgress) => void;
}

/**
 * The day a dump was made, from the name Discogs gives its files (`discogs_20200806_releases.xml.gz` → `2020-08-06`),
 * or null when the name is not of that form for a dump of this kind, or names no real day.
 */
export function dumpFileDate(name: string, kind: DumpKind): string | null {
  const m = /^discogs_(\d{4})(\d{2})(\d{2})_([a-z]+)\.xml(?:\.gz)?$/.exec(name);
  if (!m || m[4] !== kind) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (days === undefined || day < 1 || day > days) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * Imports one Discogs data dump file into the catalogue, in one transaction: records are upserted by id, so importing
 * a newer dump updates records in place, and the derived lists are complete when it returns. When the file turns out
 * to be bad part-way, the transaction is rolled back, the catalogue is exactly as it was before, and `InvalidDump` is
 * thrown. Records without a valid id are skipped and reported in the summary.
 *
 * The day of each dated file (see `dumpFileDate`) is recorded with its records. A file older than the newest of its
 * kind imported before would replace newer records with older ones: it is refused with `Conflict` before anything is
 * written, unless `force` is set. The same day again is a re-import, and allowed. A file whose name has no date is
 * imported unchecked and not recorded (the summary says so).
 */
export class ImportDump {
  constructor(
    private readonly reader: DumpReader,
    private readonly writer: CatalogueWriter,
    private readonly clock: Clock,
  ) {}

  async execute(input: ImportDumpInput): Promise<ImportSummary> {
    const started = this.clock.now().getTime();
    const dump = await this.reader.open(input.source);
    try {
      const date = dumpFileDate(dump.name, dump.kind);
      const dated: DumpFileDate | undefined = date === null ? undefined : { file: dump.name, date };
      const warnings: string[] = [];
      if (!dated) {
        warnings.push(
          `the name has no dump date (discogs_YYYYMMDD_${dump.kind}.xml[.gz]): not checked against the ` +
            `${dump.kind} dumps imported before, and not recorded`,
        );
      }
      const session = await this.writer.begin(dump.kind, dated);
      let records = 0;
      try {
        if (dated) {
          const latest = await session.latestDump();
          if (latest && dated.date < latest.date) {
            if (!input.force) throw olderDump(dump.kind, dated, latest);
            warnings.push(`imported with --force although older than ${latest.file} (${latest.date})`);
          }
        }
        for await (const batch of dump.batches(session.encoder)) {
          await session.write(batch);
          records += 'records' in batch ? batch.records.length : batch.count;
          input.onProgress?.({ file: dump.name, kind: dump.kind, records, ...dump.position() });
        }
        const counts = await session.commit();
        const skipped = dump.skipped();
        return {
          file: dump.name,
          kind: dump.kind,
          records,
          ...counts,
          skipped: skipped.count,
          warnings: [...skippedWarnings(skipped), ...warnings],
          seconds: (this.clock.now().getTime() - started) / 1000,
        };
      } catch (err) {
        // The reason the import failed matters more than a failure to roll back (which leaves nothing committed).
        await session.rollback().catch(() => undefined);
        throw err;
      }
    } finally {
      await dump.close();
    }
  }
}

function olderDump(kind: DumpKind, file: DumpFileDate, latest: DumpFileDate): Conflict {
  return new Conflict(
    `${file.file} (${file.date}) is older than ${latest.file} (${latest.date}), the newest ${kind} dump imported: ` +
      'importing it would replace newer records with older ones. Use --force to import it anyway.',
  );
}

/**
 * "record 17 (line 45) has no valid id ("abc"); skipped", or for an id too large to store "record 17 (line 40): id
 * 3000000000 is beyond the largest id this catalogue stores (2147483647); skipped", for the first few, then how many
 * more.
 */
function skippedWarnings(skipped: SkippedRecords): string[] {
  const lines = skipped.first.map((s) => {
    const where = s.line === undefined ? '' : ` (line ${s.line})`;
    const digits = s.id.trim();
    if (/^[0-9]+$/.test(digits) && Number(digits) > MAX_CATALOGUE_ID) {
      const why = `id ${digits} is beyond the largest id this catalogue stores (${MAX_CATALOGUE_ID})`;
      return `record ${s.record}${where}: ${why}; skipped`;
    }
    const why = s.id === '' ? 'has no id' : `has no valid id (${JSON.stringify(s.id)})`;
    return `record ${s.record}${where} ${why}; skipped`;
  });
  const more = skipped.count - skipped.first.length;
  if (more > 0) lines.push(`${more} more record${more === 1 ? '' : 's'} without a valid id skipped`);
  return lines;
}
