import { expect } from 'chai';
import { creditLine, sortCreditLine, sortName, type ArtistCredit } from '../../../../domain/catalogue/credit.js';
import type { Format } from '../../../../domain/catalogue/release.js';
import { aRelease } from '../../../support/builders/catalogue-builders.js';
import { formatDetails, formatReleased, formatSummary, majorFormats, releaseListing, releaseYear } from '../../../../domain/catalogue/release-summary.js';
import { estimatedWeight, formatQuantity } from '../../../../domain/catalogue/shipping-estimate.js';
import { DEFAULT_ENTITY_TYPES } from '../../../../domain/catalogue/entity-types.js';
import type { TrackType } from '../../../../domain/catalogue/release.js';
import { trackType } from '../../../../domain/catalogue/track-type.js';

const credit = (name: string, join = '', anv = ''): ArtistCredit => ({ id: 1, name, anv, join, role: '', tracks: '' });
const format = (name: string, qty: string, descriptions: string[] = [], text = ''): Format => ({ name, qty, text, descriptions });

describe('catalogue rules', () => {
  describe('creditLine', () => {
    const cases: Array<[ArtistCredit[], string]> = [
      [[], ''],
      [[credit('The Persuader')], 'The Persuader'],
      [[credit('A', '&'), credit('B')], 'A & B'],
      [[credit('A', ','), credit('B', 'feat.'), credit('C')], 'A, B feat. C'],
      [[credit('A'), credit('B')], 'A, B'],
      [[credit('Jesper Dahlbäck', '/'), credit('DK', '', 'Dahlbäck & Krome')], 'Jesper Dahlbäck / Dahlbäck & Krome'],
    ];
    for (const [credits, line] of cases) it(`"${line}"`, () => expect(creditLine(credits)).to.equal(line));
  });

  describe('sort names', () => {
    const cases: Array<[string, string]> = [
      ['The Persuader', 'Persuader, The'],
      ['Theo Parrish', 'Theo Parrish'],
      ['Various', 'Various'],
      ['The', 'The'],
    ];
    for (const [name, sorted] of cases) it(`"${name}" → "${sorted}"`, () => expect(sortName(name)).to.equal(sorted));
    it('joins credits by name, not by name variation', () => {
      expect(sortCreditLine([credit('The Chemical Brothers', '&', 'Chems'), credit('The Beatles')])).to.equal('Chemical Brothers, The & Beatles, The');
    });
  });

  describe('releaseYear and formatReleased', () => {
    const cases: Array<[string, number, string]> = [
      ['1999-03-00', 1999, 'Mar 1999'],
      ['1995-01-15', 1995, '15 Jan 1995'],
      ['1989', 1989, '1989'],
      ['1989-00-00', 1989, '1989'],
      ['1989-13-01', 1989, '1989'],
      ['', 0, ''],
      ['Unknown', 0, 'Unknown'],
    ];
    for (const [text, year, shown] of cases) {
      it(`"${text}" → ${year}, "${shown}"`, () => {
        expect(releaseYear(text)).to.equal(year);
        expect(formatReleased(text)).to.equal(shown);
      });
    }
  });

  describe('format summaries', () => {
    const lp = format('Vinyl', '2', ['12"', '33 ⅓ RPM']);
    const cd = format('CD', '1', ['Album'], 'Enhanced');
    it('summarises quantity, name, text and descriptions', () => {
      expect(formatSummary([lp])).to.equal('2xVinyl, 12", 33 ⅓ RPM');
      expect(formatSummary([lp, cd])).to.equal('2xVinyl, 12", 33 ⅓ RPM, CD, Enhanced, Album');
      expect(formatSummary([])).to.equal('');
    });
    it('gives details without names and the distinct major formats', () => {
      expect(formatDetails([lp, cd])).to.equal('12", 33 ⅓ RPM, Album, Enhanced');
      expect(majorFormats([lp, cd, format('Vinyl', '1')])).to.deep.equal(['Vinyl', 'CD']);
    });
  });

  describe('releaseListing', () => {
    it('derives the list columns from the release', () => {
      const r = aRelease(1, {
        released: '1999-03-00',
        artists: [credit('A', '&'), credit('B', '', 'Bee')],
        labels: [
          { id: 5, name: 'Svek', catno: 'SK032', entityType: '1', entityTypeName: 'Label' },
          { id: 6, name: 'Other', catno: 'O1', entityType: '1', entityTypeName: 'Label' },
        ],
        formats: [format('Vinyl', '2', ['12"'])],
      });
      expect(releaseListing(r)).to.deep.equal({
        year: 1999,
        artist: 'A & Bee',
        label: 'Svek',
        catno: 'SK032',
        format: '2xVinyl, 12"',
        formatDetails: '12"',
        majorFormats: ['Vinyl'],
        thumb: '',
        // No master: no versions list shows it.
        facets: null,
      });
      expect(releaseListing(aRelease(2, { labels: [] }))).to.include({ label: '', catno: '' });
      expect(releaseListing({ ...r, masterId: 9 }).facets).to.deep.equal({ formats: ['Vinyl', '12"'], labels: ['Svek', 'Other'] });
    });
  });

  describe('trackType', () => {
    const sub = [{}];
    const cases: Array<[string, string, readonly unknown[], TrackType]> = [
      ['A1', '3:45', [], 'track'],
      ['A1', '', [], 'track'],
      ['', '3:45', [], 'track'],
      ['', '', [], 'heading'],
      [' ', '\n  ', [], 'heading'],
      ['', '', sub, 'index'],
      ['3', '10:00', sub, 'index'],
    ];
    for (const [position, duration, subTracks, type] of cases) {
      it(`position ${JSON.stringify(position)}, duration ${JSON.stringify(duration)}, ${subTracks.length} sub-tracks → ${type}`, () =>
        expect(trackType(position, duration, subTracks)).to.equal(type));
    }
  });

  describe('DEFAULT_ENTITY_TYPES', () => {
    it('implies label for labels, series for series, nothing for companies', () => {
      expect(DEFAULT_ENTITY_TYPES).to.deep.equal({
        labels: { entityType: '1', entityTypeName: 'Label' },
        series: { entityType: '22', entityTypeName: 'Series' },
        companies: { entityType: '', entityTypeName: '' },
      });
    });
  });

  describe('shipping estimate', () => {
    const cases: Array<[Format[], number, number]> = [
      [[format('Vinyl', '1', ['LP'])], 1, 230],
      [[format('Vinyl', '2', ['12"'])], 2, 460],
      [[format('Vinyl', '1', ['7"', 'Single'])], 1, 40],
      [[format('Vinyl', '1', ['10"'])], 1, 130],
      [[format('CD', '3', ['Album'])], 3, 300],
      [[format('File', '12', ['MP3'])], 12, 0],
      [[format('Box Set', '1'), format('Vinyl', '3', ['LP'])], 4, 690],
      [[format('Cassette', '')], 1, 60],
      [[format('Unknown Thing', 'x')], 1, 100],
    ];
    for (const [formats, qty, grams] of cases) {
      it(`${formatSummary(formats) || 'nothing'} → ${qty} items, ${grams} g`, () => {
        expect(formatQuantity(formats)).to.equal(qty);
        expect(estimatedWeight(formats)).to.equal(grams);
      });
    }
  });
});
