import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { findCut } from '../../../../adapters/catalogue/dump/dump-pieces.js';
import { XmlDumpReader, type XmlDumpReaderOptions } from '../../../../adapters/catalogue/dump/xml-dump-reader.js';
import {
  CATALOGUE_ROW_ENCODER,
  type EncodedRows,
} from '../../../../adapters/persistence/catalogue/catalogue-row-encoder.js';
import { InvalidDump } from '../../../../application/catalogue/invalid-dump.js';
import type { DumpKind, DumpRecordOf } from '../../../../application/ports/dump-reader.js';
import { DEMO, REPO_ROOT, Scratch, demo } from '../../../support/dump-fixtures.js';
import { RECORD_LIST_ENCODER, type RecordList } from './record-list-encoder.js';

type AnyRecord = DumpRecordOf[DumpKind];

/** Reads a dump on the calling thread (no encoder), or on worker threads with the given options. */
async function read(file: string, options?: XmlDumpReaderOptions): Promise<{ kind: DumpKind; records: AnyRecord[] }> {
  const dump = await new XmlDumpReader(options ?? { workers: 0 }).open(file);
  try {
    const records: AnyRecord[] = [];
    for await (const batch of dump.batches(options ? RECORD_LIST_ENCODER : undefined)) {
      if ('records' in batch) {
        expect(options, 'records read on the calling thread').to.equal(undefined);
        records.push(...batch.records);
      } else {
        expect((batch.encoded as RecordList).records).to.have.length(batch.count);
        records.push(...(batch.encoded as RecordList).records);
      }
    }
    return { kind: dump.kind, records };
  } finally {
    await dump.close();
  }
}

async function failure(file: string, options?: XmlDumpReaderOptions): Promise<string> {
  try {
    await read(file, options);
  } catch (err) {
    expect(err).to.be.instanceOf(InvalidDump);
    return (err as Error).message;
  }
  throw new Error(`${file} was read without an error`);
}

/** Tiny pieces and reads, so that pieces are cut everywhere, also in the wrong places; and the defaults. */
const PARALLEL: readonly XmlDumpReaderOptions[] = [
  { workers: 2, chunkBytes: 64, pieceBytes: 16 },
  { workers: 3, chunkBytes: 64, pieceBytes: 300 },
  { workers: 1, chunkBytes: 1024, pieceBytes: 4096 },
  { workers: 2 },
];
const label = (o: XmlDumpReaderOptions): string =>
  o.pieceBytes ? `${o.workers} workers, pieces of ${o.pieceBytes} bytes` : `${o.workers} workers, default pieces`;

function sampleFiles(): string[] {
  const fixtures = path.join(REPO_ROOT, 'test/fixtures/dumps');
  return [
    ...fs.readdirSync(DEMO).map((n) => path.join(DEMO, n)),
    ...fs.readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).map((n) => path.join(fixtures, n)),
  ].filter((f) => /\.xml(\.gz)?$/.test(f));
}

