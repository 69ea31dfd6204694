import { expect } from 'chai';
import {
  artistSearchFacts,
  clipToken,
  codeOf,
  EVERY_RECORD,
  postingTokens,
  titleKey,
  titleToken,
  titleTokenOf,
  vocabularyWords,
  foldText,
  labelSearchFacts,
  masterSearchFacts,
  releaseSearchFacts,
  searchTokens,
} from '../../../../domain/catalogue/search-facts.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease, aTrack, onLabel } from '../../../support/builders/catalogue-builders.js';

describe('search facts', () => {
  describe('foldText', () => {
    const cases: Array<[string, string]> = [
      ['Björk', 'björk'.normalize('NFKD').replace(/\p{M}/gu, '')],
      ['Sigur Rós', 'sigur ros'],
      ['Æther Œuvre', 'aether oeuvre'],
      ['Straße', 'strasse'],
      ['Łódź', 'lodz'],
      ['Mötley Crüe', 'motley crue'],
      ['ＡＢＣ', 'abc'],
      ['plain ascii', 'plain ascii'],
      ['坂本龍一', '坂本龍一'],
    ];
    for (const [text, folded] of cases) it(`"${text}" → "${folded}"`, () => expect(foldText(text)).to.equal(folded));
    it('folds Björk to bjork', () => expect(foldText('Björk')).to.equal('bjork'));
  });

  describe('searchTokens', () => {
    const cases: Array<[string, string[]]> = [
      ['The Beatles - Abbey Road', ['the', 'beatles', 'abbey', 'road']],
      ["Guns N' Roses", ['guns', 'n', 'roses']],
      ['  ', []],
      ['!!! (Chk Chk Chk)', ['chk', 'chk', 'chk']],
      ["'; drop table release; --", ['drop', 'table', 'release']],
      ['Folk, World, & Country', ['folk', 'world', 'country']],
      ['AC/DC', ['ac', 'dc']],
    ];
    for (const [text, tokens] of cases) it(`"${text}"`, () => expect(searchTokens(text)).to.deep.equal(tokens));
  });

  describe('codeOf', () => {
    const cases: Array<[string, string]> = [
      ['WAP 114', 'wap114'],
      ['WAP-114', 'wap114'],
      ['wap114', 'wap114'],
      ['5 099902 987224', '5099902987224'],
      ['none', 'none'],
      ['', ''],
      ['--', ''],
    ];
    for (const [text, code] of cases) it(`"${text}" → "${code}"`, () => expect(codeOf(text)).to.equal(code));
    it('gives every ASCII text the code the folding of any text gives it', () => {
      for (let i = 0; i < 2000; i++) {
        const t = Array.from({ length: i % 30 }, (_, k) => String.fromCharCode(32 + ((i * 37 + k * 13) % 95))).join('');
        expect(codeOf(t), JSON.stringify(t)).to.equal(foldText(t).replace(/[^\p{L}\p{N}]+/gu, ''));
      }
      expect(codeOf('Ø-12 ß')).to.equal('o12ss');
    });
  });

  describe('a release', () => {
    const release = aRelease(7, {
      title: 'Stockholm',
      artists: [aCredit(1, 'The Persuader', { anv: 'Persuader' })],
      extraartists: [aCredit(2, 'Jesper Dahlbäck', { role: 'Producer' })],
      labels: [onLabel(5, 'Svek', 'SK 032'), onLabel(6, 'Other Label', 'OL-1')],
      genres: ['Electronic'],
      styles: ['Deep House'],
      country: 'Sweden',
      released: '1999-03-00',
      formats: [{ name: 'Vinyl', qty: '2', text: 'Blue', descriptions: ['12"', '33 ⅓ RPM'] }],
      identifiers: [
        { type: 'Barcode', value: '7 391234 567890', description: '' },
        { type: 'Matrix / Runout', value: 'SK-032-A', description: '' },
      ],
      tracklist: [aTrack('A', 'Östermalm', { artists: [aCredit(3, 'Guest', { anv: 'The Guest' })] }), aTrack('B', 'Vasastaden')],
      masterId: 9,
    });
    const facts = releaseSearchFacts(release);

    it('titles the result "Artist - Title" (the credit line, name variations as credited) and keys it for exact titles', () => {
      expect(facts.result.title).to.equal('Persuader - Stockholm');
      expect(facts.title).to.equal('persuader stockholm');
    });
    it('grades its words: title, artists, labels and catalogue numbers, the rest', () => {
      expect(facts.words[0]).to.deep.equal(['stockholm']);
      expect(facts.words[1]).to.deep.equal(['the', 'persuader', 'persuader', 'guest', 'the', 'guest']);
      expect(facts.words[2]).to.deep.equal(['svek', 'other', 'label', 'sk', '032', 'ol', '1']);
      expect(facts.words[3]).to.include.members(['electronic', 'deep', 'house', 'ostermalm', 'jesper', 'dahlback']);
    });
    it('holds a token for every field a search filters on', () => {
      const terms = new Set(facts.terms);
      for (const t of [
        'ar:the', 'ar:persuader', 'ar:guest', 'an:persuader', 'an:the', 'an:guest', 'cr:jesper', 'cr:dahlback',
        'lb:svek', 'lb:other', 'lb:label', 'cn:sk032', 'cn:ol1', 'gn:electronic', 'st:deep', 'st:house', 'co:sweden',
        'yr:1999', 'fm:vinyl', 'fm:blue', 'fm:12', 'fm:rpm', 'tr:ostermalm', 'tr:vasastaden', 'bc:7391234567890',
      ]) {
        expect(terms.has(t), t).to.equal(true);
      }
      expect(facts.terms.some((t) => t.startsWith('bc:sk'))).to.equal(false, 'only barcodes are barcodes');
      expect(facts.terms).to.have.length(terms.size);
    });
    it('shows the values of a search result', () => {
      expect(facts.result).to.deep.equal({
        title: 'Persuader - Stockholm',
        year: '1999',
        country: 'Sweden',
        format: ['Vinyl', 'Blue', '12"', '33 ⅓ RPM'],
        label: ['Svek', 'Other Label'],
        genre: ['Electronic'],
        style: ['Deep House'],
        catno: 'SK 032',
        barcode: ['7 391234 567890'],
        formats: [{ name: 'Vinyl', qty: '2', text: 'Blue', descriptions: ['12"', '33 ⅓ RPM'] }],
        masterId: 9,
        thumb: '',
        uri: '/release/7-Persuader-Stockholm',
      });
      expect(facts.communityRelease).to.equal(7);
    });
    it('leaves the year blank when the release has none', () => {
      expect(releaseSearchFacts(aRelease(8, { released: '' })).result.year).to.equal('');
      expect(releaseSearchFacts(aRelease(8, { released: '' })).terms.some((t) => t.startsWith('yr:'))).to.equal(false);
    });
  });

  it('a master counts its main release for the community and is its own master', () => {
    const facts = masterSearchFacts(aMaster(3, { title: 'Stockholm', mainRelease: 7, year: 1999, artists: [aCredit(1, 'The Persuader')] }));
    expect(facts.kind).to.equal('master');
    expect(facts.communityRelease).to.equal(7);
    expect(facts.result.masterId).to.equal(3);
    expect(facts.result.barcode).to.equal(undefined);
    expect(facts.terms).to.include.members(['ar:persuader', 'yr:1999']);
  });

  it('an artist is found by its name and its other names; a label by its name', () => {
    const artist = artistSearchFacts(anArtist(1, { name: 'The Persuader', realname: 'Jesper Dahlbäck', namevariations: ['Persuader'] }));
    expect(artist.words).to.deep.equal([['the', 'persuader'], ['jesper', 'dahlback', 'persuader'], [], []]);
    expect(artist.result).to.include({ title: 'The Persuader', uri: '/artist/1-The-Persuader', year: '' });
    expect(artist.communityRelease).to.equal(null);
    const label = labelSearchFacts(aLabel(5, { name: 'Svek' }));
    expect(label.terms).to.deep.equal(['lb:svek']);
    expect(label.result.uri).to.equal('/label/5-Svek');
  });

  describe('posting tokens', () => {
    // A stand-in stemmer (the adapter's is Snowball English): drops a final "s".
    const stem = (w: string): string => w.replace(/s$/, '');
    const release = releaseSearchFacts(
      aRelease(7, {
        title: 'Once More',
        artists: [aCredit(1, 'The Beatles')],
        labels: [onLabel(5, 'Apple Records', 'PCS 7088')],
        genres: ['Rock'],
        tracklist: [aTrack('A', 'Beatles Once')],
      }),
    );
    const tokens = postingTokens(release, stem, new Map());

    it('stems every word under w:, keeps stop words, and grades each by where it is best (A 3, B 2, C 1, D 0)', () => {
      expect(tokens.get('w:once')).to.equal(3); // title, and a track (D)
      expect(tokens.get('w:more')).to.equal(3);
      expect(tokens.get('w:the')).to.equal(2); // the artist
      expect(tokens.get('w:beatle')).to.equal(2); // the artist beats the track
      expect(tokens.get('w:apple')).to.equal(1);
      expect(tokens.get('w:pc')).to.equal(1);
      expect(tokens.get('w:rock')).to.equal(0);
    });
    it('adds the field tokens, the token of every record, and the exact title’s, grade 0', () => {
      for (const t of ['ar:the', 'ar:beatles', 'lb:apple', 'cn:pcs7088', 'gn:rock', EVERY_RECORD]) expect(tokens.get(t), t).to.equal(0);
      expect(tokens.get(titleToken('beatles once more'))).to.equal(undefined);
      expect(tokens.get(titleToken(titleKey('The Beatles - Once More')))).to.equal(0);
    });
    it('makes one exact-title token of a title however it is written, and different ones of different titles', () => {
      expect(titleToken(titleKey('The Beatles - Once More'))).to.equal(titleToken(titleKey('the beatles once  more!')));
      expect(titleToken('a')).to.match(/^ti:[0-9a-z]+$/);
      const many = new Set(Array.from({ length: 10_000 }, (_, i) => titleToken(`title ${i}`)));
      expect(many.size).to.equal(10_000);
    });
    it('makes the exact-title token of a text as titleToken(titleKey(text)) does, read once for ASCII text', () => {
      const texts = [
        '', ' ', '--', 'a', 'A', 'The Beatles - Once More', '  the beatles once  more! ', 'AC/DC - Back In Black',
        '12" Mix (Part 2)', 'x'.repeat(300), 'Björk - Homogenic', 'Sigur Rós', 'Æther…', '日本語 タイトル', 'Mötley Crüe - 1987',
        'tab\tand\nnew line', '@#$%', 'Zz09', '[{ }]`~^_|\\',
      ];
      for (const t of texts) {
        const key = titleKey(t);
        expect(titleTokenOf(t), JSON.stringify(t)).to.equal(key === '' ? '' : titleToken(key));
      }
      for (let i = 0; i < 2000; i++) {
        const t = Array.from({ length: i % 40 }, (_, k) => String.fromCharCode(32 + ((i * 31 + k * 17) % 95))).join('');
        const key = titleKey(t);
        expect(titleTokenOf(t), JSON.stringify(t)).to.equal(key === '' ? '' : titleToken(key));
      }
    });
    it('cuts words and field tokens to 100 characters', () => {
      const long = releaseSearchFacts(aRelease(8, { title: 'x'.repeat(300), genres: ['y'.repeat(300)] }));
      const t = postingTokens(long, (w) => w, new Map());
      expect(t.has(`w:${'x'.repeat(100)}`)).to.equal(true);
      expect(t.has(clipToken(`gn:${'y'.repeat(300)}`))).to.equal(true);
      expect([...t.keys()].every((k) => k.length <= 102)).to.equal(true);
    });
    it('the vocabulary: words of titles, artists and labels of 3 to 40 characters with a letter', () => {
      expect([...vocabularyWords(release, new Set())].sort()).to.deep.equal(['apple', 'beatles', 'more', 'once', 'pcs', 'records', 'the']);
    });
  });
});
