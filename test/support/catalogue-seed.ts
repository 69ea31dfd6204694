import { CATALOGUE } from '../../composition/catalogue/catalogue-tokens.js';
import { testContainer } from './test-app.js';
import { isMemory, type TestStorage } from './test-storage.js';
import type { WriteCounts } from '../../application/ports/catalogue-writer.js';
import { type DumpBatch, DUMP_KINDS, type DumpKind, type DumpRecordOf } from '../../application/ports/dump-reader.js';
import { catalogueWriterFor } from '../../adapters/persistence/catalogue/catalogue-writer-for.js';

/** Catalogue records for a test, by kind (build them with test/support/builders/catalogue-builders.ts). */
export type CatalogueSeed = { readonly [K in DumpKind]?: readonly DumpRecordOf[K][] };

export interface SeedOptions {
  /** Records written at a time, each batch a round of its own (default all of a kind in one). */
  readonly batch?: number;
  /** Or rounds of this many records, each made of several batches (as a dump's, whose workers encode smaller ones). */
  readonly round?: number;
  /** Artist lists longer than this are long (kept apart, with anchors this many entries apart; default 1,000). */
  readonly longList?: number;
}

/**
 * Puts records into a test database without XML: through the real catalogue writer of that database (COPY on
 * PostgreSQL, the PGlite session when embedded), as the dump import stores them — documents, list columns, link rows.
 * One transaction per kind, artists first; a record already stored is replaced, keeping its `date_added`. Nothing
 * is recorded as a dump import. Returns what each kind's write did. On an in-memory storage, the memory family's writer
 * takes them (`batch` and `longList` are the database writer's).
 *
 *   await seedCatalogue(db, { releases: [aRelease(5, { title: 'X' })], artists: [anArtist(1)] });
 */
export async function seedCatalogue(
  storage: TestStorage,
  seed: CatalogueSeed,
  options: SeedOptions = {},
): Promise<Partial<Record<DumpKind, WriteCounts>>> {
  const writer = isMemory(storage)
    ? testContainer(storage).get(CATALOGUE.Writer)
    : catalogueWriterFor(storage, { flushRecords: options.round ?? options.batch, longList: options.longList });
  const counts: Partial<Record<DumpKind, WriteCounts>> = {};
  for (const kind of DUMP_KINDS) {
    const records = seed[kind];
    if (!records || records.length === 0) continue;
    const session = await writer.begin(kind);
    try {
      const batch = options.batch ?? records.length;
      for (let i = 0; i < records.length; i += batch) {
        await session.write({ kind, records: records.slice(i, i + batch) } as DumpBatch);
      }
      counts[kind] = await session.commit();
    } catch (err) {
      await session.rollback().catch(() => undefined);
      throw err;
    }
  }
  return counts;
}
