import { expect } from 'chai';
import { CsvParseDecoder, MAX_RECORD_CHARACTERS } from '../../../../adapters/csv/csv-parse-decoder.js';
import { CsvUnreadable, type CsvRecord } from '../../../../application/ports/csv-decoder.js';
import { rejection } from '../../../support/rejection.js';

type Chunk = string | readonly number[] | Uint8Array;

/** Bytes as a stream of chunks: text as UTF-8, numbers as bytes. */
async function* chunks(...parts: readonly Chunk[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part, 'utf8') : Uint8Array.from(part);
}

/** The bytes of the text, fed one byte at a time. */
async function* byteByByte(text: string | Uint8Array): AsyncIterable<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (const b of bytes) yield Uint8Array.of(b);
}

async function batches(bytes: AsyncIterable<Uint8Array>, batchSize = 100): Promise<CsvRecord[][]> {
  const out: CsvRecord[][] = [];
  for await (const batch of new CsvParseDecoder().records(bytes, batchSize)) out.push([...batch]);
  return out;
}

async function records(bytes: AsyncIterable<Uint8Array>, batchSize = 100): Promise<CsvRecord[]> {
  return (await batches(bytes, batchSize)).flat();
}

async function cells(text: string): Promise<string[][]> {
  return (await records(chunks(text))).map((r) => [...r.cells]);
}

async function unreadable(bytes: AsyncIterable<Uint8Array>): Promise<CsvUnreadable> {
  const err = await rejection(records(bytes));
  expect(err).to.be.instanceOf(CsvUnreadable);
  return err as CsvUnreadable;
}

