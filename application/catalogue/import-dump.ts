import type { CatalogueWriter } from '../ports/catalogue-writer.js';
import type { Clock } from '../ports/clock.js';
import type { DumpKind, DumpPosition, DumpReader } from '../ports/dump-reader.js';

/** What importing one dump file did. `seconds` is the wall time from opening the file to the commit. */
export interface ImportSummary {
  readonly file: string;
  readonly kind: DumpKind;
  readonly records: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
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
  readonly onProgress?: (progress: ImportProgress) => void;
}

/**
 * Imports one Discogs data dump file into the catalogue, in one transaction: records are upserted by id, so importing
 * a newer dump updates records in place, and the derived lists are complete when it returns. When the file turns out
 * to be bad part-way, the transaction is rolled back, the catalogue is exactly as it was before, and `InvalidDump` is
 * thrown.
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
      const session = await this.writer.begin(dump.kind);
      let records = 0;
      try {
        for await (const batch of dump.batches(session.encoder)) {
          await session.write(batch);
          records += 'records' in batch ? batch.records.length : batch.count;
          input.onProgress?.({ file: dump.name, kind: dump.kind, records, ...dump.position() });
        }
        const counts = await session.commit();
        return {
          file: dump.name,
          kind: dump.kind,
          records,
          ...counts,
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
