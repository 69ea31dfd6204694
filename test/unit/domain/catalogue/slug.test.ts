import { expect } from 'chai';
import { slugify } from '../../../../domain/catalogue/slug.js';

/** The definition: NFC, then every run of what is not a letter or digit of any script becomes one dash, trimmed. */
const definition = (text: string): string =>
  text.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');

describe('slugify', () => {
  const cases: Array<[string, string]> = [
    ['The Persuader - Stockholm', 'The-Persuader-Stockholm'],
    ['  --A__b  c--  ', 'A-b-c'],
    ['!!!', ''],
    ['', ''],
    ['Björk Homogenic', 'Björk-Homogenic'],
    ['Bjo\u0308rk', 'Björk'],
    ['坂本龍一 - 戦場のメリークリスマス', '坂本龍一-戦場のメリークリスマス'],
    ['Sigur Rós — ( )', 'Sigur-Rós'],
    ['Tab\tand\nline', 'Tab-and-line'],
    ['2 Unlimited - 12"', '2-Unlimited-12'],
  ];
  for (const [text, slug] of cases) {
    it(`${JSON.stringify(text)} → ${JSON.stringify(slug)}`, () => {
      expect(slugify(text)).to.equal(slug);
      expect(slugify(text)).to.equal(definition(text));
    });
  }

  it('agrees with the definition on every printable ASCII character and pairs of them', () => {
    for (let a = 0x20; a < 0x7f; a++) {
      for (const b of [0x20, 0x2d, 0x41, 0x5f, 0x7a, 0x7e]) {
        const text = `x${String.fromCharCode(a)}${String.fromCharCode(b)}y`;
        expect(slugify(text), JSON.stringify(text)).to.equal(definition(text));
      }
    }
  });
});
