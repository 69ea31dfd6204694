import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { CataloguePresenter } from '../../../../adapters/http/catalogue/catalogue-presenter.js';
import { ApiUrls } from '../../../../adapters/http/urls.js';
import { BinaryCopyBuffer } from '../../../../adapters/persistence/catalogue/binary-copy-buffer.js';
import {
  fillTemplate,
  releaseOfTemplate,
  templateTracklist,
  releaseTemplate,
  SLOT,
  templateImages,
  templateNotes,
  writeReleaseTemplate,
} from '../../../../application/catalogue/release-document.js';
import type { CommunitySummary } from '../../../../application/ports/community-figures.js';
import type { MarketSummary } from '../../../../application/ports/market-figures.js';
import type { Release } from '../../../../domain/catalogue/release.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { aCredit, aRelease, aTrack, onLabel } from '../../../support/builders/catalogue-builders.js';
import { demo, readDump, SINGLE, SMALL } from '../../../support/dump-fixtures.js';
import { referenceReleaseDocument } from '../../../support/reference-release-document.js';
import { NO_PEOPLE, type ReleasePeople } from '../../../../application/ports/release-people.js';

/** Releases whose text holds what escaping and slugs must get right. */
const TRICKY: Release[] = [
  aRelease(1, {
    title: 'Ünïcödé "quoted" \\ back\tslash — 日本語 🎵',
    artists: [aCredit(7, 'Björk'), { ...aCredit(0, 'Unlinked'), anv: 'Ünlinked', join: '&' }],
    notes: 'Line one\nLine two\r\n\u2028separator\u2029 \u0001control\u0002 \ud800lone [a=X]',
    labels: [onLabel(3, 'Label "Q"', 'CAT\\1')],
    masterId: 9,
    isMainRelease: true,
    tracklist: [
      aTrack('A1', 'Track "one"', { subTracks: [aTrack('A1a', 'Sub \u00e9')] }),
      { ...aTrack('', 'Heading'), type: 'heading' },
    ],
    formats: [
      { name: 'Vinyl', qty: '2', text: 'Red "splatter"', descriptions: ['LP', '12"'] },
      { name: 'CD', qty: '1', text: '', descriptions: [] },
    ],
    identifiers: [
      { type: 'Barcode', value: '123', description: 'Printed "here"' },
      { type: 'Matrix', value: 'A\\B', description: '' },
    ],
    videos: [{ uri: 'https://v/1', title: 'V', description: 'D', duration: 215, embed: true }],
    images: [
      { type: 'secondary', uri: 'https://i/2', uri150: 'https://i/2-150', width: 600, height: 600 },
      { type: 'primary', uri: 'https://i/1', uri150: 'https://i/1-150', width: 500, height: 500 },
    ],
    genres: ['Electronic'],
    styles: ['Techno', 'Dub "Techno"'],
  }),
  aRelease(2, { title: '', artists: [], notes: '', released: '1999-13-40', masterId: null }),
  aRelease(3, { title: '!!!', artists: [aCredit(1, '???')], released: '2001-02' }),
];

const DATE_ADDED = new Date('2020-08-06T10:00:00Z');
const DATE_CHANGED = new Date('2024-01-02T03:04:05Z');

interface Figures {
  readonly market: MarketSummary;
  readonly community: CommunitySummary;
  readonly people: ReleasePeople;
}

const FIGURES: Figures[] = [
  {
    market: { numForSale: 0, lowestPrice: null },
    community: { community: { inCollection: 0, inWantlist: 0 }, rating: { count: 0, average: null }, user: null },
    people: NO_PEOPLE,
  },
  {
    market: { numForSale: 12, lowestPrice: Money.fromDecimal('12.35', 'EUR') },
    community: { community: { inCollection: 120, inWantlist: 45 }, rating: { count: 7, average: 4.29 }, user: null },
    people: { submitter: 'alice', contributors: ['alice', 'b"ob é'] },
  },
  {
    market: { numForSale: 1, lowestPrice: Money.fromDecimal('1200', 'JPY') },
    community: {
      community: { inCollection: 3, inWantlist: 1 },
      rating: { count: 1, average: 5 },
      user: { inCollection: 1, inWantlist: 0 },
    },
    people: { submitter: null, contributors: ['editor'] },
  },
];

const URLS = [
  new ApiUrls('http://127.0.0.1:3000', 'http://127.0.0.1:3000', 'users'),
  new ApiUrls('https://api.example.com/v2', 'https://www.example.com/"web"', 'users'),
];

