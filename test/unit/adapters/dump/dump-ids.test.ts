import { expect } from 'chai';
import { toId, toInt32 } from '../../../../adapters/catalogue/dump/dump-element.js';
import { XmlDumpReader, type XmlDumpReaderOptions } from '../../../../adapters/catalogue/dump/xml-dump-reader.js';
import type { DumpKind, DumpRecordOf, SkippedRecords } from '../../../../application/ports/dump-reader.js';
import { Scratch } from '../../../support/dump-fixtures.js';
import { RECORD_LIST_ENCODER, type RecordList } from './record-list-encoder.js';

/** Reads a dump on the calling thread (no options) or on worker threads: the records read, and those skipped. */
async function readRecords(
  file: string,
  options?: XmlDumpReaderOptions,
): Promise<{ records: DumpRecordOf[DumpKind][]; skipped: SkippedRecords }> {
  const dump = await new XmlDumpReader(options ?? { workers: 0 }).open(file);
  try {
    const records: DumpRecordOf[DumpKind][] = [];
    for await (const batch of dump.batches(options ? RECORD_LIST_ENCODER : undefined)) {
      records.push(...('records' in batch ? batch.records : (batch.encoded as RecordList).records));
    }
    return { records, skipped: dump.skipped() };
  } finally {
    await dump.close();
  }
}

/** The ids read, and the records skipped. */
async function read(file: string, options?: XmlDumpReaderOptions): Promise<{ ids: number[]; skipped: SkippedRecords }> {
  const { records, skipped } = await readRecords(file, options);
  return { ids: records.map((r) => r.id), skipped };
}

/** Whole pieces, pieces cut everywhere (a skipped record's line is then counted across pieces), and one worker. */
const PARALLEL: readonly XmlDumpReaderOptions[] = [
  { workers: 2 },
  { workers: 2, chunkBytes: 16, pieceBytes: 8 },
  { workers: 3, chunkBytes: 64, pieceBytes: 100 },
  { workers: 1, chunkBytes: 1024, pieceBytes: 4096 },
];

