import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { CsvEncoder } from '../../application/ports/csv-encoder.js';

/**
 * CSV by csv-stringify, as a stream: the records are pulled from their batches as the stringifier asks for them
 * (backpressure from whoever reads the bytes), lines end in CRLF (RFC 4180), fields are quoted when they hold a comma,
 * a quote or a line break. No byte order mark: the file is plain UTF-8, as `text/csv; charset=utf-8` says. When the
 * reader stops early or the records fail, both ends are closed (the records' iterator is returned, so a database
 * cursor behind it is closed too).
 */
export class CsvStringifyEncoder implements CsvEncoder {
  encode(columns: readonly string[], batches: AsyncIterable<ReadonlyArray<readonly string[]>>): AsyncIterable<Uint8Array> {
    async function* records(): AsyncIterable<readonly string[]> {
      for await (const batch of batches) yield* batch;
    }
    const stringifier = stringify({ header: true, columns: [...columns], record_delimiter: 'windows', quote_record_delimiter: true });
    // pipeline destroys both streams when either fails or the reader stops; the reader sees the error itself.
    return pipeline(Readable.from(records(), { objectMode: true, highWaterMark: 1024 }), stringifier, () => undefined);
  }
}
