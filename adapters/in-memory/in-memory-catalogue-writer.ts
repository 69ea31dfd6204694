import type { CatalogueWriter, CatalogueWriteSession, DumpFileDate, WriteCounts } from '../../application/ports/catalogue-writer.js';
import type { DumpBatch, DumpKind, DumpRecordOf, EncodedBatch } from '../../application/ports/dump-reader.js';
import {
  artistSearchFacts,
  labelSearchFacts,
  masterSearchFacts,
  releaseSearchFacts,
  type SearchFacts,
} from '../../domain/catalogue/search-facts.js';
import type { InMemoryCatalogueReader, PutOutcome } from './in-memory-catalogue-reader.js';
import type { InMemoryPostingSource } from './in-memory-posting-source.js';

/** A batch's records, whatever its kind. */
type AnyRecord = DumpRecordOf[DumpKind];

/**
 * The dump import's writer on the in-memory catalogue: a session keeps its batches and, at `commit`, puts every
 * record in the catalogue (a record already there is replaced and keeps the time it was first added) and its search
 * facts in the posting lists, all at once, so nothing is seen before the commit and a rollback leaves the catalogue as
 * it was (as the SQL writer's transaction does; the release↔artist and release↔label lists are derived from the
 * records when read). Sessions run one at a time, in the order begun; the dumps committed are remembered per kind.
 */
export class InMemoryCatalogueWriter implements CatalogueWriter {
  private readonly dumps = new Map<DumpKind, DumpFileDate[]>();
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly catalogue: InMemoryCatalogueReader,
    private readonly postings: InMemoryPostingSource,
  ) {}

  async begin(kind: DumpKind, dump?: DumpFileDate): Promise<CatalogueWriteSession> {
    const previous = this.tail;
    let end!: () => void;
    this.tail = new Promise<void>((resolve) => (end = resolve));
    await previous;
    return new InMemoryCatalogueWriteSession(kind, {
      latestDump: () => this.latestDump(kind),
      store: (records) => this.store(kind, records, dump),
      end,
    });
  }

  /** The newest dump of a kind committed so far (ties: the last committed), or null. */
  private latestDump(kind: DumpKind): DumpFileDate | null {
    let latest: DumpFileDate | null = null;
    for (const d of this.dumps.get(kind) ?? []) if (latest === null || d.date >= latest.date) latest = d;
    return latest;
  }

  /** Puts a session's records in the catalogue and the posting lists, and records its dump; the counts of what it did. */
  private store(kind: DumpKind, records: readonly AnyRecord[], dump: DumpFileDate | undefined): WriteCounts {
    const counts: Record<PutOutcome, number> = { inserted: 0, updated: 0, unchanged: 0 };
    for (const record of records) {
      counts[this.put(kind, record)] += 1;
      this.postings.put(factsOf(kind, record));
    }
    if (dump) this.dumps.set(kind, [...(this.dumps.get(kind) ?? []), { file: dump.file, date: dump.date }]);
    return counts;
  }

  private put(kind: DumpKind, record: AnyRecord): PutOutcome {
    switch (kind) {
      case 'releases':
        return this.catalogue.putRelease(record as DumpRecordOf['releases']);
      case 'masters':
        return this.catalogue.putMaster(record as DumpRecordOf['masters']);
      case 'artists':
        return this.catalogue.putArtist(record as DumpRecordOf['artists']);
      case 'labels':
        return this.catalogue.putLabel(record as DumpRecordOf['labels']);
    }
  }
}

/** A record's search facts, by the kind of its dump. */
function factsOf(kind: DumpKind, record: AnyRecord): SearchFacts {
  switch (kind) {
    case 'releases':
      return releaseSearchFacts(record as DumpRecordOf['releases']);
    case 'masters':
      return masterSearchFacts(record as DumpRecordOf['masters']);
    case 'artists':
      return artistSearchFacts(record as DumpRecordOf['artists']);
    case 'labels':
      return labelSearchFacts(record as DumpRecordOf['labels']);
  }
}

/** What a session needs of its writer. */
interface SessionWriter {
  latestDump(): DumpFileDate | null;
  store(records: readonly AnyRecord[]): WriteCounts;
  /** Lets the next session begin. */
  end(): void;
}

/** One dump file's writes, kept until the commit stores them together. */
class InMemoryCatalogueWriteSession implements CatalogueWriteSession {
  private records: AnyRecord[] = [];
  private ended = false;

  constructor(
    private readonly kind: DumpKind,
    private readonly writer: SessionWriter,
  ) {}

  async latestDump(): Promise<DumpFileDate | null> {
    return this.writer.latestDump();
  }

  async write(batch: DumpBatch | EncodedBatch): Promise<void> {
    if (this.ended) throw new Error('The session has ended');
    if (batch.kind !== this.kind) throw new Error(`A ${batch.kind} batch cannot be written to a ${this.kind} import`);
    if (!('records' in batch)) throw new Error('The in-memory writer takes records (it gives the reader no encoder)');
    for (const record of batch.records) this.records.push(record);
  }

  async commit(): Promise<WriteCounts> {
    if (this.ended) throw new Error('The session has ended');
    try {
      return this.writer.store(this.records);
    } finally {
      this.finish();
    }
  }

  async rollback(): Promise<void> {
    if (!this.ended) this.finish();
  }

  private finish(): void {
    this.ended = true;
    this.records = [];
    this.writer.end();
  }
}