describe('Dump reader: records without a valid id', () => {
  const scratch = new Scratch();
  after(() => scratch.cleanup());

  describe('toId', () => {
    const cases: Array<[string, number]> = [
      ['1', 1],
      ['40299', 40299],
      [' 17\n', 17],
      ['007', 7],
      ['2147483647', 2147483647],
      ['2147483648', 0],
      ['99999999999', 0],
      ['', 0],
      ['   ', 0],
      ['abc', 0],
      ['12abc', 0],
      ['1.5', 0],
      ['1e3', 0],
      ['-3', 0],
      ['+3', 0],
      ['0', 0],
      ['0x1f', 0],
    ];
    for (const [text, id] of cases) it(`${JSON.stringify(text)} → ${id}`, () => expect(toId(text)).to.equal(id));
  });

  describe('toInt32 (references, and numbers kept in columns of their own)', () => {
    const cases: Array<[string, number]> = [
      ['5', 5],
      ['2147483647', 2147483647],
      ['2147483648', 0],
      ['3000000000', 0],
      ['9007199254740993', 0],
      ['99999999999999999999', 0],
      ['-2147483648', -2147483648],
      ['-2147483649', 0],
      ['-3', -3],
      [' 12', 12],
      ['12abc', 12],
      ['', 0],
      ['abc', 0],
    ];
    for (const [text, n] of cases) it(`${JSON.stringify(text)} → ${n}`, () => expect(toInt32(text)).to.equal(n));
  });

  it('reads references to ids no record can have (beyond 2³¹ − 1) as none, the rest as it is', async () => {
    const big = '3000000000';
    const release = [
      '<releases>',
      `<release id="2147483647" status="Accepted"><title>Largest</title>`,
      `<artists><artist><id>${big}</id><name>Far</name></artist><artist><id>7</id><name>Near</name></artist></artists>`,
      `<labels><label name="Far Label" catno="F1" id="${big}"/><label name="Near Label" catno="N1" id="8"/></labels>`,
      `<companies><company><id>${big}</id><name>Far Co</name><entity_type>4</entity_type></company></companies>`,
      `<master_id is_main_release="true">${big}</master_id>`,
      '</release>',
      `<release id="${big}"><title>Too large</title></release>`,
      '</releases>',
    ].join('\n');
    const masters =
      `<masters><master id="9"><main_release>${big}</main_release><year>99999999999</year></master></masters>`;
    const artists =
      `<artists><artist><id>10</id><name>A</name><aliases><name id="${big}">Far</name></aliases>` +
      `<members><id>${big}</id><name>Member</name></members></artist></artists>`;
    const labels =
      `<labels><label><id>11</id><name>L</name><parentLabel id="${big}">Far Parent</parentLabel>` +
      `<sublabels><label id="${big}">Far Sub</label></sublabels></label></labels>`;
    const files = {
      releases: scratch.write('big-references-releases.xml', release),
      masters: scratch.write('big-references-masters.xml', masters),
      artists: scratch.write('big-references-artists.xml', artists),
      labels: scratch.write('big-references-labels.xml', labels),
    };
    for (const options of [undefined, ...PARALLEL]) {
      const at = JSON.stringify(options ?? 'calling thread');
      const releases = await readRecords(files.releases, options);
      expect(releases.skipped, at).to.deep.equal({ count: 1, first: [{ record: 2, line: 8, id: big }] });
      const [r] = releases.records as DumpRecordOf['releases'][];
      expect(r!.id, at).to.equal(2147483647);
      expect(r!.artists.map((a) => [a.id, a.name]), at).to.deep.equal([[0, 'Far'], [7, 'Near']]);
      expect(r!.labels.map((l) => [l.id, l.name]), at).to.deep.equal([[0, 'Far Label'], [8, 'Near Label']]);
      expect(r!.companies.map((c) => [c.id, c.name]), at).to.deep.equal([[0, 'Far Co']]);
      expect([r!.masterId, r!.isMainRelease], at).to.deep.equal([null, false]);
      const [m] = (await readRecords(files.masters, options)).records as DumpRecordOf['masters'][];
      expect([m!.mainRelease, m!.year], at).to.deep.equal([0, 0]);
      const [a] = (await readRecords(files.artists, options)).records as DumpRecordOf['artists'][];
      expect([a!.aliases, a!.members], at).to.deep.equal([[{ id: 0, name: 'Far' }], [{ id: 0, name: 'Member' }]]);
      const [l] = (await readRecords(files.labels, options)).records as DumpRecordOf['labels'][];
      expect([l!.parentLabel, l!.sublabels], at).to.deep.equal([
        { id: 0, name: 'Far Parent' },
        [{ id: 0, name: 'Far Sub' }],
      ]);
    }
  });

  // One file per kind and form of id: attributes (releases, masters) and `<id>` elements (artists, labels), in the
  // record-per-line form of the 2020 dumps and pretty-printed as in the 2019 and 2023 ones.
  const files: Record<string, { xml: string; ids: number[]; skipped: SkippedRecords }> = {
    'releases.xml': {
      xml: [
        '<releases>',
        '<release id="1" status="Accepted"><title>one</title></release>',
        '<release status="Accepted"><title>no id</title></release>',
        '<release id="abc"><title>letters</title></release>',
        '<release id="12abc"><title>trailing letters</title></release>',
        '  <release id="0"/>',
        '<release id="2"><title>two</title></release>',
        '<release id=""><title>empty</title></release>',
        '<release id="99999999999"><title>too large</title></release>',
        '</releases>',
      ].join('\n'),
      ids: [1, 2],
      skipped: {
        count: 6,
        first: [
          { record: 2, line: 3, id: '' },
          { record: 3, line: 4, id: 'abc' },
          { record: 4, line: 5, id: '12abc' },
          { record: 5, line: 6, id: '0' },
          { record: 7, line: 8, id: '' },
        ],
      },
    },
    'masters.xml': {
      xml: '<masters>\n<master id="-4"><title>x</title></master>\n<master id="4"><title>y</title></master>\n</masters>\n',
      ids: [4],
      skipped: { count: 1, first: [{ record: 1, line: 2, id: '-4' }] },
    },
    'artists.xml': {
      xml: [
        '<artists>',
        '  <artist>',
        '    <id>abc</id>',
        '    <name>Letters</name>',
        '  </artist>',
        '  <artist>',
        '    <id>26</id>',
        '    <name>Fine</name>',
        '  </artist>',
        '  <artist>',
        '    <name>No Id</name>',
        '    <members><id>5</id><name>Member</name></members>',
        '  </artist>',
        '  <artist><id/><name>Empty</name></artist>',
        '</artists>',
      ].join('\n'),
      ids: [26],
      skipped: {
        count: 3,
        first: [
          { record: 1, line: 2, id: 'abc' },
          { record: 3, line: 10, id: '' },
          { record: 4, line: 14, id: '' },
        ],
      },
    },
    'labels.xml': {
      xml: '<labels><label><id>1000</id><name>A</name></label><label><id> 7x</id><name>B</name></label></labels>',
      ids: [1000],
      skipped: { count: 1, first: [{ record: 2, line: 1, id: ' 7x' }] },
    },
  };

  for (const [name, expected] of Object.entries(files)) {
    it(`leaves out and counts the records of ${name} without a valid id, on the calling thread and on workers`, async () => {
      const file = scratch.write(name, expected.xml);
      expect(await read(file)).to.deep.equal({ ids: expected.ids, skipped: expected.skipped });
      for (const options of PARALLEL) {
        const got = await read(file, options);
        expect(got, JSON.stringify(options)).to.deep.equal({ ids: expected.ids, skipped: expected.skipped });
      }
    });
  }

  it('lists the first five and counts the rest, wherever pieces are cut', async () => {
    const lines = ['<releases>'];
    for (let i = 1; i <= 40; i++) {
      lines.push(i % 4 === 0 ? `<release id="x${i}"><title>${i}</title></release>` : `<release id="${i}"/>`);
    }
    lines.push('</releases>');
    const file = scratch.write('many.xml', lines.join('\n'));
    const expected = {
      count: 10,
      first: [4, 8, 12, 16, 20].map((n) => ({ record: n, line: n + 1, id: `x${n}` })),
    };
    expect((await read(file)).skipped).to.deep.equal(expected);
    for (const options of PARALLEL) {
      expect((await read(file, options)).skipped, JSON.stringify(options)).to.deep.equal(expected);
    }
    expect((await read(file)).ids).to.have.length(30);
  });
});
