import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { AGENT, BASE_URL, testApp, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

describe('catalogue API', () => {
  let storage: TestStorage;
  let app: Koa;
  const get = (path: string, headers: Record<string, string> = {}) =>
    request(app.callback()).get(path).set('User-Agent', AGENT).set(headers);

  before(async () => {
    storage = await openTestStorage(CATALOGUE_FIXTURES);
    app = testApp(storage, { RATE_LIMIT_ANONYMOUS: '100000' });
  });
  after(() => storage.close());

  describe('GET /releases/{id}', () => {
    it('returns the release with every field the spec lists', async () => {
      const res = await get('/releases/9000002').expect(200).expect('Content-Type', /application\/json/);
      const r = res.body;
      expect(r).to.include({
        id: 9000002,
        title: 'Synthetic Master',
        status: 'Accepted',
        year: 1995,
        country: 'UK',
        released: '1995-01-15',
        released_formatted: '15 Jan 1995',
        data_quality: 'Correct',
        master_id: 900001,
        master_url: `${BASE_URL}/masters/900001`,
        resource_url: `${BASE_URL}/releases/9000002`,
        uri: `${WEB_URL}/release/9000002-Test-Artist-Other-Synthetic-Master`,
        num_for_sale: 0,
        lowest_price: null,
        format_quantity: 2,
        estimated_weight: 460,
        thumb: '',
        notes: 'Original by [a=Test Artist], see [m900001].',
      });
      expect(r.artists).to.deep.equal([
        { id: 900100, name: 'Test Artist', anv: '', join: '&', role: '', tracks: '', resource_url: `${BASE_URL}/artists/900100` },
        { id: 900101, name: 'Other Artist (2)', anv: 'Other', join: '', role: '', tracks: '', resource_url: `${BASE_URL}/artists/900101` },
      ]);
      expect(r.extraartists).to.deep.equal([
        { id: 900102, name: 'Producer Person', anv: '', join: '', role: 'Producer', tracks: '', resource_url: `${BASE_URL}/artists/900102` },
      ]);
      expect(r.labels).to.deep.equal([
        { id: 900201, name: 'Beta Music', catno: 'BM-7', entity_type: '1', entity_type_name: 'Label', resource_url: `${BASE_URL}/labels/900201` },
      ]);
      expect(r.formats).to.deep.equal([{ name: 'Vinyl', qty: '2', text: 'Red', descriptions: ['LP', 'Album'] }]);
      expect(r.genres).to.deep.equal(['Electronic']);
      expect(r.styles).to.deep.equal(['Techno']);
      expect(r.tracklist).to.have.length(2);
      expect(r.tracklist[1]).to.deep.include({ position: 'A2', type_: 'track', title: 'Two', duration: '6:10' });
      expect(r.tracklist[1].artists[0]).to.include({ id: 900103, name: 'Guest Act' });
      expect(r.tracklist[1].extraartists[0]).to.include({ id: 900104, role: 'Remix' });
      expect(r.community).to.deep.include({ have: 0, want: 0, rating: { count: 0, average: 0 }, status: 'Accepted' });
      expect(r.date_added).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(r.date_changed).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      for (const key of ['identifiers', 'videos', 'images', 'series', 'companies']) expect(r[key]).to.be.an('array');
    });

    it('omits master_id and master_url for a release without a master', async () => {
      const { body } = await get('/releases/9000004').expect(200);
      expect(body).not.to.have.property('master_id');
      expect(body).not.to.have.property('master_url');
    });

    it('accepts every currency code in curr_abbr and refuses others with 422 naming the parameter', async () => {
      for (const c of ['USD', 'EUR', 'JPY', 'ZAR']) await get(`/releases/1?curr_abbr=${c}`).expect(200);
      const res = await get('/releases/1?curr_abbr=XXX').expect(422);
      expect(res.body.message).to.match(/^Invalid curr_abbr/);
    });

    it('404s with the spec message for unknown, zero, negative and non-numeric ids', async () => {
      for (const id of ['999999999', '0', '-1', 'abc', '1.5', '99999999999999999999']) {
        const res = await get(`/releases/${id}`).expect(404);
        expect(res.text).to.equal('{"message": "Release not found."}');
      }
    });

    it('renders notes in the format the Accept header asks for', async () => {
      const html = await get('/releases/9000002', { Accept: 'application/vnd.service.v2.html+json' }).expect(200);
      expect(html.body.notes).to.equal(
        `Original by <a href="${WEB_URL}/artist/Test%20Artist">Test Artist</a>, see <a href="${WEB_URL}/master/900001">Synthetic Master</a>.`,
      );
      const plain = await get('/releases/9000001', { Accept: 'application/vnd.service.v2.plaintext+json' }).expect(200);
      expect(plain.body.notes).to.equal('Reissue of Synthetic Master on Alpha Records.');
      const markup = await get('/releases/9000001', { Accept: 'application/vnd.service.v2.service+json' }).expect(200);
      expect(markup.body.notes).to.equal('Reissue of [r9000002] on [l900200].');
    });
  });

  describe('GET /masters/{id}', () => {
    it('returns the master with its main release tracklist and URLs', async () => {
      const { body } = await get('/masters/900001').expect(200);
      expect(body).to.include({
        id: 900001,
        title: 'Synthetic Master',
        year: 1995,
        main_release: 9000002,
        main_release_url: `${BASE_URL}/releases/9000002`,
        // Released 2005, after 1995-01-15 and 1996-05-00.
        most_recent_release: 9000003,
        most_recent_release_url: `${BASE_URL}/releases/9000003`,
        versions_url: `${BASE_URL}/masters/900001/versions`,
        resource_url: `${BASE_URL}/masters/900001`,
        data_quality: 'Correct',
        num_for_sale: 0,
        lowest_price: null,
      });
      expect(body.tracklist.map((t: { title: string }) => t.title)).to.deep.equal(['One', 'Two']);
      expect(body.artists.map((a: { name: string }) => a.name)).to.deep.equal(['Test Artist', 'Other Artist (2)']);
      expect(body.genres).to.deep.equal(['Electronic']);
      expect(body.images).to.deep.equal([]);
      expect(body.videos).to.deep.equal([]);
    });

    it('404s with "Master Release not found."', async () => {
      const res = await get('/masters/1').expect(404);
      expect(res.text).to.equal('{"message": "Master Release not found."}');
    });
  });

  describe('GET /masters/{id}/versions', () => {
    const ids = (body: { versions: { id: number }[] }) => body.versions.map((v) => v.id);

    it('lists versions with their fields, oldest first by default', async () => {
      const { body } = await get('/masters/900001/versions').expect(200);
      expect(ids(body)).to.deep.equal([9000002, 9000001, 9000003]);
      expect(body.pagination).to.deep.equal({ page: 1, pages: 1, per_page: 50, items: 3, urls: {} });
      expect(body.versions[0]).to.deep.equal({
        id: 9000002,
        label: 'Beta Music',
        country: 'UK',
        title: 'Synthetic Master',
        major_formats: ['Vinyl'],
        format: 'LP, Album, Red',
        catno: 'BM-7',
        released: '1995-01-15',
        status: 'Accepted',
        resource_url: `${BASE_URL}/releases/9000002`,
        thumb: '',
        stats: { community: { in_wantlist: 0, in_collection: 0 }, user: { in_wantlist: 0, in_collection: 0 } },
      });
    });

    it('filters by format, label, released year and country (case-insensitive)', async () => {
      expect(ids((await get('/masters/900001/versions?format=vinyl').expect(200)).body)).to.deep.equal([9000002, 9000001]);
      expect(ids((await get('/masters/900001/versions?format=CD').expect(200)).body)).to.deep.equal([9000003]);
      expect(ids((await get('/masters/900001/versions?label=alpha%20records').expect(200)).body)).to.deep.equal([9000001, 9000003]);
      expect(ids((await get('/masters/900001/versions?released=1996').expect(200)).body)).to.deep.equal([9000001]);
      expect(ids((await get('/masters/900001/versions?country=US').expect(200)).body)).to.deep.equal([9000003]);
      expect(ids((await get('/masters/900001/versions?format=Vinyl&country=Germany').expect(200)).body)).to.deep.equal([9000001]);
      const none = await get('/masters/900001/versions?country=Japan').expect(200);
      expect(none.body.pagination).to.deep.equal({ page: 1, pages: 1, per_page: 50, items: 0, urls: {} });
      expect(none.body.versions).to.deep.equal([]);
      expect(none.body.filters.applied).to.deep.equal({ country: ['Japan'] });
    });

    it('filters format by descriptions as well as names, label by any label, several values of a facet (repeated parameters)', async () => {
      expect(ids((await get('/masters/900001/versions?format=Album').expect(200)).body)).to.deep.equal([9000002, 9000003]);
      expect(ids((await get('/masters/900001/versions?format=12%22').expect(200)).body)).to.deep.equal([9000001]);
      expect(ids((await get('/masters/900001/versions?format=LP&format=CD').expect(200)).body)).to.deep.equal([9000002, 9000003]);
      // The form-encoded value the facet offers works as it is.
      expect(ids((await get('/masters/900001/versions?label=Alpha+Records&country=US&country=UK').expect(200)).body)).to.deep.equal([9000003]);
      expect(ids((await get('/masters/900001/versions?released=1995&released=2005').expect(200)).body)).to.deep.equal([9000002, 9000003]);
      const many = Array.from({ length: 51 }, (_, i) => `format=F${i}`).join('&');
      expect((await get(`/masters/900001/versions?${many}`).expect(422)).body.message).to.match(/^Invalid format: /);
      expect((await get('/masters/900001/versions?released=1995&released=soon').expect(422)).body.message).to.match(/^Invalid released: /);
    });

    it('answers filters and filter_facets as the public API does: every facet counted under the other facets\u2019 filters', async () => {
      const all = (await get('/masters/900001/versions').expect(200)).body;
      expect(Object.keys(all)).to.deep.equal(['pagination', 'filters', 'filter_facets', 'versions']);
      expect(all.filters).to.deep.equal({
        applied: {},
        available: {
          format: { Album: 2, Vinyl: 2, '12"': 1, CD: 1, LP: 1, Remastered: 1 },
          label: { 'Alpha Records': 2, 'Beta Music': 1 },
          country: { Germany: 1, UK: 1, US: 1 },
          released: { 1995: 1, 1996: 1, 2005: 1 },
        },
      });
      expect(all.filter_facets.map((f: Record<string, unknown>) => [f.id, f.title, f.allows_multiple_values])).to.deep.equal([
        ['format', 'Format', true], ['label', 'Label', true], ['country', 'Country', true], ['released', 'Released', true],
      ]);
      expect(all.filter_facets[0].values.slice(0, 3)).to.deep.equal([
        { title: 'Album', value: 'Album', count: 2 },
        { title: 'Vinyl', value: 'Vinyl', count: 2 },
        { title: '12"', value: '12%22', count: 1 },
      ]);
      expect(all.filter_facets[1].values[0]).to.deep.equal({ title: 'Alpha Records', value: 'Alpha+Records', count: 2 });
      // Vinyl applied: the format facet still offers every format of the versions (counted without its own filter);
      // the others count the vinyl versions alone.
      const vinyl = (await get('/masters/900001/versions?format=Vinyl').expect(200)).body;
      expect(vinyl.filters.applied).to.deep.equal({ format: ['Vinyl'] });
      expect(vinyl.filters.available.format).to.deep.equal(all.filters.available.format);
      expect(vinyl.filters.available.label).to.deep.equal({ 'Alpha Records': 1, 'Beta Music': 1 });
      expect(vinyl.filters.available.released).to.deep.equal({ 1995: 1, 1996: 1 });
    });

    it('sorts by every key of the spec in both directions', async () => {
      const cases: Array<[string, number[]]> = [
        ['released', [9000002, 9000001, 9000003]],
        ['title', [9000001, 9000002, 9000003]],
        ['format', [9000001, 9000003, 9000002]],
        ['label', [9000001, 9000003, 9000002]],
        ['catno', [9000001, 9000003, 9000002]],
        ['country', [9000001, 9000002, 9000003]],
      ];
      for (const [sort, asc] of cases) {
        expect(ids((await get(`/masters/900001/versions?sort=${sort}`).expect(200)).body), sort).to.deep.equal(asc);
        expect(ids((await get(`/masters/900001/versions?sort=${sort}&sort_order=desc`).expect(200)).body), `${sort} desc`).to.deep.equal([...asc].reverse());
      }
    });

    it('paginates with the pagination object and Link header', async () => {
      const res = await get('/masters/900001/versions?per_page=1&page=2&country=').expect(200);
      expect(ids(res.body)).to.deep.equal([9000001]);
      const base = `${BASE_URL}/masters/900001/versions`;
      expect(res.body.pagination).to.deep.equal({
        page: 2,
        pages: 3,
        per_page: 1,
        items: 3,
        urls: {
          first: `${base}?country=&per_page=1&page=1`,
          prev: `${base}?country=&per_page=1&page=1`,
          next: `${base}?country=&per_page=1&page=3`,
          last: `${base}?country=&per_page=1&page=3`,
        },
      });
      expect(res.headers.link).to.equal(
        `<${base}?country=&per_page=1&page=1>; rel="first", <${base}?country=&per_page=1&page=1>; rel="prev", ` +
          `<${base}?country=&per_page=1&page=3>; rel="next", <${base}?country=&per_page=1&page=3>; rel="last"`,
      );
    });

    it('ignores an unknown sort or sort_order (the default order), and refuses a bad released with 422', async () => {
      const ids = async (query: string) => (await get(`/masters/900001/versions${query}`).expect(200)).body.versions.map((v: { id: number }) => v.id);
      const byDefault = await ids('');
      expect(await ids('?sort=price')).to.deep.equal(byDefault);
      expect(await ids('?sort_order=up')).to.deep.equal(byDefault);
      expect(await ids('?sort=TITLE&sort_order=DESC')).to.deep.equal(await ids('?sort=title&sort_order=desc'));
      expect((await get('/masters/900001/versions?released=nineties').expect(422)).body.message).to.match(/^Invalid released: /);
    });

    it('404s for an unknown master', async () => {
      expect((await get('/masters/424242/versions').expect(404)).text).to.equal('{"message": "Master Release not found."}');
    });
  });

  describe('GET /artists/{id}', () => {
    it('returns the artist with profile, urls, name variations and members', async () => {
      const { body } = await get('/artists/900100').expect(200);
      expect(body).to.include({
        id: 900100,
        name: 'Test Artist',
        realname: 'Tess Tartist',
        resource_url: `${BASE_URL}/artists/900100`,
        uri: `${WEB_URL}/artist/900100-Test-Artist`,
        releases_url: `${BASE_URL}/artists/900100/releases`,
        data_quality: 'Correct',
        profile: 'Member of [a900101]. Runs [l=Alpha Records]. [b]Bold[/b] <script>',
      });
      expect(body.urls).to.deep.equal(['https://example.org/test-artist']);
      expect(body.namevariations).to.deep.equal(['T. Artist']);
      const group = (await get('/artists/2').expect(200)).body;
      // The dumps do not say whether a member is still active: no `active` is made up.
      expect(group.members).to.deep.equal([
        { id: 26, name: 'Alexi Delano', resource_url: `${BASE_URL}/artists/26` },
        { id: 27, name: 'Cari Lekebusch', resource_url: `${BASE_URL}/artists/27` },
      ]);
    });

    it('renders the profile as escaped html with links, and as plain text', async () => {
      const html = await get('/artists/900100', { Accept: 'application/vnd.service.v2.html+json' }).expect(200);
      expect(html.body.profile).to.equal(
        `Member of <a href="${WEB_URL}/artist/900101">Other Artist (2)</a>. Runs <a href="${WEB_URL}/label/Alpha%20Records">Alpha Records</a>. <b>Bold</b> &lt;script&gt;`,
      );
      const plain = await get('/artists/900100', { Accept: 'application/vnd.service.v2.plaintext+json' }).expect(200);
      expect(plain.body.profile).to.equal('Member of Other Artist (2). Runs Alpha Records. Bold <script>');
    });

    it('404s with "Artist not found."', async () => {
      expect((await get('/artists/424242').expect(404)).text).to.equal('{"message": "Artist not found."}');
    });
  });

  describe('GET /artists/{id}/releases', () => {
    it('groups versions under their master and lists releases without a master, with roles', async () => {
      const { body } = await get('/artists/900100/releases').expect(200);
      expect(body.pagination).to.include({ items: 2, page: 1, pages: 1 });
      expect(body.releases).to.deep.equal([
        {
          id: 900001,
          type: 'master',
          title: 'Synthetic Master',
          main_release: 9000002,
          artist: 'Test Artist & Other',
          role: 'Main',
          year: 1995,
          thumb: '',
          resource_url: `${BASE_URL}/masters/900001`,
          stats: { community: { in_wantlist: 0, in_collection: 0 }, user: { in_wantlist: 0, in_collection: 0 } },
        },
        {
          id: 9000004,
          type: 'release',
          title: 'Solo Single',
          artist: 'Test Artist',
          role: 'Main',
          year: 1997,
          thumb: '',
          format: 'Vinyl, 7", Single',
          label: 'Beta Music',
          status: 'Accepted',
          resource_url: `${BASE_URL}/releases/9000004`,
          stats: { community: { in_wantlist: 0, in_collection: 0 }, user: { in_wantlist: 0, in_collection: 0 } },
        },
      ]);
    });

    it('lists credits and track appearances with their roles', async () => {
      const producer = (await get('/artists/900102/releases').expect(200)).body.releases;
      expect(producer.map((e: { id: number; role: string }) => [e.id, e.role])).to.deep.equal([[900001, 'Producer']]);
      const guest = (await get('/artists/900103/releases').expect(200)).body.releases;
      expect(guest.map((e: { id: number; role: string }) => [e.id, e.role])).to.deep.equal([[900001, 'Appearance']]);
      const remixer = (await get('/artists/900104/releases').expect(200)).body.releases;
      expect(remixer.map((e: { id: number; role: string }) => [e.id, e.role])).to.deep.equal([[900001, 'TrackAppearance']]);
    });

    it('sorts by year, title and format in both directions', async () => {
      const order = async (q: string) =>
        (await get(`/artists/900100/releases?${q}`).expect(200)).body.releases.map((e: { id: number }) => e.id);
      expect(await order('sort=year')).to.deep.equal([900001, 9000004]);
      expect(await order('sort=year&sort_order=desc')).to.deep.equal([9000004, 900001]);
      expect(await order('sort=title')).to.deep.equal([9000004, 900001]);
      expect(await order('sort=title&sort_order=desc')).to.deep.equal([900001, 9000004]);
      expect(await order('sort=format')).to.deep.equal([900001, 9000004]);
      expect(await order('sort=format&sort_order=desc')).to.deep.equal([9000004, 900001]);
    });

    it('paginates a real artist from the dump samples', async () => {
      const all = (await get('/artists/60/releases?per_page=100').expect(200)).body;
      expect(all.pagination.items).to.be.greaterThan(10);
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(all.pagination.items / 5); page++) {
        const res = await get(`/artists/60/releases?per_page=5&page=${page}`).expect(200);
        seen.push(...res.body.releases.map((e: { id: number }) => e.id));
      }
      expect(seen).to.deep.equal(all.releases.map((e: { id: number }) => e.id));
    });

    it('ignores an unknown sort (the default order) and 404s for an unknown artist', async () => {
      const ids = async (query: string) => (await get(`/artists/900100/releases${query}`).expect(200)).body.releases.map((e: { id: number }) => e.id);
      expect(await ids('?sort=label')).to.deep.equal(await ids(''));
      expect((await get('/artists/424242/releases').expect(404)).text).to.equal('{"message": "Artist not found."}');
    });
  });

  describe('GET /labels/{id}', () => {
    it('returns the label with contact info, sublabels and parent', async () => {
      const { body } = await get('/labels/900200').expect(200);
      expect(body).to.include({
        id: 900200,
        name: 'Alpha Records',
        resource_url: `${BASE_URL}/labels/900200`,
        uri: `${WEB_URL}/label/900200-Alpha-Records`,
        releases_url: `${BASE_URL}/labels/900200/releases`,
        _info: '1 Alpha Street\r\nBerlin',
        profile: 'Sister label of [l900201].',
        data_quality: 'Correct',
      });
      expect(body.sublabels).to.deep.equal([{ id: 900202, name: 'Alpha Sub', resource_url: `${BASE_URL}/labels/900202` }]);
      expect(body.urls).to.deep.equal(['https://alpha.example']);
      const child = (await get('/labels/900201').expect(200)).body;
      expect(child.parent_label).to.deep.equal({ id: 900200, name: 'Alpha Records', resource_url: `${BASE_URL}/labels/900200` });
    });

    it('404s with "Label not found."', async () => {
      expect((await get('/labels/424242').expect(404)).text).to.equal('{"message": "Label not found."}');
    });
  });

  describe('GET /labels/{id}/releases', () => {
    it('lists each release with its catalogue number on the label', async () => {
      const { body } = await get('/labels/900200/releases').expect(200);
      expect(body.pagination).to.deep.equal({ page: 1, pages: 1, per_page: 50, items: 2, urls: {} });
      expect(body.releases).to.deep.equal([
        {
          id: 9000001,
          title: 'Synthetic Master',
          artist: 'Test Artist & Other',
          catno: 'ALP 001',
          format: 'Vinyl, 12"',
          year: 1996,
          status: 'Accepted',
          thumb: '',
          resource_url: `${BASE_URL}/releases/9000001`,
          stats: { community: { in_wantlist: 0, in_collection: 0 }, user: { in_wantlist: 0, in_collection: 0 } },
        },
        {
          id: 9000003,
          title: 'Synthetic Master (Remastered)',
          artist: 'Test Artist & Other',
          catno: 'ALP 099',
          format: 'CD, Album, Remastered',
          year: 2005,
          status: 'Accepted',
          thumb: '',
          resource_url: `${BASE_URL}/releases/9000003`,
          stats: { community: { in_wantlist: 0, in_collection: 0 }, user: { in_wantlist: 0, in_collection: 0 } },
        },
      ]);
    });

    it('paginates a real label and refuses a bad page', async () => {
      const res = await get('/labels/5/releases?per_page=4&page=3').expect(200);
      expect(res.body.pagination).to.include({ page: 3, pages: 3, per_page: 4, items: 9 });
      expect(res.body.releases).to.have.length(1);
      expect(Object.keys(res.body.pagination.urls)).to.deep.equal(['first', 'prev']);
      for (const bad of ['page=0', 'page=-1', 'page=two', 'per_page=0', 'per_page=1.5']) {
        const r = await get(`/labels/5/releases?${bad}`).expect(422);
        expect(r.body.message).to.match(/^Invalid (page|per_page): /);
      }
    });

    it('caps per_page at 100 and returns an empty page past the end', async () => {
      expect((await get('/labels/5/releases?per_page=500').expect(200)).body.pagination.per_page).to.equal(100);
      const past = await get('/labels/5/releases?page=9').expect(200);
      expect(past.body.releases).to.deep.equal([]);
      expect(past.body.pagination).to.include({ page: 9, pages: 1 });
    });

    it('404s for an unknown label', async () => {
      expect((await get('/labels/424242/releases').expect(404)).text).to.equal('{"message": "Label not found."}');
    });
  });
});
