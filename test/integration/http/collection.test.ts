import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import type { Caller } from '../../../application/shared/caller.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease, onLabel } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { BASE_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

describe('Collections and wantlists over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let ann: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  let client: TestApplication;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    ann = await aUser(container, 'ann');
    bob = await aUser(container, 'bob');
    carl = await aUser(container, 'carl');
    client = await anApplication(container, 'ann', 'Shelf App');
    await seedCatalogue(db, {
      artists: [anArtist(1, { name: 'Alpha' }), anArtist(2, { name: 'Beta' }), anArtist(3, { name: 'Gamma' })],
      labels: [aLabel(7, { name: 'Label Z' }), aLabel(8, { name: 'Label A' })],
      masters: [aMaster(50, { mainRelease: 101 })],
      releases: [
        aRelease(101, { title: 'Charlie', masterId: 50, released: '1990', artists: [aCredit(2, 'Beta')], labels: [onLabel(7, 'Label Z', 'Z-2')] }),
        aRelease(102, { title: 'Alpha Album', masterId: 50, released: '1985', artists: [aCredit(3, 'Gamma')], labels: [onLabel(8, 'Label A', 'A-9')] }),
        aRelease(103, {
          title: 'Bravo',
          released: '2001-05-00',
          artists: [aCredit(1, 'Alpha')],
          labels: [onLabel(7, 'Label Z', 'Z-1')],
          formats: [{ name: 'CD', qty: '2', text: '', descriptions: ['Album'] }],
          genres: ['Jazz'],
          styles: ['Bop'],
        }),
        aRelease(104, { title: 'Delta', released: '' }),
      ],
    });
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);
  const callerOf = (u: TestUser): Caller => ({ kind: 'user', userId: String(u.id), username: u.name, via: 'token' });
  const setPrivacy = (u: TestUser, collectionPublic: boolean, wantlistPublic: boolean) =>
    container.get(COLLECTION.Settings).change({ name: u.name, caller: callerOf(u), change: { kind: 'privacy', privacy: { collectionPublic, wantlistPublic } } });
  const add = async (u: TestUser, folder: number, release: number): Promise<number> => {
    const res = await as(u).post(`/s/${u.name}/collection/folders/${folder}/releases/${release}`);
    expect(res.status, res.text).to.equal(201);
    return res.body.instance_id as number;
  };
  const stats = async (release: number) => (await as('anonymous').get(`/releases/${release}/stats`)).body as { num_have: number; num_want: number };

  describe('folders', () => {
    it('lists folder 0 and 1 for a new collection; only folder 0 to anyone else', async () => {
      const mine = await as(ann).get('/s/ann/collection/folders');
      expect(mine.status).to.equal(200);
      expect(mine.body).to.deep.equal({
        folders: [
          { id: 0, count: 0, name: 'All', resource_url: `${BASE_URL}/s/ann/collection/folders/0` },
          { id: 1, count: 0, name: 'Uncategorized', resource_url: `${BASE_URL}/s/ann/collection/folders/1` },
        ],
      });
      for (const who of ['anonymous', 'app', bob] as const) {
        const theirs = await as(who).get('/s/ann/collection/folders');
        expect(theirs.status).to.equal(200);
        expect(theirs.body.folders.map((f: { id: number }) => f.id)).to.deep.equal([0]);
      }
    });

    it('creates (201), gets, renames (200) and deletes (204) a folder; names are unique per user', async () => {
      const made = await as(ann).post('/s/ann/collection/folders', { name: 'Jazz' });
      expect(made.status, made.text).to.equal(201);
      const id = made.body.id as number;
      expect(id).to.be.greaterThan(1);
      expect(made.body).to.deep.equal({ id, count: 0, name: 'Jazz', resource_url: `${BASE_URL}/s/ann/collection/folders/${id}` });
      expect((await as(ann).get(`/s/ann/collection/folders/${id}`)).body.name).to.equal('Jazz');
      const clash = await as(ann).post('/s/ann/collection/folders', { name: 'JAZZ' });
      expect(clash.status).to.equal(422);
      expect(clash.text).to.equal('{"message": "Invalid name: a folder named \\"Jazz\\" exists already."}');
      // Bob may have his own Jazz.
      expect((await as(bob).post('/s/bob/collection/folders', { name: 'Jazz' })).status).to.equal(201);
      const renamed = await as(ann).post(`/s/ann/collection/folders/${id}`, { name: 'Bebop' });
      expect(renamed.status).to.equal(200);
      expect(renamed.body.name).to.equal('Bebop');
      expect((await as(ann).delete(`/s/ann/collection/folders/${id}`)).status).to.equal(204);
      expect((await as(ann).get(`/s/ann/collection/folders/${id}`)).status).to.equal(404);
    });

    it('refuses bad folder requests with the documented statuses', async () => {
      const cases: Array<[request.Test, number, string]> = [
        [as(ann).post('/s/ann/collection/folders', {}), 422, 'Invalid name: expected the folder name as text.'],
        [as(ann).post('/s/ann/collection/folders', { name: '' }), 422, 'Invalid name: a folder name may not be empty.'],
        [as(ann).post('/s/ann/collection/folders', { name: 'x'.repeat(101) }), 422, 'Invalid name: a folder name has at most 100 characters.'],
        [as(ann).post('/s/ann/collection/folders', [1, 2]), 422, 'The body must be a JSON object.'],
        [as(ann).post('/s/ann/collection/folders/0', { name: 'Everything' }), 422, 'The folder "All" cannot be renamed.'],
        [as(ann).post('/s/ann/collection/folders/1', { name: 'Misc' }), 422, 'The folder "Uncategorized" cannot be renamed.'],
        [as(ann).delete('/s/ann/collection/folders/0'), 422, 'The folder "All" cannot be deleted.'],
        [as(ann).delete('/s/ann/collection/folders/1'), 422, 'The folder "Uncategorized" cannot be deleted.'],
        [as(ann).delete('/s/ann/collection/folders/99999'), 404, 'Folder not found.'],
        [as(ann).get('/s/ann/collection/folders/abc'), 404, 'Folder not found.'],
        [as(ann).get('/s/nobody/collection/folders'), 404, 'User not found.'],
        [as('anonymous').post('/s/ann/collection/folders', { name: 'X' }), 401, 'You must authenticate to access this resource.'],
        [as('app').post('/s/ann/collection/folders', { name: 'X' }), 403, "You don't have permission to access this resource."],
        [as(bob).post('/s/ann/collection/folders', { name: 'X' }), 403, "You don't have permission to access this resource."],
        [as(bob).get('/s/ann/collection/folders/1'), 403, "You don't have permission to access this resource."],
      ];
      for (const [i, [req, status, message]] of cases.entries()) {
        const res = await req;
        expect(res.status, `case ${i}: ${res.text}`).to.equal(status);
        expect(res.body).to.deep.equal({ message });
      }
      const malformed = await as(ann).post('/s/ann/collection/folders').set('Content-Type', 'application/json').send('{"name": ');
      expect(malformed.status).to.equal(422);
    });

    it('deletes a folder only when empty', async () => {
      const id = (await as(ann).post('/s/ann/collection/folders', { name: 'Temporary' })).body.id as number;
      const instance = await add(ann, id, 104);
      const refused = await as(ann).delete(`/s/ann/collection/folders/${id}`);
      expect(refused.status).to.equal(422);
      expect(refused.body.message).to.equal('The folder "Temporary" cannot be deleted while it holds releases (1).');
      expect((await as(ann).delete(`/s/ann/collection/folders/${id}/releases/104/instances/${instance}`)).status).to.equal(204);
      expect((await as(ann).delete(`/s/ann/collection/folders/${id}`)).status).to.equal(204);
    });
  });

  describe('instances', () => {
    let vinyl: number;
    let first: number;
    let second: number;

    before(async () => {
      vinyl = (await as(carl).post('/s/carl/collection/folders', { name: 'Vinyl' })).body.id as number;
    });

    it('adds a release (201 with instance_id and the spec-shaped resource_url), twice as two instances', async () => {
      const before = await stats(103);
      const res = await as(carl).post(`/s/carl/collection/folders/1/releases/103`);
      expect(res.status).to.equal(201);
      first = res.body.instance_id as number;
      expect(res.body).to.deep.equal({ instance_id: first, resource_url: `${BASE_URL}/s/carl/collection/folders/1/release/103/instance/${first}` });
      second = await add(carl, vinyl, 103);
      expect(second).to.not.equal(first);
      expect(await stats(103)).to.deep.equal({ num_have: before.num_have + 2, num_want: before.num_want });
      const list = await as(carl).get('/s/carl/collection/releases/103');
      expect(list.status).to.equal(200);
      expect(list.body.releases.map((r: { instance_id: number; folder_id: number }) => [r.instance_id, r.folder_id])).to.deep.equal([
        [first, 1],
        [second, vinyl],
      ]);
    });

    it('shows an instance with basic_information from the catalogue', async () => {
      const list = await as(carl).get(`/s/carl/collection/folders/${vinyl}/releases`);
      expect(list.status).to.equal(200);
      const [item] = list.body.releases;
      expect(item).to.deep.include({ id: 103, instance_id: second, folder_id: vinyl, rating: 0, notes: [] });
      expect(item.date_added).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(item.basic_information).to.deep.equal({
        id: 103,
        master_id: 0,
        master_url: null,
        resource_url: `${BASE_URL}/releases/103`,
        thumb: '',
        cover_image: '',
        title: 'Bravo',
        year: 2001,
        formats: [{ name: 'CD', qty: '2', descriptions: ['Album'] }],
        labels: [{ name: 'Label Z', catno: 'Z-1', entity_type: '1', entity_type_name: 'Label', id: 7, resource_url: `${BASE_URL}/labels/7` }],
        artists: [{ name: 'Alpha', anv: '', join: '', role: '', tracks: '', id: 1, resource_url: `${BASE_URL}/artists/1` }],
        genres: ['Jazz'],
        styles: ['Bop'],
      });
    });

    it('moves (keeping the instance id) and rates an instance, 204', async () => {
      const res = await as(carl).post(`/s/carl/collection/folders/1/releases/103/instances/${first}`, { folder_id: String(vinyl), rating: 4 });
      expect(res.status, res.text).to.equal(204);
      expect(res.text).to.equal('');
      const list = await as(carl).get('/s/carl/collection/releases/103');
      expect(list.body.releases.map((r: { instance_id: number; folder_id: number; rating: number }) => [r.instance_id, r.folder_id, r.rating])).to.deep.equal([
        [first, vinyl, 4],
        [second, vinyl, 0],
      ]);
      // The instance is no longer in folder 1: that path names nothing now; folder 0 names every instance.
      expect((await as(carl).post(`/s/carl/collection/folders/1/releases/103/instances/${first}`, { rating: 2 })).status).to.equal(404);
      expect((await as(carl).post(`/s/carl/collection/folders/0/releases/103/instances/${first}`, { rating: 5 })).status).to.equal(204);
    });

    it('refuses bad instance edits', async () => {
      const at = `/s/carl/collection/folders/${vinyl}/releases/103/instances/${first}`;
      const cases: Array<[request.Test, number, string]> = [
        [as(carl).post(at, { rating: 6 }), 422, 'Invalid rating: expected a whole number from 0 to 5, got 6.'],
        [as(carl).post(at, { rating: 2.5 }), 422, 'Invalid rating: expected a whole number from 0 to 5, got 2.5.'],
        [as(carl).post(at, { rating: 'five' }), 422, 'Invalid rating: expected a whole number from 0 to 5, got "five".'],
        [as(carl).post(at, { folder_id: 0 }), 422, 'Invalid folder_id: folder 0 ("All") cannot receive releases; use folder 1 or another.'],
        [as(carl).post(at, { folder_id: 'x' }), 422, 'Invalid folder_id: expected a whole number, got "x".'],
        [as(carl).post(at, { folder_id: 987654 }), 404, 'Folder not found.'],
        [as(carl).post(`/s/carl/collection/folders/${vinyl}/releases/104/instances/${first}`, { rating: 1 }), 404, 'Instance not found.'],
        [as(carl).post(`/s/carl/collection/folders/${vinyl}/releases/103/instances/999999`, { rating: 1 }), 404, 'Instance not found.'],
        [as(ann).post(`/s/ann/collection/folders/0/releases/103/instances/${first}`, { rating: 1 }), 404, 'Instance not found.'],
        [as(bob).post(at, { rating: 1 }), 403, "You don't have permission to access this resource."],
        [as('anonymous').delete(at), 401, 'You must authenticate to access this resource.'],
        [as(carl).post('/s/carl/collection/folders/0/releases/103'), 422, 'Invalid folder_id: folder 0 ("All") cannot receive releases; use folder 1 or another.'],
        [as(carl).post('/s/carl/collection/folders/1/releases/999'), 404, 'Release not found.'],
        [as(carl).post('/s/carl/collection/folders/424242/releases/103'), 404, 'Folder not found.'],
        [as(carl).get('/s/carl/collection/releases/999'), 404, 'Release not found.'],
        [as(carl).get('/s/carl/collection/releases/0'), 422, 'Invalid release_id: expected the id of a release (not 0).'],
      ];
      for (const [i, [req, status, message]] of cases.entries()) {
        const res = await req;
        expect(res.status, `case ${i}: ${res.text}`).to.equal(status);
        expect(res.body).to.deep.equal({ message });
      }
    });

    it('sets notes fields through ?value= or a JSON body, checked against the field', async () => {
      const at = `/s/carl/collection/folders/${vinyl}/releases/103/instances/${first}`;
      expect((await as(carl).post(`${at}/fields/1?value=${encodeURIComponent('Mint (M)')}`)).status).to.equal(204);
      expect((await as(carl).post(`${at}/fields/3`, { value: 'Signed by the band' })).status).to.equal(204);
      const bad = await as(carl).post(`${at}/fields/2?value=Shiny`);
      expect(bad.status).to.equal(422);
      expect(bad.body.message).to.match(/^Invalid value for Sleeve Condition: "Shiny" is not one of its options/);
      expect((await as(carl).post(`${at}/fields/9?value=x`)).status).to.equal(404);
      expect((await as(carl).post(`${at}/fields/3`)).status).to.equal(422);
      const mine = await as(carl).get('/s/carl/collection/releases/103');
      expect(mine.body.releases[0].notes).to.deep.equal([
        { field_id: 1, value: 'Mint (M)' },
        { field_id: 3, value: 'Signed by the band' },
      ]);
      // Others see the public fields only: the private Notes text never reaches them.
      for (const who of ['anonymous', 'app', bob] as const) {
        const theirs = await as(who).get('/s/carl/collection/folders/0/releases');
        expect(theirs.status).to.equal(200);
        expect(theirs.text).to.not.include('Signed by the band');
        const item = theirs.body.releases.find((r: { instance_id: number }) => r.instance_id === first);
        expect(item.notes).to.deep.equal([{ field_id: 1, value: 'Mint (M)' }]);
        const fields = await as(who).get('/s/carl/collection/fields');
        expect(fields.body.fields.map((f: { id: number }) => f.id)).to.deep.equal([1, 2]);
      }
      const fields = await as(carl).get('/s/carl/collection/fields');
      expect(fields.body.fields[2]).to.deep.equal({ id: 3, name: 'Notes', type: 'textarea', position: 3, public: false, lines: 3 });
      expect(fields.body.fields[0].options[0]).to.equal('Mint (M)');
    });

    it('sorts and paginates a folder by every key, both ways', async () => {
      await setPrivacy(bob, true, true);
      const ids: Record<number, number> = {};
      for (const r of [101, 102, 103, 104]) ids[r] = await add(bob, 1, r);
      await as(bob).post(`/s/bob/collection/folders/1/releases/102/instances/${ids[102]}`, { rating: 5 });
      await as(bob).post(`/s/bob/collection/folders/1/releases/101/instances/${ids[101]}`, { rating: 3 });
      const order = async (sort: string, dir: string): Promise<number[]> => {
        const res = await as(bob).get(`/s/bob/collection/folders/1/releases?sort=${sort}&sort_order=${dir}`);
        expect(res.status, res.text).to.equal(200);
        return res.body.releases.map((r: { id: number }) => r.id);
      };
      const expected: Record<string, number[]> = {
        title: [102, 103, 101, 104],
        artist: [103, 101, 102, 104],
        label: [104, 102, 101, 103],
        catno: [104, 102, 103, 101],
        year: [104, 102, 101, 103],
        rating: [103, 104, 101, 102],
        added: [101, 102, 103, 104],
      };
      // Release 104 has no label (sorts first as empty text) and year 0; ties fall back to the instance id.
      for (const [sort, ids] of Object.entries(expected)) {
        expect(await order(sort, 'asc'), `${sort} asc`).to.deep.equal(ids);
        expect(await order(sort, 'desc'), `${sort} desc`).to.deep.equal([...ids].reverse());
      }
      expect(await order('format', 'asc')).to.deep.equal([103, 101, 102, 104]);
      const page = await as(bob).get('/s/bob/collection/folders/0/releases?sort=title&per_page=3&page=2');
      expect(page.body.pagination).to.deep.include({ page: 2, pages: 2, per_page: 3, items: 4 });
      expect(page.body.releases.map((r: { id: number }) => r.id)).to.deep.equal([104]);
      // An unknown sort or direction is ignored (the default order: added, ascending); known ones in any case.
      const byDefault = await order('added', 'asc');
      for (const query of ['sort=colour', 'sort_order=up', 'sort=colour&sort_order=up']) {
        const res = await as(bob).get(`/s/bob/collection/folders/0/releases?${query}`);
        expect(res.status, query).to.equal(200);
        expect(res.body.releases.map((r: { id: number }) => r.id), query).to.deep.equal(byDefault);
      }
      expect(await order('TITLE', 'DESC')).to.deep.equal([...expected.title!].reverse());
      expect((await as(bob).get('/s/bob/collection/folders/0/releases?page=0')).status).to.equal(422);
    });

    it('deletes an instance (204) and the counts follow', async () => {
      const before = await stats(103);
      expect((await as(carl).delete(`/s/carl/collection/folders/${vinyl}/releases/103/instances/${second}`)).status).to.equal(204);
      expect((await stats(103)).num_have).to.equal(before.num_have - 1);
      expect((await as(carl).delete(`/s/carl/collection/folders/${vinyl}/releases/103/instances/${second}`)).status).to.equal(404);
    });
  });

  describe('privacy', () => {
    it('hides a private collection from everyone but its owner: 401 anonymous, 403 others', async () => {
      await add(ann, 1, 101);
      await setPrivacy(ann, false, false);
      const paths = [
        '/s/ann/collection/folders',
        '/s/ann/collection/folders/0',
        '/s/ann/collection/folders/0/releases',
        '/s/ann/collection/releases/101',
        '/s/ann/collection/fields',
        '/s/ann/collection/value',
        '/s/ann/wants',
      ];
      for (const path of paths) {
        expect((await as('anonymous').get(path)).status, path).to.equal(401);
        expect((await as('app').get(path)).status, path).to.equal(403);
        expect((await as(bob).get(path)).status, path).to.equal(403);
        expect((await as(ann).get(path)).status, path).to.equal(200);
      }
      const profile = await as(bob).get('/s/ann');
      expect(profile.body).to.not.have.property('num_collection');
      expect(profile.body).to.not.have.property('num_wantlist');
      const own = await as(ann).get('/s/ann');
      expect(own.body.num_collection).to.be.greaterThan(0);
      await setPrivacy(ann, true, true);
      expect((await as(bob).get('/s/ann')).body.num_collection).to.equal(own.body.num_collection);
    });

    it('gives the collection value to the owner alone, formatted in their currency', async () => {
      expect((await as(ann).post('/s/ann', { curr_abbr: 'EUR' })).status).to.equal(200);
      const value = await as(ann).get('/s/ann/collection/value');
      expect(value.status).to.equal(200);
      expect(value.body).to.deep.equal({ maximum: '€0.00', median: '€0.00', minimum: '€0.00' });
      expect((await as(bob).get('/s/ann/collection/value')).status).to.equal(403);
      expect((await as('app').get('/s/ann/collection/value')).status).to.equal(403);
      expect((await as('anonymous').get('/s/ann/collection/value')).status).to.equal(401);
    });
  });

  describe('wantlist', () => {
    it('adds with PUT (201), reads one, edits with POST (200), removes with DELETE (204); the counts follow', async () => {
      const before = await stats(102);
      const put = await as(bob).put('/s/bob/wants/102?notes=From%20the%20query&rating=3');
      expect(put.status, put.text).to.equal(201);
      expect(put.body).to.deep.include({ id: 102, resource_url: `${BASE_URL}/s/bob/wants/102`, rating: 3, notes: 'From the query', notes_public: false });
      expect(put.body.date_added).to.be.a('string');
      expect(put.body.basic_information.title).to.equal('Alpha Album');
      expect(await stats(102)).to.deep.equal({ num_have: before.num_have, num_want: before.num_want + 1 });
      // A PUT on a want that exists updates it; the count does not move.
      const again = await as(bob).put('/s/bob/wants/102', { notes: 'From the body', rating: '4' });
      expect(again.status).to.equal(201);
      expect(again.body).to.deep.include({ rating: 4, notes: 'From the body' });
      expect((await stats(102)).num_want).to.equal(before.num_want + 1);
      const edited = await as(bob).post('/s/bob/wants/102', { rating: 5 });
      expect(edited.status).to.equal(200);
      expect(edited.body).to.deep.include({ rating: 5, notes: 'From the body' });
      const one = await as(bob).get('/s/bob/wants/102');
      expect(one.body).to.deep.include({ id: 102, rating: 5, notes: 'From the body' });
      // Others see the want without its notes.
      const theirs = await as(carl).get('/s/bob/wants/102');
      expect(theirs.status).to.equal(200);
      expect(theirs.body).to.not.have.property('notes');
      const list = await as('anonymous').get('/s/bob/wants');
      expect(list.body.pagination).to.deep.include({ items: 1 });
      expect(list.text).to.not.include('From the body');
      // notes_public (a boolean): the owner shows the notes to everyone, and takes them back.
      const shown = await as(bob).post('/s/bob/wants/102', { notes_public: true });
      expect(shown.status, shown.text).to.equal(200);
      expect(shown.body).to.deep.include({ notes: 'From the body', notes_public: true });
      expect((await as(carl).get('/s/bob/wants/102')).body).to.deep.include({ notes: 'From the body', notes_public: true });
      expect((await as('anonymous').get('/s/bob/wants')).body.wants[0]).to.deep.include({ notes: 'From the body', notes_public: true });
      expect((await as(bob).post('/s/bob/wants/102?notes_public=false')).body).to.deep.include({ notes_public: false });
      expect((await as(carl).get('/s/bob/wants/102')).body).to.not.have.property('notes');
      expect((await as(bob).delete('/s/bob/wants/102')).status).to.equal(204);
      expect((await stats(102)).num_want).to.equal(before.num_want);
      expect((await as(bob).get('/s/bob/wants/102')).status).to.equal(404);
    });

    it('refuses bad wantlist requests', async () => {
      const cases: Array<[request.Test, number]> = [
        [as(bob).put('/s/bob/wants/102', { rating: 9 }), 422],
        [as(bob).put('/s/bob/wants/102?rating=2.5'), 422],
        [as(bob).put('/s/bob/wants/102', { notes_public: 'maybe' }), 422],
        [as(bob).put('/s/bob/wants/999'), 404],
        [as(bob).post('/s/bob/wants/104', { rating: 1 }), 404],
        [as(bob).delete('/s/bob/wants/104'), 404],
        [as(bob).put('/s/ann/wants/102'), 403],
        [as('app').put('/s/bob/wants/102'), 403],
        [as('anonymous').put('/s/bob/wants/102'), 401],
        [as(bob).put('/s/nobody/wants/102'), 404],
      ];
      for (const [i, [req, status]] of cases.entries()) {
        const res = await req;
        expect(res.status, `case ${i}: ${res.text}`).to.equal(status);
        expect(res.body.message).to.be.a('string');
      }
      expect((await as(bob).get('/s/bob/wants/102')).status).to.equal(404);
    });

    it('sorts a wantlist', async () => {
      for (const r of [101, 103, 104]) await as(carl).put(`/s/carl/wants/${r}`);
      const titles = await as(carl).get('/s/carl/wants?sort=title&sort_order=desc');
      expect(titles.body.wants.map((w: { id: number }) => w.id)).to.deep.equal([104, 101, 103]);
      // An unknown sort is ignored: the default order (added).
      const unknown = await as(carl).get('/s/carl/wants?sort=price');
      expect(unknown.status).to.equal(200);
      expect(unknown.body.wants.map((w: { id: number }) => w.id)).to.deep.equal((await as(carl).get('/s/carl/wants')).body.wants.map((w: { id: number }) => w.id));
    });
  });

  describe('community figures', () => {
    it('shows the counts on the release, its master versions (with the caller’s own) and the stats', async () => {
      const s = await stats(101);
      const release = await as('anonymous').get('/releases/101');
      expect(release.body.community).to.deep.include({ have: s.num_have, want: s.num_want });
      const versions = await as(carl).get('/masters/50/versions');
      const v101 = versions.body.versions.find((v: { id: number }) => v.id === 101);
      expect(v101.stats.community).to.deep.equal({ in_wantlist: s.num_want, in_collection: s.num_have });
      expect(v101.stats.user).to.deep.equal({ in_wantlist: 1, in_collection: 0 });
      // A label's releases carry the same stats, the caller's own for a user and zeros for anyone else.
      const label = (release.body.labels as Array<{ id: number }>)[0]!.id;
      const onLabel = (body: { releases: Array<{ id: number; stats: unknown }> }) => body.releases.find((r) => r.id === 101)!.stats;
      expect(onLabel((await as(carl).get(`/labels/${label}/releases`)).body)).to.deep.equal({
        community: { in_wantlist: s.num_want, in_collection: s.num_have },
        user: { in_wantlist: 1, in_collection: 0 },
      });
      expect(onLabel((await as('anonymous').get(`/labels/${label}/releases`)).body)).to.deep.equal({
        community: { in_wantlist: s.num_want, in_collection: s.num_have },
        user: { in_wantlist: 0, in_collection: 0 },
      });
      expect((await as('anonymous').get('/releases/999/stats')).status).to.equal(404);
    });

    it('gives two instances with distinct ids to simultaneous adds of one release', async () => {
      const before = await stats(104);
      const results = await Promise.all(Array.from({ length: 6 }, () => as(ann).post('/s/ann/collection/folders/1/releases/104')));
      expect(results.map((r) => r.status)).to.deep.equal([201, 201, 201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.body.instance_id)).size).to.equal(6);
      expect((await stats(104)).num_have).to.equal(before.num_have + 6);
      const listed = await as(ann).get('/s/ann/collection/releases/104');
      expect(listed.body.pagination.items).to.equal(6);
    });
  });

  it('answers under /users/{name} too, writing /s/{name} into URLs', async () => {
    const res = await as(ann).get('/users/ann/collection/folders');
    expect(res.status).to.equal(200);
    expect(res.body.folders[0].resource_url).to.equal(`${BASE_URL}/s/ann/collection/folders/0`);
  });
});