async function fixtureReleases(): Promise<Release[]> {
  const files = [
    demo('releases'),
    path.join(SMALL, 'releases.xml'),
    ...fs.readdirSync(SINGLE).filter((f) => f.startsWith('release_')).map((f) => path.join(SINGLE, f)),
  ];
  const out: Release[] = [];
  for (const file of files) out.push(...(await readDump(file, 'releases')));
  return out;
}

describe('Release document templates', function () {
  this.timeout(60_000);
  let releases: Release[];

  before(async () => {
    releases = [...TRICKY, ...(await fixtureReleases())];
    expect(releases.length).to.be.above(1000);
  });

  it('filled, are byte for byte the document the presenter built from the release (every fixture release)', () => {
    for (const urls of URLS) {
      const presenter = new CataloguePresenter(urls, 'spec');
      for (const release of releases) {
        const template = releaseTemplate(release);
        const blank = release.images.map((im) => ({ ...im, uri: '', uri150: '' }));
        const linked = release.images.map((im, n) => ({ ...im, uri: `${urls.baseUrl}/images/sig${n}/release/${release.id}/${n}.jpg`, uri150: `${urls.baseUrl}/images/s"q${n}/x` }));
        for (const [figures, notes, images] of FIGURES.flatMap((f) =>
          [undefined, 'Rendered <b>notes</b> "quoted"\n'].flatMap((n) => [[f, n, undefined], [f, n, linked]] as const),
        )) {
          {
            const view = { template, notes, images, dateAdded: DATE_ADDED, dateChanged: DATE_CHANGED, currency: 'USD' as const, ...figures };
            const reference = referenceReleaseDocument(urls, {
              release,
              images: images ?? blank,
              notes: notes ?? release.notes,
              dateAdded: DATE_ADDED,
              dateChanged: DATE_CHANGED,
              ...figures,
            });
            const filled = presenter.release(view);
            if (filled !== JSON.stringify(reference)) {
              expect(filled, `release ${release.id}`).to.equal(JSON.stringify(reference));
            }
          }
        }
      }
    }
  });

  it('written into a COPY buffer, are the same bytes as written into a string', () => {
    for (const release of releases) {
      const buffer = new BinaryCopyBuffer();
      buffer.beginJson();
      writeReleaseTemplate(buffer, release);
      buffer.endJson();
      const bytes = Buffer.from(buffer.view());
      // A COPY field: its length (4 bytes), then the text.
      const text = bytes.subarray(4).toString('utf8');
      if (text !== releaseTemplate(release)) expect(text, `release ${release.id}`).to.equal(releaseTemplate(release));
      expect(bytes.readInt32BE(0)).to.equal(bytes.length - 4);
    }
  });

  it('give back the release they were written from (image URLs empty: links are made per caller), and its notes and images', () => {
    for (const release of releases) {
      const template = releaseTemplate(release);
      const back = releaseOfTemplate(template, release.isMainRelease);
      const expected = { ...release, images: release.images.map((im) => ({ ...im, uri: '', uri150: '' })) };
      if (JSON.stringify(back) !== JSON.stringify(expected)) expect(back, `release ${release.id}`).to.deep.equal(expected);
      expect(templateNotes(template)).to.equal(release.notes);
      expect(templateImages(template)).to.deep.equal(expected.images);
      // A master's page reads the tracklist alone.
      expect(templateTracklist(template), `release ${release.id}`).to.deep.equal(release.tracklist);
    }
  });

  it('hold each slot raw, and data never holds the slot character raw', () => {
    const template = releaseTemplate(TRICKY[0]!);
    expect(template).to.include(`"resource_url":"${SLOT}B/releases/1"`);
    expect(template).to.include(`"date_added":${SLOT}A,"date_changed":${SLOT}D`);
    // The notes' own U+0001 is escaped, as JSON.stringify escapes it.
    expect(template).to.include('\\u0001control\\u0002');
    const slots = template.split(SLOT).length - 1;
    // The release's two URLs, one linked artist, one label, the master; eight values; the notes, images and thumb
    // markers; the people of the edit history.
    expect(slots).to.equal(2 + 1 + 1 + 1 + 8 + 3 + 1);
  });

  it('refuses a template with a slot it does not know', () => {
    const values = {
      apiBase: '', webBase: '', have: '0', want: '0', ratingCount: '0', ratingAverage: '0', dateAdded: '""',
      dateChanged: '""', numForSale: '0', lowestPrice: 'null', people: '"submitter":null,"contributors":[]',
    };
    expect(() => fillTemplate(`{"a":${SLOT}Z}`, values)).to.throw('unknown slot');
    expect(fillTemplate(`{"a":${SLOT}H}`, values)).to.equal('{"a":0}');
  });
});
