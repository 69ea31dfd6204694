import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { demoCover } from '../../../adapters/system/png.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IMAGES } from '../../../composition/images/images-tokens.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { BASE_URL, WEB_URL, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const IMAGE = { type: 'primary', uri: '', uri150: '', width: 600, height: 600 } as const;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

const NOBODY = { community: { in_collection: 0, in_wantlist: 0 }, user: { in_collection: 0, in_wantlist: 0 } };

describe('Lists over HTTP: GET /s/{name}/lists, GET /lists/{id} and the owner’s changes', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let folder: string;
  let container: Container;
  let app: Koa;
  let owner: TestUser;
  let other: TestUser;
  let client: TestApplication;

  before(async () => {
    db = await openTestStorage();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-lists-http-'));
    container = testContainer(db, { IMAGE_DIR: folder, RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    owner = await aUser(container, 'Lister');
    other = await aUser(container, 'lurker');
    client = await anApplication(container, 'Lister', 'List App');
    await seedCatalogue(db, {
      artists: [anArtist(1, { name: 'The Persuader' })],
      labels: [aLabel(7, { name: 'Svek' })],
      masters: [aMaster(5, { title: 'Stockholm', artists: [aCredit(1, 'The Persuader')] })],
      releases: [aRelease(10, { title: 'Stockholm', artists: [aCredit(1, 'The Persuader')], images: [IMAGE] }), aRelease(11, { title: 'Other' })],
    });
    await container.get(IMAGES.Store).write('release/10/0.png', demoCover(10, 150));
  });
  after(async () => {
    await db.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  // Lists' writes are tried with a JSON body every time (`{}` when the test gives none).
  const as = (who: Who, brandApp: Koa = app, brand = 'Service') => {
    const calls = apiAs(brandApp, client, brand)(who);
    return { ...calls, post: (p: string, body?: unknown) => calls.post(p, body ?? {}) };
  };


  let publicId: number;
  let privateId: number;

  it('makes lists for their owner (201), refusing anonymous callers (401), applications (403) and bad fields (422)', async () => {
    const made = await as(owner).post('/lists', { name: 'Favourites', description: 'The [b]best[/b] of [a1]', public: true });
    expect(made.status, made.text).to.equal(201);
    publicId = made.body.id;
    expect(made.body).to.include({ name: 'Favourites', public: true, description: 'The [b]best[/b] of [a1]' });
    const hidden = await as(owner).post('/lists', { name: 'Secret stash' });
    expect([hidden.status, hidden.body.public]).to.deep.equal([201, false]);
    privateId = hidden.body.id;

    expect((await as('anonymous').post('/lists', { name: 'x' })).status).to.equal(401);
    expect((await as('app').post('/lists', { name: 'x' })).status).to.equal(403);
    const bad: Array<[unknown, string]> = [
      [{}, 'name is required.'],
      [{ name: ' ' }, 'A list needs a name.'],
      [{ name: 'x'.repeat(201) }, "A list's name is at most 200 characters long."],
      [{ name: 'x', public: 'maybe' }, 'public must be true or false.'],
    ];
    for (const [body, message] of bad) {
      const res = await as(owner).post('/lists', body);
      expect([res.status, res.body], JSON.stringify(body)).to.deep.equal([422, { message }]);
    }
    const malformed = await as(owner).post('/lists').send('{"name": ');
    expect(malformed.status).to.equal(422);
  });

  it('adds items of every kind (201), refusing records not in the catalogue (422), twice (409), and non-owners', async () => {
    const items: Array<[string, number, string]> = [
      ['release', 10, 'Where it started, see [l7]'],
      ['master', 5, ''],
      ['artist', 1, 'Anything by them'],
      ['label', 7, ''],
    ];
    for (const [type, id, comment] of items) {
      const res = await as(owner).post(`/lists/${publicId}/items`, { type, id, comment });
      expect(res.status, res.text).to.equal(201);
    }
    expect((await as(owner).post(`/lists/${privateId}/items`, { type: 'release', id: '11', comment: 'hush' })).status).to.equal(201);

    const refused: Array<[Who, unknown, number, string | undefined]> = [
      [owner, { type: 'release', id: 10 }, 409, 'The list holds the release 10 already.'],
      [owner, { type: 'release', id: 999 }, 422, 'There is no release 999 in the catalogue.'],
      [owner, { type: 'track', id: 1 }, 422, 'type must be one of release, master, artist, label.'],
      [owner, { type: 'label', id: 7, comment: 'c'.repeat(2_001) }, 422, 'A comment is at most 2000 characters long.'],
      [owner, { type: 'release', id: 11, comment: 'c'.repeat(2_001) }, 422, 'A comment is at most 2000 characters long.'],
      [other, { type: 'release', id: 11 }, 403, undefined],
      ['app', { type: 'release', id: 11 }, 403, undefined],
      ['anonymous', { type: 'release', id: 11 }, 401, undefined],
    ];
    for (const [who, body, status, message] of refused) {
      const res = await as(who).post(`/lists/${publicId}/items`, body);
      expect(res.status, JSON.stringify(body)).to.equal(status);
      if (message) expect(res.body).to.deep.equal({ message });
    }
    expect((await as(owner).post('/lists/999999/items', { type: 'release', id: 11 })).status).to.equal(404);
  });

  it('shows one list in the public API’s shape, to anyone when public', async () => {
    const res = await as('anonymous').get(`/lists/${publicId}`);
    expect(res.status, res.text).to.equal(200);
    const b = res.body;
    expect(b.date_added).to.match(TIME);
    expect(b.date_changed).to.match(TIME);
    const uri = `${WEB_URL}/lists/Favourites/${publicId}`;
    expect(b).to.deep.equal({
      id: publicId,
      list_id: publicId,
      name: 'Favourites',
      description: 'The [b]best[/b] of [a1]',
      public: true,
      date_added: b.date_added,
      date_changed: b.date_changed,
      created_ts: b.date_added,
      modified_ts: b.date_changed,
      uri,
      url: uri,
      resource_url: `${BASE_URL}/lists/${publicId}`,
      image_url: '',
      user: { id: owner.id, name: 'Lister', username: 'Lister', resource_url: `${BASE_URL}/s/Lister`, avatar_url: `${BASE_URL}/avatars/Lister.svg` },
      items: [
        {
          id: 10,
          type: 'release',
          display_title: 'The Persuader - Stockholm',
          comment: 'Where it started, see [l7]',
          uri: `${WEB_URL}/release/10-The-Persuader-Stockholm`,
          resource_url: `${BASE_URL}/releases/10`,
          image_url: '',
          stats: NOBODY,
        },
        { id: 5, type: 'master', display_title: 'The Persuader - Stockholm', comment: '', uri: `${WEB_URL}/master/5-The-Persuader-Stockholm`, resource_url: `${BASE_URL}/masters/5`, image_url: '', stats: NOBODY },
        { id: 1, type: 'artist', display_title: 'The Persuader', comment: 'Anything by them', uri: `${WEB_URL}/artist/1-The-Persuader`, resource_url: `${BASE_URL}/artists/1`, image_url: '' },
        { id: 7, type: 'label', display_title: 'Svek', comment: '', uri: `${WEB_URL}/label/7-Svek`, resource_url: `${BASE_URL}/labels/7`, image_url: '' },
      ],
    });
    // Authenticated callers get the images linked (the signed URL of the image file).
    for (const who of [other, 'app'] as const) {
      const linked = await as(who).get(`/lists/${publicId}`);
      expect(linked.body.image_url).to.match(new RegExp(`^${BASE_URL}/images/[^/]+/release/10/0\\.png$`));
      expect(linked.body.items[0].image_url).to.equal(linked.body.image_url);
    }
    const html = await as('anonymous').get(`/lists/${publicId}`).set('Accept', 'application/vnd.service.v2.html+json');
    expect(html.body.description).to.include('<b>best</b>');
    const plain = await as('anonymous').get(`/lists/${publicId}`).set('Accept', 'application/vnd.service.v2.plaintext+json');
    expect([plain.body.description, plain.body.items[0].comment]).to.deep.equal(['The best of The Persuader', 'Where it started, see Svek']);
  });

  it('gives release and master items their collection and wantlist counts, everyone’s and the calling user’s', async () => {
    const added = await as(other).post(`/s/${other.name}/collection/folders/1/releases/10`);
    expect(added.status).to.equal(201);
    expect((await as(other).put(`/s/${other.name}/wants/10`)).status).to.equal(201);
    try {
      const stats = async (who: Parameters<typeof as>[0]) => ((await as(who).get(`/lists/${publicId}`)).body.items as { type: string; stats?: unknown }[]).map((i) => [i.type, i.stats]);
      const everyone = { in_collection: 1, in_wantlist: 1 };
      expect(await stats(other)).to.deep.equal([
        ['release', { community: everyone, user: { in_collection: 1, in_wantlist: 1 } }],
        ['master', NOBODY],
        ['artist', undefined],
        ['label', undefined],
      ]);
      for (const who of [owner, 'app', 'anonymous'] as const) {
        expect((await stats(who))[0], String(who)).to.deep.equal(['release', { community: everyone, user: { in_collection: 0, in_wantlist: 0 } }]);
      }
    } finally {
      await as(other).delete(`/s/${other.name}/wants/10`);
      await as(other).delete(`/s/${other.name}/collection/folders/1/releases/10/instances/${added.body.instance_id}`);
    }
  });

  it('shows a private list to its owner alone: 401 anonymous, 403 an application or another user, never its name or items', async () => {
    const mine = await as(owner).get(`/lists/${privateId}`);
    expect([mine.status, mine.body.name, mine.body.items.length]).to.deep.equal([200, 'Secret stash', 1]);
    for (const [who, status] of [['anonymous', 401], ['app', 403], [other, 403]] as const) {
      const res = await as(who).get(`/lists/${privateId}`);
      expect(res.status).to.equal(status);
      expect(res.text).to.not.include('Secret stash');
      expect(res.text).to.not.include('hush');
    }
    for (const p of ['/lists/999999', '/lists/abc', '/lists/0', '/lists/99999999999']) {
      const res = await as(owner).get(p);
      expect([res.status, res.body], p).to.deep.equal([404, { message: 'List not found.' }]);
    }
  });

  it("lists a user's lists, paginated, private ones to the owner alone", async () => {
    const res = await as('anonymous').get('/s/Lister/lists');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({
      pagination: { page: 1, pages: 1, per_page: 50, items: 1, urls: {} },
      lists: [
        {
          date_added: res.body.lists[0].date_added,
          date_changed: res.body.lists[0].date_changed,
          name: 'Favourites',
          id: publicId,
          uri: `${WEB_URL}/lists/Favourites/${publicId}`,
          resource_url: `${BASE_URL}/lists/${publicId}`,
          public: true,
          description: 'The [b]best[/b] of [a1]',
          image_url: '',
        },
      ],
    });
    for (const who of [other, 'app'] as const) {
      const theirs = await as(who).get('/users/lister/lists');
      expect(theirs.body.lists.map((l: { name: string }) => l.name)).to.deep.equal(['Favourites']);
      expect(theirs.text).to.not.include('Secret stash');
    }
    const mine = await as(owner).get('/s/Lister/lists?per_page=1&page=2');
    expect(mine.body.pagination).to.deep.equal({
      page: 2,
      pages: 2,
      per_page: 1,
      items: 2,
      urls: { first: `${BASE_URL}/s/Lister/lists?per_page=1&page=1`, prev: `${BASE_URL}/s/Lister/lists?per_page=1&page=1` },
    });
    expect(mine.body.lists.map((l: { name: string; public: boolean }) => [l.name, l.public])).to.deep.equal([['Secret stash', false]]);
    expect(mine.headers.link).to.include('rel="first"');
    expect((await as(owner).get('/s/lurker/lists')).body.lists).to.deep.equal([]);
    expect((await as(owner).get('/s/nobody-here/lists')).status).to.equal(404);
    for (const q of ['page=0', 'per_page=abc', 'page=-1']) {
      const bad = await as(owner).get(`/s/Lister/lists?${q}`);
      expect(bad.status, q).to.equal(422);
    }
  });

  it('counts the private list in num_lists for the owner alone', async () => {
    expect((await as(owner).get('/s/Lister')).body.num_lists).to.equal(2);
    for (const who of [other, 'app', 'anonymous'] as const) expect((await as(who).get('/s/Lister')).body.num_lists).to.equal(1);
  });

  it('lets the owner alone change the details, comment on, move and remove items, and delete the list', async () => {
    const edited = await as(owner).post(`/lists/${privateId}`, { name: 'Stash', description: 'now public', public: true });
    expect([edited.status, edited.body.name, edited.body.public, edited.body.description]).to.deep.equal([200, 'Stash', true, 'now public']);
    for (const [who, status] of [['anonymous', 401], ['app', 403], [other, 403]] as const) {
      expect((await as(who).post(`/lists/${privateId}`, { name: 'Mine now' })).status).to.equal(status);
      expect((await as(who).delete(`/lists/${privateId}`)).status).to.equal(status);
      expect((await as(who).post(`/lists/${publicId}/items/release/10`, { comment: 'x' })).status).to.equal(status);
      expect((await as(who).delete(`/lists/${publicId}/items/release/10`)).status).to.equal(status);
    }
    expect((await as(owner).post(`/lists/${privateId}`, { public: 'sometimes' })).status).to.equal(422);
    expect((await as(owner).post('/lists/999999', { name: 'x' })).status).to.equal(404);

    const moved = await as(owner).post(`/lists/${publicId}/items/label/7`, { position: 1, comment: 'The label first' });
    expect(moved.status, moved.text).to.equal(200);
    expect(moved.body.items.map((i: { type: string; id: number }) => `${i.type} ${i.id}`)).to.deep.equal(['label 7', 'release 10', 'master 5', 'artist 1']);
    expect(moved.body.items[0].comment).to.equal('The label first');
    expect((await as(owner).post(`/lists/${publicId}/items/label/7`, { position: 9 })).status).to.equal(422);
    expect((await as(owner).post(`/lists/${publicId}/items/release/11`, { comment: 'x' })).status).to.equal(404);
    expect((await as(owner).post(`/lists/${publicId}/items/track/11`, { comment: 'x' })).status).to.equal(404);

    const removed = await as(owner).delete(`/lists/${publicId}/items/master/5`);
    expect([removed.status, removed.text]).to.deep.equal([204, '']);
    expect((await as(owner).delete(`/lists/${publicId}/items/master/5`)).status).to.equal(404);
    expect((await as('anonymous').get(`/lists/${publicId}`)).body.items).to.have.length(3);

    expect((await as(owner).delete(`/lists/${privateId}`)).status).to.equal(204);
    expect((await as(owner).get(`/lists/${privateId}`)).status).to.equal(404);
    expect((await as(owner).delete(`/lists/${privateId}`)).status).to.equal(404);
    expect((await as(owner).get('/s/Lister')).body.num_lists).to.equal(1);
  });

  it('uses the Discogs words with the Discogs brand', async () => {
    const discogs = testContainer(db, { BRAND: 'Discogs', RATE_LIMIT_ANONYMOUS: '100000' }).get(HTTP.HttpApp) as unknown as Koa;
    const res = await as('anonymous', discogs, 'Discogs').get(`/lists/${publicId}`);
    expect(res.status).to.equal(200);
    expect(res.body.user).to.deep.equal({ id: owner.id, username: 'Lister', resource_url: `${BASE_URL}/users/Lister`, avatar_url: `${BASE_URL}/avatars/Lister.svg` });
    expect((await as(owner, discogs, 'Discogs').post('/lists', { name: 'Second' })).status).to.equal(201);
    const lists = await as(owner, discogs, 'Discogs').get('/users/Lister/lists?per_page=1');
    expect(lists.body.pagination.urls.next).to.equal(`${BASE_URL}/users/Lister/lists?per_page=1&page=2`);
  });
});
