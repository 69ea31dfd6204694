import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { Instance } from '../../../domain/collection/instance.js';
import { Browser, signedIn } from '../../support/browser.js';
import { aUser, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, WEB_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

describe('Web page: collection settings (privacy and notes fields)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let dora: TestUser;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    dora = await aUser(container, 'dora');
  });
  after(() => db.close());

  const fieldsOf = async () => (await request(app.callback()).get('/s/dora/collection/fields').set('User-Agent', AGENT).set('Authorization', `Service token=${dora.token}`)).body.fields;

  it('sends a browser without a session to sign in', async () => {
    const res = await new Browser(app).get('/settings/collection');
    expect(res.status).to.equal(302);
    expect(res.headers.location).to.equal(`${WEB_URL}/signin?next=%2Fsettings%2Fcollection`);
  });

  it('shows the default fields and privacy, escaped, with a form token', async () => {
    const browser = await signedIn(app, 'dora', dora.password);
    const page = await browser.get('/settings/collection');
    expect(page.status).to.equal(200);
    expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(page.text).to.include('Media Condition').and.include('Sleeve Condition').and.include('Notes');
    expect(page.text).to.match(/name="collection_public" value="1" checked/);
    expect(browser.csrf).to.match(/^[0-9a-f]{64}$/); // bound to the session (ADR 0049)
  });

  it('adds, edits, reorders and removes fields; the API shows each change', async () => {
    const browser = await signedIn(app, 'dora', dora.password);
    await browser.get('/settings/collection');
    const added = await browser.post('/settings/collection/fields', { name: 'Shelf <b>', type: 'dropdown', options: 'Top\r\nMiddle\r\n\r\nBottom', public: '1' });
    expect(added.status, added.text).to.equal(303);
    expect(added.headers.location).to.equal(`${WEB_URL}/settings/collection`);
    let fields = await fieldsOf();
    expect(fields[3]).to.deep.equal({ id: 4, name: 'Shelf <b>', type: 'dropdown', position: 4, public: true, options: ['Top', 'Middle', 'Bottom'] });
    const page = await browser.get('/settings/collection');
    expect(page.text).to.include('Shelf &lt;b&gt;').and.not.include('Shelf <b>');

    expect((await browser.post('/settings/collection/fields/4', { type: 'dropdown', name: 'Shelf', options: 'Top\nBottom' })).status).to.equal(303);
    // A step that is neither up nor down moves nothing (it once moved the field down).
    for (const step of ['sideways', '']) expect((await browser.post('/settings/collection/fields/4/move', { step })).status, step).to.equal(422);
    expect((await fieldsOf()).map((f: { id: number }) => f.id)).to.deep.equal([1, 2, 3, 4]);
    expect((await browser.post('/settings/collection/fields/4/move', { step: 'up' })).status).to.equal(303);
    fields = await fieldsOf();
    expect(fields.map((f: { id: number }) => f.id)).to.deep.equal([1, 2, 4, 3]);
    expect(fields[2]).to.deep.include({ name: 'Shelf', public: false, options: ['Top', 'Bottom'] });

    const clash = await browser.post('/settings/collection/fields', { name: 'notes', type: 'textarea', lines: '2' });
    expect(clash.status).to.equal(422);
    expect(clash.text).to.include('A field named &quot;notes&quot; exists already.');
    const badLines = await browser.post('/settings/collection/fields', { name: 'Story', type: 'textarea', lines: '99' });
    expect(badLines.status).to.equal(422);
    // Lines written as no number (or left blank) are refused as no count, as the collection words it.
    for (const lines of ['two', '']) {
      const noNumber = await browser.post('/settings/collection/fields', { name: 'Story', type: 'textarea', lines });
      expect(noNumber.status).to.equal(422);
      expect(noNumber.text).to.include('Invalid lines: expected a whole number from 1 to 20.');
    }
    expect((await browser.post('/settings/collection/fields', { name: 'X', type: 'radio' })).status).to.equal(422);
    expect((await browser.post('/settings/collection/fields/77/remove', {})).status).to.equal(404);

    expect((await browser.post('/settings/collection/fields/4/remove', {})).status).to.equal(303);
    expect((await fieldsOf()).map((f: { id: number }) => f.id)).to.deep.equal([1, 2, 3]);
  });

  it('removes the notes a dropped option held, and those of a removed field', async () => {
    const browser = await signedIn(app, 'dora', dora.password);
    await browser.get('/settings/collection');
    await browser.post('/settings/collection/fields', { name: 'Box', type: 'dropdown', options: 'Red\nBlue' });
    const fieldId = (await fieldsOf()).find((f: { name: string }) => f.name === 'Box').id as number;
    const repo = container.get(COLLECTION.Repository);
    const uow = container.get(PERSISTENCE.UnitOfWork);
    const ids = await uow.run(async () => {
      await repo.loadForChange(dora.id);
      const a = Instance.added(await repo.nextInstanceId(), dora.id, 1, 1, new Date()).noted({ fieldId, value: 'Red' });
      const b = Instance.added(await repo.nextInstanceId(), dora.id, 1, 1, new Date()).noted({ fieldId, value: 'Blue' }).noted({ fieldId: 3, value: 'kept' });
      await repo.addInstance(a);
      await repo.addInstance(b);
      return [a.id, b.id] as const;
    });
    expect((await browser.post(`/settings/collection/fields/${fieldId}`, { type: 'dropdown', name: 'Box', options: 'Blue\nGreen' })).status).to.equal(303);
    expect((await repo.instance(dora.id, ids[0]))!.notes.has(fieldId)).to.equal(false);
    expect((await repo.instance(dora.id, ids[1]))!.notes.get(fieldId)).to.equal('Blue');
    expect((await browser.post(`/settings/collection/fields/3/remove`, {})).status).to.equal(303);
    expect((await repo.instance(dora.id, ids[1]))!.notes.has(3)).to.equal(false);
  });

  it('makes the collection and wantlist private and public again', async () => {
    const browser = await signedIn(app, 'dora', dora.password);
    await browser.get('/settings/collection');
    expect((await browser.post('/settings/collection/privacy', {})).status).to.equal(303);
    const anonymous = await request(app.callback()).get('/s/dora/collection/folders').set('User-Agent', AGENT);
    expect(anonymous.status).to.equal(401);
    expect((await request(app.callback()).get('/s/dora/wants').set('User-Agent', AGENT)).status).to.equal(401);
    expect((await browser.post('/settings/collection/privacy', { collection_public: '1', wantlist_public: '1' })).status).to.equal(303);
    expect((await request(app.callback()).get('/s/dora/collection/folders').set('User-Agent', AGENT)).status).to.equal(200);
  });

  it('refuses a form without this browser’s token', async () => {
    const browser = await signedIn(app, 'dora', dora.password);
    await browser.get('/settings/collection');
    const res = await browser.post('/settings/collection/privacy', {}, { csrf: 'x'.repeat(32) });
    expect(res.status).to.equal(403);
    expect((await fieldsOf()).length).to.be.greaterThan(0);
  });
});
