import {
  SKIPPED_RECORDS_LISTED,
  type SkippedRecord,
  type SkippedRecords,
} from '../../../application/ports/dump-reader.js';

/** Counts the records a dump reader leaves out, keeping the first few in detail. */
export class SkippedRecordTally {
  private count = 0;
  private readonly first: SkippedRecord[] = [];

  add(record: SkippedRecord): void {
    this.count++;
    if (this.first.length < SKIPPED_RECORDS_LISTED) this.first.push(record);
  }

  /** Counts records skipped that are not known in detail (a worker lists only the first few of a piece). */
  addUnlisted(count: number): void {
    this.count += count;
  }

  snapshot(): SkippedRecords {
    return { count: this.count, first: [...this.first] };
  }
}
