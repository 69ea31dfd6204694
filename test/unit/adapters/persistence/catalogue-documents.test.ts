import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { BinaryCopyBuffer } from '../../../../adapters/persistence/catalogue/binary-copy-buffer.js';
import {
  expandArtist,
  expandLabel,
  expandMaster,
  expandRelease,
  writeArtistDocument,
  writeLabelDocument,
  writeMasterDocument,
  writeReleaseDocument,
} from '../../../../adapters/persistence/catalogue/catalogue-documents.js';
import type { DumpKind, DumpRecordOf } from '../../../../application/ports/dump-reader.js';
import type { Release } from '../../../../domain/catalogue/release.js';
import { DEMO, readDump, REPO_ROOT } from '../../../support/dump-fixtures.js';

type Doc = Record<string, unknown>;

const CODECS: {
  readonly [K in DumpKind]: {
    write: (out: BinaryCopyBuffer, r: DumpRecordOf[K]) => void;
    expand: (d: Doc) => DumpRecordOf[K];
  };
} = {
  artists: { write: writeArtistDocument, expand: expandArtist },
  labels: { write: writeLabelDocument, expand: expandLabel },
  masters: { write: writeMasterDocument, expand: expandMaster },
  releases: { write: writeReleaseDocument, expand: expandRelease },
};

/** The JSON text of a document as written into a one-field COPY row. */
function documentText<K extends DumpKind>(kind: K, record: DumpRecordOf[K]): string {
  const out = new BinaryCopyBuffer(64);
  CODECS[kind].write(out.row(1), record);
  const row = out.chunks()[1]!;
  const length = row.readInt32BE(2);
  expect(row.length).to.equal(6 + length);
  return row.toString('utf8', 6);
}

/** Every sample dump of every era: the 2020 demo data and the fixtures (2019, 2023, 2025, synthetic). */
function sampleFiles(): { file: string; kind: DumpKind }[] {
  const fixtures = path.join(REPO_ROOT, 'test/fixtures/dumps');
  const files = [
    ...fs.readdirSync(DEMO).map((n) => path.join(DEMO, n)),
    ...fs.readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).map((n) => path.join(fixtures, n)),
  ].filter((f) => /\.xml(\.gz)?$/.test(f));
  return files.map((file) => {
    const name = path.basename(file);
    const kind = (['artists', 'labels', 'masters', 'releases'] as const).find(
      (k) => name.includes(k) || name.startsWith(`${k.slice(0, -1)}_`),
    )!;
    return { file, kind };
  });
}

describe('Stored catalogue documents', () => {
  it('finds the samples of every era', () => {
    expect(sampleFiles().length).to.be.at.least(4 + 7 + 4 + 4);
  });

  for (const { file, kind } of sampleFiles()) {
    it(`round-trips every record of ${path.relative(REPO_ROOT, file)} (compact JSON, expanded back)`, async () => {
      const records = await readDump(file, kind);
      expect(records.length).to.be.greaterThan(0);
      for (const record of records) {
        const text = documentText(kind, record);
        const doc = JSON.parse(text) as Doc;
        expect(CODECS[kind].expand(doc)).to.deep.equal(record);
        // Key order too, so that the API shows fields as the domain lists them.
        expect(JSON.stringify(CODECS[kind].expand(doc))).to.equal(JSON.stringify(record));
        expect(text.length).to.be.at.most(JSON.stringify(record).length);
        // A document stored whole (before documents were compacted) expands to itself.
        expect(CODECS[kind].expand(JSON.parse(JSON.stringify(record)) as Doc)).to.deep.equal(record);
      }
    });
  }

  const empty: Release = {
    id: 7,
    status: '',
    title: '',
    artists: [],
    extraartists: [],
    labels: [],
    series: [],
    companies: [],
    formats: [],
    genres: [],
    styles: [],
    country: '',
    released: '',
    notes: '',
    dataQuality: '',
    masterId: null,
    isMainRelease: false,
    tracklist: [],
    identifiers: [],
    videos: [],
    images: [],
  };

  it('leaves out defaults and what can be derived, and keeps what differs from them', () => {
    expect(documentText('releases', empty)).to.equal('{"id":7}');
    const release: Release = {
      ...empty,
      artists: [{ id: 0, name: 'Unlinked', anv: '', join: '', role: '', tracks: '' }],
      labels: [{ id: 5, name: 'Svek', catno: '', entityType: '1', entityTypeName: 'Label' }],
      series: [{ id: 6, name: 'S', catno: '1', entityType: '22', entityTypeName: 'Series' }],
      companies: [{ id: 7, name: 'C', catno: '', entityType: '23', entityTypeName: 'Recorded At' }],
      masterId: 0,
      tracklist: [
        { position: '', type: 'heading', title: 'Side A', duration: '', artists: [], extraartists: [], subTracks: [] },
        { position: '', type: 'track', title: 'Odd', duration: '', artists: [], extraartists: [], subTracks: [] },
      ],
      images: [{ type: 'primary', uri: '', uri150: '', width: 600, height: 0 }],
      videos: [{ uri: 'u', title: '', description: '', duration: 0, embed: true }],
    };
    const text = documentText('releases', release);
    expect(JSON.parse(text)).to.deep.equal({
      id: 7,
      artists: [{ name: 'Unlinked' }],
      labels: [{ id: 5, name: 'Svek' }],
      series: [{ id: 6, name: 'S', catno: '1' }],
      companies: [{ id: 7, name: 'C', entityType: '23', entityTypeName: 'Recorded At' }],
      masterId: 0,
      tracklist: [{ title: 'Side A' }, { type: 'track', title: 'Odd' }],
      videos: [{ uri: 'u', embed: true }],
      images: [{ type: 'primary', width: 600 }],
    });
    expect(expandRelease(JSON.parse(text) as Doc)).to.deep.equal(release);
  });

  it('escapes strings as JSON.stringify does and encodes them as UTF-8', () => {
    const tricky = [
      'quote " backslash \\ slash /',
      'tab\tline\ncarriage\rform\ffeed\bback',
      '\u0001\u001f\u007f',
      'Dahlbäck ⅓ 東京 😀',
      'lone \ud800 high, lone \udc00 low, pair \ud83d\ude00, end \ud83d',
      '',
    ];
    for (const title of tricky) {
      const text = documentText('releases', { ...empty, title, notes: title.repeat(20) });
      expect(text).to.equal(JSON.stringify({ id: 7, ...(title ? { title, notes: title.repeat(20) } : {}) }));
    }
  });
});