describe('CsvParseDecoder', () => {
  it('hands records on in batches of the size asked, numbered from the header as 1', async () => {
    const text = 'h\n1\n2\n3\n4\n';
    const got = await batches(chunks(text), 2);
    expect(got.map((b) => b.map((r) => [r.row, r.cells[0]]))).to.deep.equal([
      [
        [1, 'h'],
        [2, '1'],
      ],
      [
        [3, '2'],
        [4, '3'],
      ],
      [[5, '4']],
    ]);
    // A count that is a multiple of the size ends with a full batch, not an empty one.
    expect((await batches(chunks('h\n1\n2\n3\n'), 2)).map((b) => b.length)).to.deep.equal([2, 2]);
    expect((await batches(chunks(text), 1)).map((b) => b.length)).to.deep.equal([1, 1, 1, 1, 1]);
    expect((await batches(chunks(text), 1000)).map((b) => b.length)).to.deep.equal([5]);
  });

  it('numbers records across batches and chunks the same however the bytes arrive', async () => {
    const text = Array.from({ length: 25 }, (_, i) => `${i},"x${i}"`).join('\r\n');
    const whole = await records(chunks(text), 7);
    expect(whole.map((r) => r.row)).to.deep.equal(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(whole[24]!.cells).to.deep.equal(['24', 'x24']);
    expect(await records(byteByByte(text), 3)).to.deep.equal(whole);
  });

  it('reads nothing of an empty file (or one holding a byte order mark alone)', async () => {
    expect(await batches(chunks())).to.deep.equal([]);
    expect(await batches(chunks(''))).to.deep.equal([]);
    expect(await batches(chunks([0xef, 0xbb, 0xbf]))).to.deep.equal([]);
    expect(await batches(chunks('\n\r\n\n'))).to.deep.equal([]);
  });

  it('reads RFC 4180 quoting: commas, doubled quotes and line breaks inside quotes, empty cells', async () => {
    expect(await cells('a,"b,c","say ""hi""","line 1\nline 2","x\r\ny",""\n,,\n"",\n')).to.deep.equal([
      ['a', 'b,c', 'say "hi"', 'line 1\nline 2', 'x\r\ny', ''],
      ['', '', ''],
      ['', ''],
    ]);
  });

  it('counts a record spread over lines by its quotes as one', async () => {
    const got = await records(chunks('h,c\n1,"two\nlines"\n2,"three\n\nlines"\n3,x\n'));
    expect(got.map((r) => [r.row, r.cells[0]])).to.deep.equal([
      [1, 'h'],
      [2, '1'],
      [3, '2'],
      [4, '3'],
    ]);
    expect(got[2]!.cells[1]).to.equal('three\n\nlines');
  });

  it('keeps spaces and letter case of cells as written', async () => {
    expect(await cells(' a , B ,"  c  "\n')).to.deep.equal([[' a ', ' B ', '  c  ']]);
  });

  it('reads LF, CRLF and CR line ends, mixed in one file, with no carriage return left in a cell', async () => {
    expect(await cells('a,b\r\n1,2\r\n')).to.deep.equal([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(await cells('a,b\n1,2\n')).to.deep.equal([
      ['a', 'b'],
      ['1', '2'],
    ]);
    // An exported file (CRLF) with rows added by an editor that writes LF, and the other way round.
    expect(await cells('a,b\r\n1,2\n3,4\r\n5,6')).to.deep.equal([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
    expect(await cells('a,b\n1,2\r\n3,4\n')).to.deep.equal([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(await cells('a,b\r1,2\r')).to.deep.equal([
      ['a', 'b'],
      ['1', '2'],
    ]);
    // CRLF split between chunks.
    expect((await records(chunks('a,b\r', '\n1,2\r', '\n3,4'))).map((r) => [r.row, ...r.cells])).to.deep.equal([
      [1, 'a', 'b'],
      [2, '1', '2'],
      [3, '3', '4'],
    ]);
  });

  it('drops a UTF-8 byte order mark, even when it arrives a byte at a time, and keeps one that is not first', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    expect((await records(chunks(bom, 'listing_id,price\n1,2\n')))[0]!.cells).to.deep.equal(['listing_id', 'price']);
    expect((await records(chunks([0xef], [0xbb], [0xbf, 0x61], ',b\n')))[0]!.cells).to.deep.equal(['a', 'b']);
    expect((await records(chunks('a,\uFEFFb\n')))[0]!.cells).to.deep.equal(['a', '\uFEFFb']);
  });

  it('skips blank lines without counting them', async () => {
    const got = await records(chunks('\n\nh\n\n1\r\n\r\n\n2\n\n'));
    expect(got.map((r) => [r.row, ...r.cells])).to.deep.equal([
      [1, 'h'],
      [2, '1'],
      [3, '2'],
    ]);
    // A line of spaces or of commas is a record, not a blank line.
    expect(await cells('h\n  \n,\n')).to.deep.equal([['h'], ['  '], ['', '']]);
  });

  it('passes rows of any length on (the caller compares them with the header)', async () => {
    expect(await cells('a,b,c\n1\n1,2,3,4,5\n')).to.deep.equal([['a', 'b', 'c'], ['1'], ['1', '2', '3', '4', '5']]);
  });

  it('reads multi-byte characters split across chunks: fed one byte at a time', async () => {
    const text = 'name,note\r\nünïcödé,"😀, ✓ and 日本語"\r\n€,\u00a0\r\n';
    const expected = [
      ['name', 'note'],
      ['ünïcödé', '😀, ✓ and 日本語'],
      ['€', '\u00a0'],
    ];
    expect((await records(byteByByte(text))).map((r) => [...r.cells])).to.deep.equal(expected);
    // Split in two places of the same four-byte character.
    const smile = Buffer.from('😀', 'utf8');
    expect((await records(chunks('a\n', [smile[0]!], [smile[1]!, smile[2]!], [smile[3]!], '\n'))).map((r) => [...r.cells])).to.deep.equal([['a'], ['😀']]);
  });

  it('refuses bytes that are not UTF-8 as encoding', async () => {
    for (const bad of [
      [0xff],
      [0xc0, 0xaf], // an overlong '/'
      [0xed, 0xa0, 0x80], // a surrogate
      [0xe9], // é in Latin-1, then a newline
      [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
    ]) {
      const err = await unreadable(chunks('a,b\n1,', bad, '\n'));
      expect(err.reason, JSON.stringify(bad)).to.equal('encoding');
      expect(err.message).to.equal('The file is not UTF-8 text.');
    }
    // A character cut short by the end of the file.
    expect((await unreadable(chunks('a\n', [0xe2, 0x82]))).reason).to.equal('encoding');
    // Latin-1 fed one byte at a time.
    expect((await unreadable(byteByByte(Buffer.from('name\ncafé\n', 'latin1')))).reason).to.equal('encoding');
  });

  it('refuses a NUL byte as encoding: no text file holds one', async () => {
    for (const source of [chunks('a,b\n1,\u0000\n'), chunks('a\n', [0x00]), byteByByte('a\n"x\u0000y"\n')]) {
      const err = await unreadable(source);
      expect(err).to.deep.include({ reason: 'encoding', message: 'The file is not text: it holds a NUL byte.' });
    }
    // UTF-16 (a spreadsheet's "Unicode text") holds NULs.
    expect((await unreadable(chunks(Buffer.from('\uFEFFa,b\r\n', 'utf16le')))).reason).to.equal('encoding');
  });

  it('refuses an unclosed quote as syntax, naming the record where it opened', async () => {
    const err = await unreadable(chunks('a,b\n1,2\n3,4\n5,"open\n6,7\n'));
    expect(err.reason).to.equal('syntax');
    expect(err.row).to.equal(4);
    expect(err.message).to.match(/^Row 4: the CSV cannot be read: Quote Not Closed/);
    // However the bytes arrive and however records are batched.
    expect((await rejection(records(byteByByte('a,b\n1,2\n3,4\n5,"open\n6,7\n'), 1))) as CsvUnreadable).to.deep.include({ reason: 'syntax', row: 4 });
    expect(((await unreadable(chunks('"open'))) as CsvUnreadable).row).to.equal(1);
  });

  it('refuses a stray quote in an unquoted cell, or text after a closing quote, as syntax naming the record', async () => {
    const stray = await unreadable(chunks('a,b\n1,2\n3,x"y\n'));
    expect(stray).to.deep.include({ reason: 'syntax', row: 3 });
    expect(stray.message).to.match(/^Row 3: the CSV cannot be read: Invalid Opening Quote/);
    const after = await unreadable(chunks('a,b\n"1"2,3\n'));
    expect(after).to.deep.include({ reason: 'syntax', row: 2 });
    expect(after.message).to.match(/^Row 2: the CSV cannot be read: Invalid Closing Quote/);
  });

  it(`accepts a record of a listing’s longest cells, and refuses one far over ${MAX_RECORD_CHARACTERS} characters as syntax`, async () => {
    const long = `1,"${'c'.repeat(5000)}",${'l'.repeat(200)},${'e'.repeat(200)}\n`;
    expect((await records(chunks('a,b,c,d\n', long)))[1]!.cells[1]).to.have.length(5000);
    for (const [what, record] of [
      ['one cell', 'x'.repeat(2 * MAX_RECORD_CHARACTERS)],
      ['one quoted cell', `"${'x'.repeat(2 * MAX_RECORD_CHARACTERS)}"`],
      ['many cells', Array.from({ length: MAX_RECORD_CHARACTERS / 2 }, () => 'abcd').join(',')],
    ] as const) {
      const err = await unreadable(chunks('h\n1\n', record, '\n2\n'));
      expect(err.reason, what).to.equal('syntax');
      expect(err.row, what).to.equal(3);
      expect(err.message, what).to.match(/^Row 3: the CSV cannot be read: Max Record Size/);
    }
    // Without a line end, as a file without one ends.
    expect((await unreadable(byteByByte(`h\n${'x'.repeat(MAX_RECORD_CHARACTERS + 10)}`))).reason).to.equal('syntax');
  });

  it('stops reading when the consumer stops, and lets the source go', async function () {
    this.timeout(10_000);
    let pulled = 0;
    let released!: () => void;
    const sourceReleased = new Promise<void>((resolve) => (released = resolve));
    async function* endless(): AsyncIterable<Uint8Array> {
      try {
        yield Buffer.from('listing_id\n');
        for (;;) {
          pulled++;
          yield Buffer.from('1\n'.repeat(100));
        }
      } finally {
        released();
      }
    }
    let first: readonly CsvRecord[] = [];
    for await (const batch of new CsvParseDecoder().records(endless(), 10)) {
      first = batch;
      break;
    }
    expect(first.map((r) => r.row)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The source is told to stop (its finally runs), and nothing pulls from it any more.
    await sourceReleased;
    const after = pulled;
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).to.equal(after);
    // The decoder can be used again at once.
    expect(await cells('a\n')).to.deep.equal([['a']]);
  });

  it('stops when the consumer stops while the source is waiting for bytes', async function () {
    this.timeout(10_000);
    let more!: () => void;
    async function* slow(): AsyncIterable<Uint8Array> {
      yield Buffer.from(`h\n${'1\n'.repeat(30)}`);
      await new Promise<void>((resolve) => (more = resolve));
      yield Buffer.from('2\n');
    }
    for await (const batch of new CsvParseDecoder().records(slow(), 5)) {
      expect(batch).to.have.length(5);
      break;
    }
    // Reached only when the break did not wait for the source; let it finish so nothing stays pending.
    more?.();
  });
});
