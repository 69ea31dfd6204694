import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import pg from 'pg';
import type { Release } from '../../../domain/catalogue/release.js';
import type { Artist } from '../../../domain/catalogue/artist.js';
import type { Master } from '../../../domain/catalogue/master.js';
import { CONTRIBUTIONS } from '../../../composition/contributions/contributions-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { seedDemoData } from '../../support/catalogue-import.js';
import { demo, readDump } from '../../support/dump-fixtures.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { BASE_URL, testContainer } from '../../support/test-app.js';
import { openTestStorage, skipInMemory, type TestStorage } from '../../support/test-storage.js';

interface Result {
  id: number;
  type: string;
  title: string;
  year: string;
  catno: string;
  barcode?: string[];
  master_id?: number | null;
  master_url?: string | null;
  uri: string;
  resource_url: string;
  community: { want: number; have: number };
  [key: string]: unknown;
}
interface SearchBody {
  pagination: { page: number; pages: number; per_page: number; items: number; urls: Record<string, string> };
  results: Result[];
}

/*
 * The expectations are worked out here from the demo dumps' records with plain string handling (lower case, accents
 * stripped, words split on anything but letters and digits), independently of the search entries the import writes.
 */
const plain = (text: string): string => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
const words = (text: string): string[] => plain(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** Whether some text of `texts` holds… no: whether the texts together hold every word of `value`. */
const holdsAll = (texts: readonly string[], value: string): boolean => {
  const held = new Set(texts.flatMap(words));
  return words(value).every((w) => held.has(w));
};
const code = (text: string): string => plain(text).replace(/[^\p{L}\p{N}]/gu, '');
const releaseYear = (r: Release): number => Number(/^\s*(\d{4})/.exec(r.released)?.[1] ?? 0);
const tracksOf = (r: Release) => r.tracklist.flatMap((t) => [t, ...t.subTracks]);

describe('Database search over HTTP: GET /database/search (on the demo data)', function () {
  this.timeout(180_000);
  let storage: TestStorage;
  let container: Container;
  let app: Koa;
  let owner: TestUser;
  let client: TestApplication;
  let releases: Release[];
  let artists: Artist[];
  let masters: Master[];
  let as: (who: Who) => ReturnType<ReturnType<typeof apiAs>>;

  before(async () => {
    storage = await openTestStorage();
    await seedDemoData(storage, { progress: 'none' });
    container = testContainer(storage, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(storage);
    owner = await aUser(container, 'searcher');
    client = await anApplication(container, owner.name);
    as = apiAs(app, client);
    releases = await readDump(demo('releases'), 'releases');
    artists = await readDump(demo('artists'), 'artists');
    masters = await readDump(demo('masters'), 'masters');
  });
  after(() => storage.close());

  const search = async (params: string, who: Who = 'app'): Promise<SearchBody> => {
    const res = await as(who).get(`/database/search?${params}`);
    expect(res.status, `${params}: ${res.text}`).to.equal(200);
    return res.body as SearchBody;
  };
  /** Every result of a search, page after page (100 a page). */
  const all = async (params: string): Promise<Result[]> => {
    const out: Result[] = [];
    for (let page = 1; ; page++) {
      const body = await search(`${params}&per_page=100&page=${page}`);
      out.push(...body.results);
      if (page >= body.pagination.pages) return out;
    }
  };
  const releaseIds = (list: readonly Result[]): number[] => list.filter((r) => r.type === 'release').map((r) => r.id);
  /** Ids of the demo releases that `match`, in the order a search that ranks them all alike gives: by id. */
  const expected = (match: (r: Release) => boolean): number[] => releases.filter(match).map((r) => r.id).sort((a, b) => a - b);

  describe('each field alone finds exactly the releases that hold every word of it there', () => {
    const fieldCases: Array<[string, (r: Release) => string, (r: Release, value: string) => boolean]> = [
      ['artist', (r) => r.artists[0]?.name ?? '', (r, v) => holdsAll([...r.artists, ...tracksOf(r).flatMap((t) => t.artists)].flatMap((a) => [a.name, a.anv]), v)],
      ['anv', (r) => [...r.artists, ...r.extraartists].find((a) => a.anv !== '')?.anv ?? '', (r, v) => holdsAll([...r.artists, ...r.extraartists, ...tracksOf(r).flatMap((t) => t.artists)].map((a) => a.anv), v)],
      ['credit', (r) => r.extraartists[0]?.name ?? '', (r, v) => holdsAll([...r.extraartists, ...tracksOf(r).flatMap((t) => t.extraartists)].flatMap((a) => [a.name, a.anv]), v)],
      ['label', (r) => r.labels[0]?.name ?? '', (r, v) => holdsAll(r.labels.map((l) => l.name), v)],
      ['genre', (r) => r.genres[0] ?? '', (r, v) => holdsAll(r.genres, v)],
      ['style', (r) => r.styles[0] ?? '', (r, v) => holdsAll(r.styles, v)],
      ['country', (r) => r.country, (r, v) => holdsAll([r.country], v)],
      ['format', (r) => r.formats[0]?.name ?? '', (r, v) => holdsAll(r.formats.flatMap((f) => [f.name, f.text, ...f.descriptions]), v)],
      ['track', (r) => tracksOf(r)[0]?.title ?? '', (r, v) => holdsAll(tracksOf(r).map((t) => t.title), v)],
      ['catno', (r) => r.labels.find((l) => code(l.catno) !== '')?.catno ?? '', (r, v) => r.labels.some((l) => code(l.catno) === code(v))],
      ['barcode', (r) => r.identifiers.find((i) => i.type === 'Barcode' && code(i.value) !== '')?.value ?? '', (r, v) => r.identifiers.some((i) => i.type === 'Barcode' && code(i.value) === code(v))],
    ];
    for (const [field, pick, match] of fieldCases) {
      it(field, async () => {
        // Three values, from releases spread over the dump.
        for (const at of [0.1, 0.5, 0.9]) {
          const value = releases.slice(Math.floor(releases.length * at)).map(pick).find((v) => v.trim() !== '' && words(v).length > 0)!;
          const found = await all(`type=release&${field}=${encodeURIComponent(value)}`);
          expect(found.map((r) => r.id), `${field}=${value}`).to.deep.equal(expected((r) => match(r, value)));
        }
      });
    }

    it('year, and fields combined', async () => {
      const year = releaseYear(releases[100]!);
      expect(releaseIds(await all(`type=release&year=${year}`))).to.deep.equal(expected((r) => releaseYear(r) === year));
      const genre = releases[100]!.genres[0]!;
      const country = releases[100]!.country;
      expect(releaseIds(await all(`genre=${encodeURIComponent(genre)}&year=${year}&country=${encodeURIComponent(country)}`))).to.deep.equal(
        expected((r) => releaseYear(r) === year && holdsAll(r.genres, genre) && holdsAll([r.country], country)),
      );
    });

    it('title (artist and title together) and release_title (the title alone)', async () => {
      const r = releases[250]!;
      const artist = r.artists[0]!.name;
      const both = await all(`type=release&title=${encodeURIComponent(`${artist} ${r.title}`)}`);
      expect(both.map((x) => x.id)).to.include(r.id);
      const alone = await all(`type=release&release_title=${encodeURIComponent(r.title)}`);
      expect(alone.map((x) => x.id)).to.include(r.id);
      // The artist's name is no part of the title.
      const onlyArtistWords = words(artist).filter((w) => !words(r.title).includes(w) && w.length > 3);
      if (onlyArtistWords.length > 0) {
        const byArtistAsTitle = await all(`type=release&release_title=${encodeURIComponent(`${onlyArtistWords.join(' ')} ${r.title}`)}`);
        expect(byArtistAsTitle.map((x) => x.id)).to.not.include(r.id);
      }
    });
  });

  describe('free text', () => {
    it('finds a release by its title and artist, stems words and folds accents', async () => {
      const r = releases.find((x) => x.artists.some((a) => /[À-ž]/.test(a.name)) && x.title.length > 3)!;
      const name = r.artists.find((a) => /[À-ž]/.test(a.name))!.name;
      const unaccented = plain(name);
      const found = await all(`q=${encodeURIComponent(`${unaccented} ${r.title}`)}`);
      expect(releaseIds(found), `${unaccented} ${r.title}`).to.include(r.id);
      // "loving" finds "love" and the other way round (English stemming).
      const love = releases.filter((x) => words(x.title).includes('love')).map((x) => x.id);
      const loving = releaseIds(await all('q=loving&type=release'));
      expect(loving).to.include.members(love);
    });

    it('puts an exact catalogue number or barcode first, and `query` is a synonym of `q`', async () => {
      const r = releases.find((x) => x.labels.some((l) => /\d/.test(l.catno) && l.catno.length >= 5))!;
      const catno = r.labels.find((l) => /\d/.test(l.catno) && l.catno.length >= 5)!.catno;
      const first = (await search(`q=${encodeURIComponent(catno)}`)).results[0]!;
      expect(first.type).to.equal('release');
      expect(code(first.catno) === code(catno) || releases.find((x) => x.id === first.id)!.labels.some((l) => code(l.catno) === code(catno))).to.equal(true);
      const withBarcode = releases.find((x) => x.identifiers.some((i) => i.type === 'Barcode' && code(i.value).length >= 8))!;
      const barcode = withBarcode.identifiers.find((i) => i.type === 'Barcode' && code(i.value).length >= 8)!.value;
      const byBarcode = await search(`q=${encodeURIComponent(barcode)}`);
      const holders = expected((x) => x.identifiers.some((i) => i.type === 'Barcode' && code(i.value) === code(barcode)));
      expect(byBarcode.results.slice(0, holders.length).map((x) => x.id).sort((a, b) => a - b)).to.deep.equal(holders);
      expect(await search(`query=${encodeURIComponent(catno)}`)).to.deep.equal(await search(`q=${encodeURIComponent(catno)}`));
    });

    it('still finds a misspelt title (trigram similarity when no record holds every word)', async () => {
      const r = releases.find((x) => words(x.title).length >= 2 && words(x.title).every((w) => w.length >= 5))!;
      // Two letters of the longest word swapped, as a quick typist does.
      const longest = [...words(r.title)].sort((a, b) => b.length - a.length)[0]!;
      const misspelt = words(r.title)
        .map((w) => (w === longest ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w))
        .join(' ');
      const found = await search(`q=${encodeURIComponent(misspelt)}&type=release`);
      expect(found.results.map((x) => x.id), misspelt).to.include(r.id);
    });

    it('type=artist finds artists by name only, and masters carry their own master_id', async () => {
      const a = artists.find((x) => words(x.name).length >= 2)!;
      const found = await all(`type=artist&q=${encodeURIComponent(a.name)}`);
      expect(found.every((x) => x.type === 'artist')).to.equal(true);
      expect(found[0]!.id, a.name).to.satisfy((id: number) => artists.filter((x) => plain(x.name) === plain(a.name)).some((x) => x.id === id));
      const m = masters[10]!;
      const [master] = (await all(`type=master&q=${encodeURIComponent(m.title)}`)).filter((x) => x.id === m.id);
      expect(master).to.include({ id: m.id, type: 'master', master_id: m.id, master_url: `${BASE_URL}/masters/${m.id}`, resource_url: `${BASE_URL}/masters/${m.id}` });
      expect(master!.barcode).to.be.an('array');
    });
  });

  it('shows each result as the spec has it', async () => {
    const r = releases.find((x) => x.masterId !== null && x.identifiers.some((i) => i.type === 'Barcode'))!;
    const [hit] = (await all(`type=release&release_title=${encodeURIComponent(r.title)}`)).filter((x) => x.id === r.id);
    expect(Object.keys(hit!)).to.have.members([
      'id', 'type', 'title', 'thumb', 'cover_image', 'country', 'year', 'format', 'label', 'genre', 'style', 'catno', 'barcode',
      'formats', 'format_quantity', 'master_id', 'master_url', 'uri', 'resource_url', 'community',
    ]);
    expect(hit).to.include({
      id: r.id,
      type: 'release',
      country: r.country,
      year: releaseYear(r) > 0 ? String(releaseYear(r)) : '',
      master_id: r.masterId,
      master_url: `${BASE_URL}/masters/${r.masterId}`,
      resource_url: `${BASE_URL}/releases/${r.id}`,
      catno: r.labels[0]?.catno ?? '',
    });
    expect(hit!.uri).to.match(new RegExp(`^/release/${r.id}(-|$)`));
    expect(hit!.genre).to.deep.equal(r.genres);
    expect(hit!.barcode).to.deep.equal([...new Set(r.identifiers.filter((i) => i.type === 'Barcode').map((i) => i.value.trim()))]);
    expect(hit!.community).to.deep.equal({ want: 0, have: 0 });
  });

  describe('order and pages', () => {
    it('ranks alike by popularity (collections and wantlists), then by id; pages agree with each other', async () => {
      const genre = releases[300]!.genres[0]!;
      const ids = expected((r) => holdsAll(r.genres, genre));
      expect(ids.length).to.be.greaterThan(30);
      const popular = ids[ids.length - 1]!;
      const wanted = ids[ids.length - 2]!;
      const me = as(owner);
      expect((await me.post(`/s/${owner.name}/collection/folders/1/releases/${popular}`)).status).to.equal(201);
      expect((await me.post(`/s/${owner.name}/collection/folders/1/releases/${popular}`)).status).to.equal(201);
      expect((await me.put(`/s/${owner.name}/wants/${wanted}`)).status).to.equal(201);
      const found = await all(`type=release&genre=${encodeURIComponent(genre)}`);
      expect(found.map((x) => x.id)).to.deep.equal([popular, wanted, ...ids.filter((id) => id !== popular && id !== wanted)]);
      expect(found[0]!.community).to.deep.equal({ want: 0, have: 2 });
      expect(found[1]!.community).to.deep.equal({ want: 1, have: 0 });
      // The same order page by page, whatever the page size.
      const ten = await search(`type=release&genre=${encodeURIComponent(genre)}&per_page=10&page=2`);
      expect(ten.results.map((x) => x.id)).to.deep.equal(found.slice(10, 20).map((x) => x.id));
      expect(ten.pagination).to.include({ page: 2, per_page: 10, items: found.length, pages: Math.ceil(found.length / 10) });
      // Past the end: no results, the count still there.
      const past = await search(`type=release&genre=${encodeURIComponent(genre)}&page=9999`);
      expect(past.results).to.deep.equal([]);
      expect(past.pagination.items).to.equal(found.length);
      // Undone: back to the order by id.
      await me.delete(`/s/${owner.name}/wants/${wanted}`);
      expect((await search(`type=release&genre=${encodeURIComponent(genre)}&per_page=3`)).results.map((x) => x.id)).to.deep.equal([popular, ...ids.slice(0, 2)]);
    });

    it('every kind together, ties by id then kind', async () => {
      const body = await search('per_page=100');
      expect(body.pagination.items).to.be.at.least(3_900);
      // Past the popular ones (the release collected and the one wanted above, and their masters, which the demo has):
      // they rank first; the rest tie, by id then kind.
      const popular = (r: Result): boolean => r.community !== undefined && r.community.have + r.community.want > 0;
      const head = body.results.findIndex((r) => !popular(r));
      expect(body.results.slice(head).some(popular), 'the popular ones first').to.equal(false);
      const tail = body.results.slice(head);
      for (let i = 1; i < tail.length; i++) {
        const [a, b] = [tail[i - 1]!, tail[i]!];
        expect(a.id < b.id || (a.id === b.id && a.type < b.type), `${a.type} ${a.id} before ${b.type} ${b.id}`).to.equal(true);
      }
    });
  });

  it('submitter and contributor: the records in a user’s edit history', async () => {
    const record = container.get(CONTRIBUTIONS.RecordContribution);
    const [first, second] = [releases[5]!.id, releases[6]!.id];
    await record.execute({ user: owner.name, kind: 'release', catalogueId: first, action: 'submitted', at: new Date('2020-01-01T00:00:00Z') });
    await record.execute({ user: owner.name, kind: 'release', catalogueId: second, action: 'edited', at: new Date('2020-01-02T00:00:00Z') });
    expect((await all(`submitter=${owner.name}`)).map((x) => x.id)).to.deep.equal([first]);
    expect((await all(`contributor=${owner.name}`)).map((x) => x.id)).to.deep.equal([first, second]);
    expect((await all(`contributor=${owner.name}&submitter=${owner.name}`)).map((x) => x.id)).to.deep.equal([first]);
    expect(await all('submitter=nobody-at-all')).to.deep.equal([]);
  });

  describe('refusals', () => {
    it('asks for credentials (401 with WWW-Authenticate); an application key and secret are enough', async () => {
      const res = await as('anonymous').get('/database/search?q=love');
      expect(res.status).to.equal(401);
      expect(res.headers['www-authenticate']).to.equal(`OAuth realm="${BASE_URL}"`);
      expect(res.body).to.deep.equal({ message: 'You must authenticate to access this resource.' });
      expect((await as('app').get('/database/search?q=love')).status).to.equal(200);
      expect((await as(owner).get('/database/search?q=love')).status).to.equal(200);
    });

    const bad: Array<[string, string]> = [
      ['type=foo', 'Invalid type: expected one of release, master, artist or label, got "foo".'],
      ['year=abc', 'Invalid year: expected a year such as 1994, got "abc".'],
      ['year=19999', 'Invalid year: expected a year such as 1994, got "19999".'],
      ['per_page=0', 'Invalid per_page: expected a whole number of at least 1, got "0".'],
      ['page=-1', 'Invalid page: expected a whole number of at least 1, got "-1".'],
      [`q=${'a'.repeat(501)}`, 'Invalid q: expected at most 500 characters.'],
    ];
    for (const [params, message] of bad) {
      it(`${params.slice(0, 20)} → 422 naming the parameter`, async () => {
        const res = await as('app').get(`/database/search?${params}`);
        expect(res.status).to.equal(422);
        expect(res.body).to.deep.equal({ message });
      });
    }

    it('no input makes the database fail (fuzzed, every parameter)', async () => {
      const nasty = [
        "'", '"', '\\', "''; drop table release; --", '&', '|', '!', ':*', "a:*", '(a', 'a & | b', '<->', '%', '_', '{', '}',
        '{"a"}', '\u0000', 'a\u0000b', '\u0001\u0002', '\ud83d\ude00', '\ufffd', 'é', '  ', '-', '--', '0', '-1', '99999999999',
        "'a':AB", '[', ']', '$1', '?', '??', '???', 'null', 'ALL', '*', 'a'.repeat(500), 'ä'.repeat(500), '日本語のタイトル',
      ];
      const params = ['q', 'query', 'type', 'title', 'release_title', 'credit', 'artist', 'anv', 'label', 'genre', 'style', 'country',
        'year', 'format', 'catno', 'barcode', 'track', 'submitter', 'contributor', 'page', 'per_page'];
      let seed = 7;
      const random = (n: number): number => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed % n;
      };
      for (let i = 0; i < 300; i++) {
        const query = new URLSearchParams();
        for (let k = 0; k < 1 + random(3); k++) query.append(params[random(params.length)]!, nasty[random(nasty.length)]! + (random(2) ? nasty[random(nasty.length)]! : ''));
        const res = await as('app').get(`/database/search?${query.toString()}`);
        // 400: a character no query string may carry (U+0000), refused before any route (ADR 0028).
        expect([200, 400, 422], `${query.toString()}: ${res.text}`).to.include(res.status);
        if (query.toString().includes('%00')) expect(res.status).to.equal(400);
        expect(res.body).to.have.property(res.status === 200 ? 'results' : 'message');
      }
    });

    it('a search that runs past the time allowed answers 500 with the spec’s message (PostgreSQL)', async function () {
      skipInMemory(this);
      const url = process.env.DATABASE_URL;
      if (!url) this.skip();
      const slow = testContainer(storage, { SEARCH_TIMEOUT_MS: '300', RATE_LIMIT_AUTHENTICATED: '100000' });
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      try {
        // A transaction holding the posting lists makes the search wait past its time.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE search_posting IN ACCESS EXCLUSIVE MODE');
        const res = await apiAs(slow.get(HTTP.HttpApp) as unknown as Koa, client)('app').get('/database/search?q=love');
        expect(res.status).to.equal(500);
        expect(res.body).to.deep.equal({ message: 'Query time exceeded. Please try a simpler query.' });
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
    });
  });
});
