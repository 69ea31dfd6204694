import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { CsvUnreadable, type CsvDecoder, type CsvRecord } from '../../application/ports/csv-decoder.js';

/** The longest record read, in characters: far beyond any listing's (comments are at most 5,000), short of a memory risk. */
export const MAX_RECORD_CHARACTERS = 100_000;

/** Text from UTF-8 bytes as they arrive; anything else (a byte sequence UTF-8 does not allow, a NUL) is not text. */
async function* utf8Text(bytes: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const checked = (text: string): string => {
    if (text.includes('\u0000')) throw new CsvUnreadable('encoding', 'The file is not text: it holds a NUL byte.');
    return text;
  };
  try {
    for await (const chunk of bytes) {
      const text = checked(decoder.decode(chunk, { stream: true }));
      if (text.length > 0) yield text;
    }
    const rest = checked(decoder.decode());
    if (rest.length > 0) yield rest;
  } catch (err) {
    if (err instanceof TypeError) throw new CsvUnreadable('encoding', 'The file is not UTF-8 text.');
    throw err;
  }
}

/**
 * CSV by csv-parse, streaming: bytes are decoded as strict UTF-8 (the byte order mark dropped), parsed record by
 * record with RFC 4180 quoting, and handed on in batches. Rows of any length are passed on (the caller compares them
 * with the header and names the row); blank lines are skipped; a record longer than MAX_RECORD_CHARACTERS, an
 * unclosed quote or a stray quote is a `syntax` CsvUnreadable naming the record.
 */
export class CsvParseDecoder implements CsvDecoder {
  async *records(bytes: AsyncIterable<Uint8Array>, batchSize: number): AsyncIterable<readonly CsvRecord[]> {
    // Every record delimiter, not csv-parse's default of the first one found: a file may mix them (an export's CRLF
    // rows, more rows added in an editor that writes LF), and a lone CR is Excel for Mac's. No `info: true`: csv-parse
    // would copy its counters into an object for every record (a third of its time). Every record it reads is handed
    // on (nothing is skipped but blank lines, which are no records), so the record's number is counted here.
    const parser = parse({
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARACTERS,
      record_delimiter: ['\r\n', '\n', '\r'],
    });
    // pipeline ends both streams when either fails or the reader stops; the reader sees the error itself.
    const parsed = pipeline(Readable.from(utf8Text(bytes), { objectMode: false }), parser, () => undefined);
    let batch: CsvRecord[] = [];
    let row = 0;
    try {
      for await (const cells of parsed as AsyncIterable<string[]>) {
        row++;
        batch.push({ row, cells });
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    } catch (err) {
      if (err instanceof CsvError) {
        // The parser's count of records before the bad one: records it parsed may not have been read here yet.
        const at = (typeof err.records === 'number' ? err.records : row) + 1;
        throw new CsvUnreadable('syntax', `Row ${at}: the CSV cannot be read: ${err.message.replace(/^Invalid Record Length: /, '')}`, at);
      }
      throw err;
    }
    if (batch.length > 0) yield batch;
  }
}
