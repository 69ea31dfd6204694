import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import type { Caller } from '../../../application/shared/caller.js';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { LISTS } from '../../../composition/lists/lists-tokens.js';
import { aCredit, aRelease } from '../../support/builders/catalogue-builders.js';
import { signedIn } from '../../support/browser.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, testContainer, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PRIVATE_NOTE = 'people-private-note';
const PRIVATE_FOLDER = 'People Secret Shelf';
const PRIVATE_WANT = 'people-private-want';

describe('Web site: the people pages (profile, collection, wantlist) with the API\'s privacy', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let pia: TestUser;
  let quin: TestUser;
  let folder: number;

  const callerOf = (u: TestUser): Caller => ({ kind: 'user', userId: String(u.id), username: u.name, via: 'token' });

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_PAGES: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    pia = await aUser(container, 'pia');
    quin = await aUser(container, 'quin');
    await seedCatalogue(db, {
      releases: [
        aRelease(201, { title: 'Kept <Record>', released: '1999', artists: [aCredit(1, 'Someone')] }),
        aRelease(202, { title: 'Wanted Record', released: '2004' }),
      ],
    });
    const c = container;
    const [p, q] = [callerOf(pia), callerOf(quin)];
    folder = (await c.get(COLLECTION.CreateFolder).execute({ name: 'pia', caller: p, body: () => ({ name: PRIVATE_FOLDER }) })).folder.id;
    const instance = (await c.get(COLLECTION.AddToFolder).execute({ name: 'pia', caller: p, folderId: folder, releaseId: 201 })).instance.id;
    const at = { name: 'pia', caller: p, folderId: folder, releaseId: 201, instanceId: instance };
    await c.get(COLLECTION.SetInstanceNote).execute({ ...at, fieldId: 1, value: () => 'Mint (M)' });
    await c.get(COLLECTION.SetInstanceNote).execute({ ...at, fieldId: 3, value: () => PRIVATE_NOTE });
    await c.get(COLLECTION.PutWant).execute({ name: 'pia', caller: p, releaseId: 202, change: () => ({ notes: 'pia wants it' }) });
    await c.get(COLLECTION.AddToFolder).execute({ name: 'quin', caller: q, folderId: 1, releaseId: 201 });
    await c.get(COLLECTION.PutWant).execute({ name: 'quin', caller: q, releaseId: 202, change: () => ({ notes: PRIVATE_WANT }) });
    await c.get(COLLECTION.Settings).change({ name: 'quin', caller: q, change: { kind: 'privacy', privacy: { collectionPublic: false, wantlistPublic: false } } });
  });
  after(() => db.close());

  const page = (path: string) => request(app.callback()).get(path).set('User-Agent', CHROMIUM).expect('Content-Type', 'text/html; charset=utf-8');
  const links = (html: string): string[] => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('profile: the API\'s uri opens the page, linking the records the viewer may see; an unknown user is the 404 page', async () => {
    const api = (await request(app.callback()).get('/users/pia').set('User-Agent', AGENT).expect(200)).body as { uri: string; resource_url: string };
    expect(api.uri).to.equal(`${WEB_URL}/user/pia`);
    const res = await page('/user/pia').expect(200);
    expect(res.text).to.include('<h1>pia</h1>');
    expect(res.text).to.match(/Member since<\/dt><dd>\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(links(res.text)).to.include.members([`${WEB_URL}/user/pia/collection`, `${WEB_URL}/user/pia/wants`, api.resource_url]);
    // quin's records are private: no links to them for the anonymous.
    const theirs = await page('/user/quin').expect(200);
    expect(theirs.text).to.include('The collection is private.').and.include('The wantlist is private.');
    expect(links(theirs.text)).to.not.include(`${WEB_URL}/user/quin/collection`);
    const none = await page('/user/nobody-at-all').expect(404);
    expect(none.text).to.include('User not found.');
  });

  it('collection: folder "All" to anyone with the public notes only; other folders and private collections as the API refuses them', async () => {
    const res = await page('/user/pia/collection').expect(200);
    expect(res.text).to.include('Kept &lt;Record&gt;').and.include('Mint (M)').and.include('Someone');
    expect(res.text).to.not.include(PRIVATE_NOTE).and.not.include(PRIVATE_FOLDER);
    expect(links(res.text).some((h) => h.startsWith(`${WEB_URL}/release/201`))).to.equal(true);
    expect((await page(`/user/pia/collection?folder=${folder}`).expect(401)).text).to.not.include(PRIVATE_NOTE);
    expect((await page('/user/quin/collection').expect(401)).text).to.include('<h1>');
    await page('/user/pia/collection?folder=nope').expect(404);
    await page('/user/pia/collection?sort=nonsense&page=0').expect(422);
    await page('/user/pia/collection?page=9').expect(404);
    // Another user is refused as the API refuses them (403).
    const pias = await signedIn(app, 'pia', pia.password);
    expect((await pias.get('/user/quin/collection')).status).to.equal(403);
  });

  it('collection: the owner sees every folder, the private notes, the folder names', async () => {
    const browser = await signedIn(app, 'pia', pia.password);
    const all = await browser.get('/user/pia/collection');
    expect(all.status).to.equal(200);
    expect(all.text).to.include(PRIVATE_FOLDER).and.include(PRIVATE_NOTE);
    const shelf = await browser.get(`/user/pia/collection?folder=${folder}&sort=title&sort_order=desc`);
    expect(shelf.status).to.equal(200);
    expect(shelf.text).to.include('Kept &lt;Record&gt;').and.include('aria-current="page"');
  });

  it('wantlist: public notes to anyone, a private wantlist to its owner alone', async () => {
    const res = await page('/user/pia/wants').expect(200);
    expect(res.text).to.include('Wanted Record');
    const refused = await page('/user/quin/wants').expect(401);
    expect(refused.text).to.not.include(PRIVATE_WANT);
    const quins = await signedIn(app, 'quin', quin.password);
    const own = await quins.get('/user/quin/wants');
    expect(own.status).to.equal(200);
    expect(own.text).to.include(PRIVATE_WANT);
  });
  it('release copies: the owner adds a copy, moves it, rates it and edits its notes, and wants the release; the API shows each', async () => {
    const browser = await signedIn(app, 'quin', quin.password);
    const release = await browser.get('/release/202');
    expect(links(release.text)).to.include(`${WEB_URL}/release/202/yours`);
    const empty = await browser.get('/release/202/yours');
    expect(empty.status).to.equal(200);
    expect(empty.text).to.include('You have no copy of this release yet.');
    const added = await browser.post('/release/202/yours/collect', { folder_id: '1' });
    expect(added.status).to.equal(303);
    const api = async () =>
      (await request(app.callback()).get('/s/quin/collection/releases/202').set('User-Agent', AGENT).set('Authorization', `Service token=${quin.token}`)).body
        .releases as Array<{ instance_id: number; folder_id: number; rating: number; notes: Array<{ field_id: number; value: string }> }>;
    const [copy] = await api();
    expect(copy!.folder_id).to.equal(1);
    const shelf = (await container.get(COLLECTION.CreateFolder).execute({ name: 'quin', caller: callerOf(quin), body: () => ({ name: 'Quin Shelf' }) })).folder.id;
    await browser.get('/release/202/yours?done=collected');
    const saved = await browser.post(`/release/202/yours/instances/${copy!.instance_id}`, { folder_id: String(shelf), rating: '4', field_1: 'Very Good (VG)', field_3: 'from a fair' });
    expect(saved.status).to.equal(303);
    const [moved] = await api();
    expect(moved).to.include({ folder_id: shelf, rating: 4 });
    expect(moved!.notes).to.deep.include.members([{ field_id: 1, value: 'Very Good (VG)' }, { field_id: 3, value: 'from a fair' }]);
    // Every problem at once, beside its field, the values kept; nothing stored.
    const refused = await browser.post(`/release/202/yours/instances/${copy!.instance_id}`, { folder_id: '0', rating: '9', field_1: 'Shiny', field_3: 'changed' });
    expect(refused.status).to.equal(422);
    expect(refused.text.match(/aria-invalid="true"/g)).to.have.length(3);
    expect(refused.text).to.include('is not one of its options').and.include('>changed</textarea>');
    expect((await api())[0]).to.deep.equal(moved);
    // The want, from the same page.
    const wanted = await browser.post('/release/202/yours/want', { notes: 'a second copy', rating: '5', notes_public: '1' });
    expect(wanted.status).to.equal(303);
    const want = (await request(app.callback()).get('/s/quin/wants/202').set('User-Agent', AGENT).set('Authorization', `Service token=${quin.token}`)).body;
    expect(want).to.include({ rating: 5, notes: 'a second copy', notes_public: true });
    // Without a session: off to sign in; without the form token: refused, nothing stored.
    expect((await request(app.callback()).get('/release/202/yours').set('User-Agent', CHROMIUM)).status).to.equal(302);
    const forged = await browser.post('/release/202/yours/collect', { folder_id: '1' }, { csrf: 'x'.repeat(64) });
    expect(forged.status).to.equal(403);
    expect(await api()).to.have.length(1);
    await page('/release/999999/yours').expect(404);
  });
  it('list: the list\'s uri opens its page (the API\'s /lists/{id} stays JSON); a private list is the API\'s refusal', async () => {
    const p = callerOf(pia);
    const made = await container.get(LISTS.CreateList).execute({ caller: p, body: () => ({ name: 'Pia <Picks>', description: 'Her *best*', isPublic: true }), textFormat: 'plaintext' });
    await container.get(LISTS.AddListItem).execute({ listId: made.id, caller: p, body: () => ({ kind: 'release', catalogueId: 201, comment: 'a keeper' }), textFormat: 'plaintext' });
    const hidden = await container.get(LISTS.CreateList).execute({ caller: p, body: () => ({ name: '!!!', description: '', isPublic: false }), textFormat: 'plaintext' });
    const api = (await request(app.callback()).get(`/lists/${made.id}`).set('User-Agent', AGENT).expect(200)).body as { uri: string };
    expect(api.uri).to.equal(`${WEB_URL}/lists/Pia-Picks/${made.id}`);
    const res = await page(api.uri.slice(WEB_URL.length)).expect(200);
    expect(res.text).to.include('Pia &lt;Picks&gt;').and.include('a keeper');
    expect(links(res.text)).to.include.members([`${WEB_URL}/user/pia`, `${WEB_URL}/release/201-Someone-Kept-Record`]);
    // The API's path answers its JSON to a browser too.
    const json = await request(app.callback()).get(`/lists/${made.id}`).set('User-Agent', CHROMIUM).set('Accept', 'text/html,*/*;q=0.8');
    expect(json.headers['content-type']).to.match(/^application\/json/);
    // A name without letters has the slug `list`; the private list is refused to others as the API refuses it.
    const privateApi = await request(app.callback()).get(`/lists/${hidden.id}`).set('User-Agent', AGENT).set('Authorization', `Service token=${pia.token}`).expect(200);
    expect(privateApi.body.uri).to.equal(`${WEB_URL}/lists/list/${hidden.id}`);
    const refused = await request(app.callback()).get(`/lists/${hidden.id}`).set('User-Agent', AGENT);
    const refusedPage = await page(`/lists/list/${hidden.id}`).expect(refused.status);
    expect(refusedPage.text).to.include((refused.body as { message: string }).message);
    const owners = await signedIn(app, 'pia', pia.password);
    expect((await owners.get(`/lists/list/${hidden.id}`)).status).to.equal(200);
    await page('/lists/x/99999').expect(404);
    // The user's lists, linked from the profile: the private one to its owner alone.
    expect(links((await page('/user/pia').expect(200)).text)).to.include(`${WEB_URL}/user/pia/lists`);
    const theirs = links((await page('/user/pia/lists').expect(200)).text);
    expect(theirs).to.include(api.uri).and.not.include(`${WEB_URL}/lists/list/${hidden.id}`);
    expect(links((await owners.get('/user/pia/lists')).text)).to.include.members([api.uri, `${WEB_URL}/lists/list/${hidden.id}`]);
    await page('/user/nobody-at-all/lists').expect(404);
  });
});
