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
  /**
   * The records at the head of the file an earlier, stopped import of it had committed (0 when the import did not
   * resume): they were left out, and the counts cover them too. `seconds` is this run's time.
   */
  readonly resumedAfter: number;
  /**
   * When the file was left alone because it is the last file of its kind imported, and that import finished (ISO
   * 8601 time it finished; see `ImportDumpInput.skipImported`): the counts are then 0.
   */
  readonly alreadyImported?: string;
}

/** How an import starts: resuming a stopped import of the same file, or over a checkpoint of another file dropped. */
export interface ImportStart {
  readonly file: string;
  readonly kind: DumpKind;
  /** The records committed by the stopped import (0: from the start). */
  readonly resumedAfter: number;
  /** When that checkpoint was committed (ISO 8601), when resuming. */
  readonly checkpointSavedAt?: string;
  /** The file of the checkpoint dropped (another file of the kind, or `restart`), if one was. */
  readonly droppedCheckpoint?: string;
}

/**
 * Progress of an import, reported after each batch has been read: the records read, and of them the records committed
 * (by the writer's last checkpoint, or by the stopped import this one resumes; see `CatalogueWriteSession.committed`).
 */
export interface ImportProgress extends DumpPosition {
  readonly file: string;
  readonly kind: DumpKind;
  readonly records: number;
  readonly committed: number;
}

/** A file to import and, optionally, who to tell about progress. */
export interface ImportDumpInput {
  /** The dump file to import (`.xml` or gzip-compressed; the kind is read from the root element). */
  readonly source: string;
  /** Import a dump older than the newest one of its kind already imported (refused otherwise). */
  readonly force?: boolean;
  /** Start over even if a stopped import of this same file left a checkpoint (see `ImportDump`). */
  readonly restart?: boolean;
  /**
   * Leave the file alone when it is the very file (same identity) the last finished import of its kind imported, so
   * that a list of files run again after a stop imports only what is left (unless `restart`).
   */
  readonly skipImported?: boolean;
  readonly onStart?: (start: ImportStart) => void;
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
 * Imports one Discogs data dump file into the catalogue: records are upserted by id, so importing a newer dump updates
 * records in place, and the derived lists are complete when it returns. A writer that checkpoints commits the file in
 * parts, recording with each how many of its records are written (see `CatalogueWriteSession.resumed`): an import
 * stopped part-way (killed, the machine down) and run again on the same file goes on after the last checkpoint, and
 * ends with the catalogue a single run makes; another file of the kind, or `restart`, starts over. When the file
 * turns out to be bad part-way, what it wrote since the last checkpoint (all of it, before the first) is rolled back
 * and `InvalidDump` is thrown. Records without a valid id are skipped and reported in the summary.
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
      const session = await this.writer.begin(dump.kind, dated, { identity: dump.identity, restart: input.restart === true });
      if (input.skipImported && session.imported !== undefined) {
        await session.rollback();
        return {
          file: dump.name,
          kind: dump.kind,
          records: 0,
          inserted: 0,
          updated: 0,
          unchanged: 0,
          skipped: 0,
          warnings: [],
          seconds: (this.clock.now().getTime() - started) / 1000,
          resumedAfter: 0,
          alreadyImported: session.imported,
        };
      }
      const resumedAfter = session.resumed?.records ?? 0;
      input.onStart?.({
        file: dump.name,
        kind: dump.kind,
        resumedAfter,
        ...(session.resumed ? { checkpointSavedAt: session.resumed.savedAt } : {}),
        ...(session.droppedCheckpoint !== undefined ? { droppedCheckpoint: session.droppedCheckpoint } : {}),
      });
      if (session.droppedCheckpoint !== undefined) {
        warnings.push(`a checkpoint of an import of ${session.droppedCheckpoint} that did not finish was dropped: started over`);
      }
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
          input.onProgress?.({ file: dump.name, kind: dump.kind, records, committed: session.committed ?? 0, ...dump.position() });
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
          resumedAfter,
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
