import type { DumpKind, DumpRecordOf, RecordEncoder } from '../../../../application/ports/dump-reader.js';

/**
 * A `RecordEncoder` for tests of the parallel reader: it "encodes" records as themselves, so that what the workers
 * read can be compared with what the reader's own thread reads.
 */
export const RECORD_LIST_ENCODER: RecordEncoder = { module: import.meta.url };

export interface RecordList {
  readonly records: DumpRecordOf[DumpKind][];
}

export function createRecordEncoder(): { add(record: DumpRecordOf[DumpKind]): void; take(): RecordList } {
  let records: DumpRecordOf[DumpKind][] = [];
  return {
    add: (record) => records.push(record),
    take: () => {
      const encoded = { records };
      records = [];
      return encoded;
    },
  };
}
