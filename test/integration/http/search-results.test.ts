import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type Koa from 'koa';
import { demoCover } from '../../../adapters/system/png.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IMAGES } from '../../../composition/images/images-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease, onLabel } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { BASE_URL, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

type Result = Record<string, unknown> & { id: number; type: string };

const IMAGE = { type: 'primary', uri: '', uri150: '', width: 600, height: 600 } as const;
const SECONDARY = { ...IMAGE, type: 'secondary' } as const;

/**
 * What a search result carries beyond the spec's list (issue 31): covers linked for the caller, `formats` and
 * `format_quantity` of releases, `master_id`/`master_url` everywhere, `user_data` for a calling user, and the keys each
 * kind of result has in each dialect.
 */
describe('Search results: covers, formats, user_data and the keys of each kind (GET /database/search)', function () {
  this.timeout(120_000);
  let storage: TestStorage;
  let folder: string;
  let app: Koa;
  let discogs: Koa;
  let holder: TestUser;
  let other: TestUser;
  let client: TestApplication;

  before(async () => {
    storage = await openTestStorage();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-search-results-'));
    const env = { IMAGE_DIR: folder, RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' };
    const container = testContainer(storage, env);
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    discogs = testContainer(storage, { ...env, BRAND: 'Discogs' }).get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(storage);
    holder = await aUser(container, 'holder');
    other = await aUser(container, 'other');
    client = await anApplication(container, 'holder');
    await seedCatalogue(storage, {
      artists: [anArtist(1, { name: 'Zephyr Quill', images: [IMAGE] }), anArtist(2, { name: 'Zephyr Nobody' })],
      labels: [aLabel(7, { name: 'Zephyr Records', images: [SECONDARY, IMAGE] })],
      masters: [aMaster(5, { title: 'Zephyr Dawn', mainRelease: 10, artists: [aCredit(1, 'Zephyr Quill')], images: [IMAGE] })],
      releases: [
        aRelease(10, {
          title: 'Zephyr Dawn',
          masterId: 5,
          artists: [aCredit(1, 'Zephyr Quill')],
          labels: [onLabel(7, 'Zephyr Records', 'ZR 1')],
          formats: [
            { name: 'Vinyl', qty: '2', text: 'Gatefold', descriptions: ['LP', 'Album'] },
            { name: 'CD', qty: '1', text: '', descriptions: [] },
          ],
          identifiers: [{ type: 'Barcode', value: '0123456789', description: '' }],
          images: [SECONDARY, IMAGE],
        }),
        aRelease(11, { title: 'Zephyr Dawn', masterId: 5, artists: [aCredit(1, 'Zephyr Quill')], images: [IMAGE] }),
        aRelease(12, { title: 'Zephyr Dusk', artists: [aCredit(1, 'Zephyr Quill')] }),
      ],
    });
    const store = container.get(IMAGES.Store);
    // Release 10's primary image is its second; release 11 has no file (nothing to link); the label's primary is
    // its second image, the artist's and master's the first (no thumbnail file: the full image serves as both).
    await store.write('release/10/1.png', demoCover(10, 600));
    await store.write('release/10/1-150.png', demoCover(10, 150));
    for (const key of ['master/5/0.png', 'artist/1/0.png', 'label/7/1.png']) await store.write(key, demoCover(1, 150));
    const me = apiAs(app, client)(holder);
    expect((await me.post(`/s/${holder.name}/collection/folders/1/releases/10`)).status).to.equal(201);
    expect((await me.put(`/s/${holder.name}/wants/11`)).status).to.equal(201);
    // Another user's holdings are nobody else's user_data.
    expect((await apiAs(app, client)(other).put(`/s/${other.name}/wants/12`)).status).to.equal(201);
  });
  after(async () => {
    await storage.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const search = async (params: string, who: TestUser | 'app' = 'app', on: Koa = app): Promise<Result[]> => {
    const res = await apiAs(on, client, on === app ? 'Service' : 'Discogs')(who).get(`/database/search?${params}&per_page=100`);
    expect(res.status, res.text).to.equal(200);
    return res.body.results as Result[];
  };
  const byRef = (results: readonly Result[]) => new Map(results.map((r) => [`${r.type} ${r.id}`, r]));
  const signed = (key: string) => new RegExp(`^${BASE_URL}/images/[^/]+/${key.replace(/[.]/g, '\\.')}$`);

  it('releases carry formats, format_quantity, master_id, master_url and barcodes; masters their main release’s barcodes', async () => {
    const found = byRef(await search('q=zephyr'));
    const release = found.get('release 10')!;
    expect(release.formats).to.deep.equal([
      { name: 'Vinyl', qty: '2', text: 'Gatefold', descriptions: ['LP', 'Album'] },
      { name: 'CD', qty: '1', descriptions: [] },
    ]);
    expect(release).to.include({ format_quantity: 3, master_id: 5, master_url: `${BASE_URL}/masters/5` });
    expect(release.barcode).to.deep.equal(['0123456789']);
    expect(found.get('release 12')).to.include({ master_id: null, master_url: null, format_quantity: 1 });
    const master = found.get('master 5')!;
    expect(master).to.include({ master_id: 5, master_url: `${BASE_URL}/masters/5`, catno: 'ZR 1' });
    expect(master.barcode).to.deep.equal(['0123456789']);
    expect(master).to.not.have.any.keys('formats', 'format_quantity');
    expect(found.get('artist 1')).to.include({ master_id: null, master_url: null });
  });

  it('thumb and cover_image: the primary image linked for the caller where a file is there, "" otherwise', async () => {
    const found = byRef(await search('q=zephyr'));
    const release = found.get('release 10')!;
    expect(release.cover_image).to.match(signed('release/10/1.png'));
    expect(release.thumb).to.match(signed('release/10/1-150.png'));
    expect(found.get('master 5')!.cover_image).to.match(signed('master/5/0.png'));
    expect(found.get('master 5')!.thumb).to.equal(found.get('master 5')!.cover_image);
    expect(found.get('artist 1')!.thumb).to.match(signed('artist/1/0.png'));
    expect(found.get('label 7')!.cover_image).to.match(signed('label/7/1.png'));
    for (const ref of ['release 11', 'release 12', 'artist 2']) expect(found.get(ref), ref).to.include({ thumb: '', cover_image: '' });
    // The links serve the files.
    const cover = await apiAs(app, client)('app').get(new URL(release.cover_image as string).pathname);
    expect(cover.status).to.equal(200);
    expect(cover.headers['content-type']).to.equal('image/png');
  });

  it('user_data: whether the calling user holds each result (a master through any version); none for an application alone', async () => {
    const mine = byRef(await search('q=zephyr', holder));
    expect(mine.get('release 10')!.user_data).to.deep.equal({ in_wantlist: false, in_collection: true });
    expect(mine.get('release 11')!.user_data).to.deep.equal({ in_wantlist: true, in_collection: false });
    expect(mine.get('release 12')!.user_data).to.deep.equal({ in_wantlist: false, in_collection: false });
    expect(mine.get('master 5')!.user_data).to.deep.equal({ in_wantlist: true, in_collection: true });
    for (const ref of ['artist 1', 'label 7']) expect(mine.get(ref)!.user_data, ref).to.deep.equal({ in_wantlist: false, in_collection: false });
    const theirs = byRef(await search('q=zephyr', other));
    expect(theirs.get('release 12')!.user_data).to.deep.equal({ in_wantlist: true, in_collection: false });
    expect(theirs.get('release 10')!.user_data).to.deep.equal({ in_wantlist: false, in_collection: false });
    for (const r of await search('q=zephyr')) expect(r, `${r.type} ${r.id}`).to.not.have.property('user_data');
  });

  const COMMON = ['id', 'type', 'title', 'thumb', 'cover_image', 'master_id', 'master_url', 'uri', 'resource_url', 'user_data'];
  const WORK = [...COMMON, 'country', 'year', 'format', 'label', 'genre', 'style', 'catno', 'barcode', 'community'];
  const RELEASE = [...WORK, 'formats', 'format_quantity'];

  it('the keys of each kind: artists and labels with the spec’s empty values by default, the public API’s keys with BRAND=Discogs', async () => {
    for (const [on, entity] of [
      [app, [...WORK.filter((k) => k !== 'barcode')]],
      [discogs, COMMON],
    ] as const) {
      const found = byRef(await search('q=zephyr', holder, on));
      expect(Object.keys(found.get('release 10')!)).to.have.members(RELEASE);
      expect(Object.keys(found.get('master 5')!)).to.have.members(WORK);
      expect(Object.keys(found.get('artist 1')!)).to.have.members(entity);
      expect(Object.keys(found.get('label 7')!)).to.have.members(entity);
    }
    const artist = byRef(await search('q=zephyr', holder)).get('artist 1')!;
    expect(artist).to.deep.include({ country: '', year: '', format: [], label: [], catno: '', community: { want: 0, have: 0 } });
  });
});