describe('Dump reader: parallel reading on worker threads', function () {
  this.timeout(60_000);
  const scratch = new Scratch();
  after(() => scratch.cleanup());

  for (const file of sampleFiles()) {
    it(`reads ${path.relative(REPO_ROOT, file)} as the calling thread does, however it is cut`, async () => {
      const expected = await read(file);
      // (Pieces of a record or less are for the small files: the 1,000-record ones would take long.)
      const big = fs.statSync(file).size > 100_000;
      for (const options of big ? [{ workers: 3, chunkBytes: 4096, pieceBytes: 20_000 }, PARALLEL[3]!] : PARALLEL) {
        const got = await read(file, options);
        expect(got.kind, label(options)).to.equal(expected.kind);
        expect(got.records, label(options)).to.deep.equal(expected.records);
      }
    });
  }

  it('reads what would trip a cut: record tags in comments, CDATA, instructions, sublabels, after the root', async () => {
    const xml = [
      '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE labels>\n',
      '<!-- <label><id>66</id></label> -->\n<labels>\n',
      '<label><id>1</id><name>One &amp; <![CDATA[<label>]]></name><sublabels>\n<label id="2">Two</label>\n',
      '  <label id="3">Thr\u00e9e \u6771\u4eac</label></sublabels></label>\n',
      '<?pi <label> ?>\n<label><id>4</id><name>Four</name><profile>\n<label>an element read as text</label>',
      '</profile></label>\n<!--\n<label>\n-->\n<label><id>5</id></label>\n',
      '</labels>\n<!-- <label><id>7</id></label> -->\n',
    ].join('');
    const file = scratch.write('tricky.xml', xml);
    const expected = await read(file);
    expect(expected.records.map((l) => l.id)).to.deep.equal([1, 4, 5]);
    for (const options of [...PARALLEL, { workers: 2, chunkBytes: 1, pieceBytes: 1 }]) {
      expect((await read(file, options)).records, label(options)).to.deep.equal(expected.records);
    }
    const selfClosing = scratch.write('empty.xml', '<releases/>\n<!-- <release id="1"> -->\n');
    for (const options of PARALLEL) expect((await read(selfClosing, options)).records).to.deep.equal([]);
  });

  it('refuses broken input with the message and position the calling thread gives', async () => {
    // Sixty records of the demo releases, around release 4497848.
    const whole = zlib.gunzipSync(fs.readFileSync(demo('releases'))).toString('utf8');
    const starts = [...whole.matchAll(/<release id=/g)].map((m) => m.index);
    const releases = `<releases>\n${whole.slice(starts[300], starts[360])}</releases>\n`;
    const at = releases.indexOf('<release id="4497848"');
    const cases: Record<string, string | Buffer> = {
      'mismatched.xml': `${releases.slice(0, at)}<release id="1"><title>x</titel>${releases.slice(at)}`,
      'cut.xml': releases.slice(0, Math.floor(releases.length / 2)),
      'entity.xml': `${releases.slice(0, at)}<release id="1"><title>&nope;</title></release>${releases.slice(at)}`,
      'two-roots.xml': `${releases}<releases/>`,
      'text-after.xml': `${releases}\nmore`,
      'unclosed-root.xml': '<labels>\n<label><id>1</id></label>\n',
      'truncated.xml.gz': zlib.gzipSync(releases).subarray(0, 20_000),
    };
    for (const [name, content] of Object.entries(cases)) {
      const file = scratch.write(name, content);
      const expected = await failure(file);
      expect(expected).to.match(new RegExp(`^${name.replace('.', '\\.')} (is not well-formed XML|cannot be read)`));
      for (const options of PARALLEL) {
        expect(await failure(file, options), `${name}, ${label(options)}`).to.equal(expected);
      }
    }
  });

  it('hands over results too large for the shared ring piece after piece, keeping the encoder usable', async () => {
    // Pieces of about 9 MB whose rows take more than a worker's 4 MB ring: they travel as copies of their own. The
    // notes are random letters, so the release document packed in the row (ADR 0066) stays about as large as they are.
    const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const lines = ['<releases>'];
    for (let id = 1; id <= 1_500; id++) {
      const notes = Array.from(randomBytes(20_000), (b) => LETTERS[b % LETTERS.length]).join('');
      lines.push(`<release id="${id}"><title>T${id}</title><notes>${notes}</notes></release>`);
    }
    lines.push('</releases>');
    const file = scratch.write('large-results.xml', lines.join('\n'));
    const dump = await new XmlDumpReader({ workers: 2, pieceBytes: 9_000_000 }).open(file);
    const ids: number[] = [];
    let large = 0;
    try {
      for await (const batch of dump.batches(CATALOGUE_ROW_ENCODER)) {
        const rows = (batch as { encoded: EncodedRows }).encoded;
        if (rows.rows.byteLength > 4 << 20) large++;
        ids.push(...rows.ids);
      }
    } finally {
      await dump.close();
    }
    expect(large, 'pieces whose rows outgrew the ring').to.be.at.least(2);
    expect(ids).to.deep.equal(Array.from({ length: 1_500 }, (_, i) => i + 1));
  });

  it('cuts before the last record start tag, preferring one at the start of a line', () => {
    const tag = Buffer.from('<label');
    const cut = (s: string): number => findCut(Buffer.from(s), tag);
    expect(cut('<label><a/></label>\n<label><sublabels><label id="1"/></sublabels></label>')).to.equal(20);
    expect(cut('<label/><labels/><label id="2"/>')).to.equal(17);
    expect(cut('<label><labelled/></label>')).to.equal(-1);
    expect(cut('  <label>')).to.equal(2);
    expect(findCut(Buffer.from('<label><a/>'), tag, 0)).to.equal(0);
  });
});
