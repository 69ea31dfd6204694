import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { Browser, signedIn as signedInAs } from '../../support/browser.js';
import request from 'supertest';
import { LISTS } from '../../../composition/lists/lists-tokens.js';
import type { Caller } from '../../../application/shared/caller.js';
import { aCredit, anArtist, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, type TestUser } from '../../support/identity-fixtures.js';
import { WEB_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';


describe('Web pages: your lists (/settings/lists)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let alice: TestUser;
  let bob: TestUser;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    alice = await aUser(container, 'page-alice');
    bob = await aUser(container, 'page-bob');
    await seedCatalogue(db, {
      artists: [anArtist(1, { name: 'The Persuader' })],
      releases: [aRelease(10, { title: 'Stockholm', artists: [aCredit(1, 'The Persuader')] }), aRelease(11, { title: 'Second' })],
    });
  });
  after(() => db.close());

  const signedIn = (user: TestUser): Promise<Browser> => signedInAs(app, user.name, user.password);
  const callerOf = (user: TestUser): Caller => ({ kind: 'user', userId: String(user.id), username: user.name, via: 'token' });
  const stored = (user: TestUser, listId: number) => container.get(LISTS.GetList).execute({ listId, caller: callerOf(user), textFormat: 'markup' });
  const idFrom = (location: string) => Number(/\/settings\/lists\/(\d+)$/.exec(location)![1]);

  it('sends a browser without a session to sign in, and serves browsers without the API’s User-Agent rule', async () => {
    for (const path of ['/settings/lists', '/settings/lists/1']) {
      const res = await request(app.callback()).get(path);
      expect([res.status, res.headers.location]).to.deep.equal([302, `${WEB_URL}/signin?next=${encodeURIComponent(path)}`]);
    }
    const browser = await signedIn(alice);
    const page = await browser.get('/settings/lists');
    expect([page.status, page.headers['content-type']]).to.deep.equal([200, 'text/html; charset=utf-8']);
    expect(page.text).to.include('You have no lists yet.');
    expect(page.text).to.include('Signed in as <strong>page-alice</strong>');
  });

  it('makes a list, changes its details, and refuses forms without the CSRF token', async () => {
    const browser = await signedIn(alice);
    await browser.get('/settings/lists');
    const forged = await browser.post('/settings/lists', { name: 'Forged' }, { csrf: null });
    expect(forged.status).to.equal(403);
    expect(forged.text).to.include('This form has expired');

    const refused = await browser.post('/settings/lists', { name: ' ', description: 'kept' });
    expect(refused.status).to.equal(422);
    expect(refused.text).to.include('A list needs a name.');
    expect(refused.text).to.include('>kept</textarea>');

    const made = await browser.post('/settings/lists', { name: 'Crate <digging>', description: 'For [b]Sundays[/b]', public: 'true' });
    expect(made.status, made.text).to.equal(303);
    const id = idFrom(made.headers.location!);
    const page = await browser.get(`/settings/lists/${id}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('Crate &lt;digging&gt;');
    expect(page.text).to.not.include('<digging>');
    expect(page.text).to.include('For [b]Sundays[/b]</textarea>');
    expect(page.text).to.include('name="public" value="true" checked');
    expect((await stored(alice, id)).isPublic).to.equal(true);

    // An unticked box makes the list private; the name and description are what the form sent.
    const edited = await browser.post(`/settings/lists/${id}`, { name: 'Crate', description: '' });
    expect([edited.status, edited.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/lists/${id}`]);
    const now = await stored(alice, id);
    expect([now.name, now.description, now.isPublic]).to.deep.equal(['Crate', '', false]);
    const tooLong = await browser.post(`/settings/lists/${id}`, { name: 'x'.repeat(201) });
    expect(tooLong.status).to.equal(422);
    expect(tooLong.text).to.include('at most 200 characters');
    expect((await browser.get('/settings/lists')).text).to.include(`/settings/lists/${id}">Crate</a>`);
  });

  it('adds, comments on, moves and removes items, refusing unknown records and duplicates', async () => {
    const browser = await signedIn(alice);
    await browser.get('/settings/lists');
    const id = idFrom((await browser.post('/settings/lists', { name: 'Items' })).headers.location!);
    await browser.get(`/settings/lists/${id}`);
    expect((await browser.post(`/settings/lists/${id}/items`, { type: 'release', id: '10', comment: 'first' })).status).to.equal(303);
    expect((await browser.post(`/settings/lists/${id}/items`, { type: 'artist', id: ' 1 ' })).status).to.equal(303);
    const unknown = await browser.post(`/settings/lists/${id}/items`, { type: 'release', id: '999', comment: 'lost' });
    expect(unknown.status).to.equal(422);
    expect(unknown.text).to.include('There is no release 999 in the catalogue.');
    expect(unknown.text).to.include('value="999"');
    const twice = await browser.post(`/settings/lists/${id}/items`, { type: 'release', id: '10' });
    expect(twice.status).to.equal(409);

    const page = await browser.get(`/settings/lists/${id}`);
    expect(page.text).to.include('The Persuader - Stockholm');
    expect(page.text).to.include(`${WEB_URL}/release/10-The-Persuader-Stockholm`);

    expect((await browser.post(`/settings/lists/${id}/items/release/10`, { comment: 'changed' })).status).to.equal(303);
    expect((await browser.post(`/settings/lists/${id}/items/artist/1`, { position: '1' })).status).to.equal(303);
    let view = await stored(alice, id);
    expect(view.items.map((i) => [i.kind, i.catalogueId, i.comment])).to.deep.equal([['artist', 1, ''], ['release', 10, 'changed']]);
    expect((await browser.post(`/settings/lists/${id}/items/artist/1`, { position: '7' })).status).to.equal(422);
    expect((await browser.post(`/settings/lists/${id}/items/release/11`, { comment: 'x' })).status).to.equal(404);

    expect((await browser.post(`/settings/lists/${id}/items/artist/1/remove`, {})).status).to.equal(303);
    view = await stored(alice, id);
    expect(view.items.map((i) => i.catalogueId)).to.deep.equal([10]);

    const deleted = await browser.post(`/settings/lists/${id}/delete`, {});
    expect([deleted.status, deleted.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/lists`]);
    expect((await browser.get(`/settings/lists/${id}`)).status).to.equal(404);
  });

  it("refuses another user's list, public or private, to view or change (403)", async () => {
    const owner = await signedIn(alice);
    await owner.get('/settings/lists');
    const id = idFrom((await owner.post('/settings/lists', { name: 'Alice only', public: 'true' })).headers.location!);
    const intruder = await signedIn(bob);
    const page = await intruder.get(`/settings/lists/${id}`);
    expect(page.status).to.equal(403);
    expect(page.text).to.not.include('Alice only');
    expect((await intruder.post(`/settings/lists/${id}`, { name: 'Bob now' })).status).to.equal(403);
    expect((await intruder.post(`/settings/lists/${id}/items`, { type: 'release', id: '10' })).status).to.equal(403);
    expect((await intruder.post(`/settings/lists/${id}/delete`, {})).status).to.equal(403);
    expect((await stored(alice, id)).name).to.equal('Alice only');
    expect((await intruder.get('/settings/lists')).text).to.include('You have no lists yet.');
  });
});
