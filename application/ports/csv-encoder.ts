/**
 * Writes records as CSV text (UTF-8): a header line of the column names, then one line per record, fields quoted
 * where the CSV rules need it. It reads the records as it writes, batch by batch, so the records of a large file are
 * never all in memory at once; reading the bytes drives it (a slow reader slows it down).
 */
export interface CsvEncoder {
  encode(columns: readonly string[], batches: AsyncIterable<ReadonlyArray<readonly string[]>>): AsyncIterable<Uint8Array>;
}
