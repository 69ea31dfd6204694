import { expect } from 'chai';
import { CsvParseDecoder } from '../../../../adapters/csv/csv-parse-decoder.js';
import { CsvUnreadable, type CsvRecord } from '../../../../application/ports/csv-decoder.js';
import { rejection } from '../../../support/rejection.js';

async function* bytesOf(text: string, pieceLength: number): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += pieceLength) yield bytes.subarray(at, at + pieceLength);
}

async function decoded(text: string, batchSize = 2, pieceLength = 5): Promise<CsvRecord[][]> {
  const batches: CsvRecord[][] = [];
  for await (const batch of new CsvParseDecoder().records(bytesOf(text, pieceLength), batchSize)) batches.push([...batch]);
  return batches;
}

describe('CsvParseDecoder', () => {
  it('numbers each record as csv-parse counts them: blank lines are no records, a quoted line break is one record', async () => {
    const text = '\ufeffa,b\n\n1,"x\r\ny"\n\n\n2,"say ""hi"""\n3\n4,ü,extra\n';

    expect(await decoded(text)).to.deep.equal([
      [
        { row: 1, cells: ['a', 'b'] },
        { row: 2, cells: ['1', 'x\r\ny'] },
      ],
      [
        { row: 3, cells: ['2', 'say "hi"'] },
        { row: 4, cells: ['3'] },
      ],
      [{ row: 5, cells: ['4', 'ü', 'extra'] }],
    ]);
  });

  it('names the broken record, also when the records before it were read but not yet handed on', async () => {
    for (const [text, row] of [
      ['a,b\n\n1,2\n3,"open\n', 3],
      [`a,b\n${'1,2\n'.repeat(10)}3,"x"y\n4,5\n`, 12],
    ] as const) {
      const err = await rejection(decoded(text, 10, 3));

      expect(err).to.be.instanceOf(CsvUnreadable);
      expect((err as CsvUnreadable).reason).to.equal('syntax');
      expect((err as CsvUnreadable).row).to.equal(row);
      expect(err.message).to.match(new RegExp(`^Row ${row}: the CSV cannot be read: `));
    }
  });

  it('refuses bytes that are not UTF-8 text', async () => {
    const err = await rejection(decoded('a,b\n1,\u0000\n'));

    expect(err).to.be.instanceOf(CsvUnreadable);
    expect((err as CsvUnreadable).reason).to.equal('encoding');
  });
});
