/** One record of a CSV file: its cells, and its number (the first record, the header, is 1). */
export interface CsvRecord {
  readonly row: number;
  readonly cells: readonly string[];
}

/**
 * A file that cannot be read as CSV at all: not UTF-8 text (`encoding`: a byte sequence UTF-8 does not allow, or a
 * NUL byte, which no text file holds), or broken CSV syntax (`syntax`: an unclosed quote, a quote inside an unquoted
 * cell), with the record where it was found.
 */
export class CsvUnreadable extends Error {
  constructor(
    readonly reason: 'encoding' | 'syntax',
    message: string,
    readonly row: number | null = null,
  ) {
    super(message);
    this.name = 'CsvUnreadable';
  }
}

/**
 * Reads CSV (comma separated, RFC 4180 quoting, lines ending in LF or CRLF, a UTF-8 byte order mark skipped, blank
 * lines skipped) from bytes as they arrive, a batch of records at a time, so memory holds one batch however large the
 * file. Throws CsvUnreadable from the iteration.
 */
export interface CsvDecoder {
  records(bytes: AsyncIterable<Uint8Array>, batchSize: number): AsyncIterable<readonly CsvRecord[]>;
}
