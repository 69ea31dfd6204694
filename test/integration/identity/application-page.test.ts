import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { problemOf, signedIn } from '../../support/browser.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, testContainer, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';
import request from 'supertest';


describe('Web pages: an application of the developer portal (/settings/developers/applications/{id})', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let dev: TestUser;
  let other: TestUser;
  let tool: TestApplication;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '77', RATE_LIMIT_WINDOW_SECONDS: '60' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    dev = await aUser(container, 'portal-dev');
    other = await aUser(container, 'portal-other');
    tool = await anApplication(container, 'portal-dev', 'Crate Digger', 'https://crate.example/cb');
  });
  after(() => db.close());

  it("shows its key and secret bare, the OAuth addresses, curl lines, the configured limits and the reference; another's is a 404", async () => {
    const browser = await signedIn(app, dev.name, dev.password);
    const list = await browser.get('/settings/developers');
    expect(list.text).to.include(`href="${WEB_URL}/settings/developers/applications/${tool.id}"`);
    const page = await browser.get(`/settings/developers/applications/${tool.id}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include(`<input id="consumer-key" class="secret" readonly value="${tool.key}">`);
    expect(page.text).to.include(`<input id="consumer-secret" class="secret" readonly value="${tool.secret}">`);
    expect(page.text).to.include('/oauth/request_token').and.include(`${WEB_URL}/oauth/authorize`).and.include('/oauth/access_token');
    expect(page.text).to.include(`key=${tool.key}, secret=CONSUMER_SECRET`).and.include('curl');
    expect(page.text).to.include(`${WEB_URL}/docs`);
    expect(page.text).to.match(/windows of 60 seconds:\s*100000 requests without credentials, 77 with/);
    const intruder = await signedIn(app, other.name, other.password);
    expect((await intruder.get(`/settings/developers/applications/${tool.id}`)).status).to.equal(404);
    expect((await intruder.post(`/settings/developers/applications/${tool.id}`, { name: 'Mine now' })).status).to.equal(404);
    expect((await browser.get('/settings/developers/applications/no-such-id')).status).to.equal(404);
  });

  it('names every problem beside its field at once with the values kept, saves nothing, then saves every field', async () => {
    const browser = await signedIn(app, dev.name, dev.password);
    await browser.get(`/settings/developers/applications/${tool.id}`);
    const bad = await browser.post(`/settings/developers/applications/${tool.id}`, {
      name: ' ', description: 'x'.repeat(1001), callback_url: 'ftp://crate.example/', website_url: 'https://user:pw@crate.example/',
    });
    expect(bad.status).to.equal(422);
    expect(problemOf(bad.text, 'name')).to.deep.equal({ text: 'An application needs a name.', invalid: true });
    expect(problemOf(bad.text, 'description')).to.deep.equal({ text: 'A description is at most 1000 characters long.', invalid: true });
    expect(problemOf(bad.text, 'callback_url')).to.deep.equal({ text: 'A callback URL is http or https.', invalid: true });
    expect(problemOf(bad.text, 'website_url')).to.deep.equal({ text: 'A website address may not carry a user name or password.', invalid: true });
    expect(bad.text).to.include('value="ftp://crate.example/"');
    const nul = await browser.post(`/settings/developers/applications/${tool.id}`, { name: 'a\u0000b' });
    expect(nul.status).to.be.oneOf([400, 422]);
    const forged = await browser.post(`/settings/developers/applications/${tool.id}`, { name: 'Forged' }, { csrf: 'f'.repeat(64) });
    expect(forged.status).to.equal(403);
    expect((await container.get(IDENTITY.ApplicationRepository).byId(tool.id))!.name).to.equal('Crate Digger');

    const saved = await browser.post(`/settings/developers/applications/${tool.id}`, {
      name: 'Crate Digger 2', description: 'Finds records.', callback_url: 'https://crate.example/back', website_url: 'https://crate.example/',
    });
    expect([saved.status, saved.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/developers/applications/${tool.id}?done=saved`]);
    const stored = (await container.get(IDENTITY.ApplicationRepository).byId(tool.id))!;
    expect([stored.name, stored.description, stored.callbackUrl, stored.websiteUrl, stored.consumerKey]).to.deep.equal([
      'Crate Digger 2', 'Finds records.', 'https://crate.example/back', 'https://crate.example/', tool.key,
    ]);
    const cleared = await browser.post(`/settings/developers/applications/${tool.id}`, { name: 'Crate Digger 2', description: '', callback_url: '', website_url: '' });
    expect(cleared.status).to.equal(303);
    const after = (await container.get(IDENTITY.ApplicationRepository).byId(tool.id))!;
    expect([after.callbackUrl, after.websiteUrl, after.description]).to.deep.equal([null, null, '']);
    // The key and secret still work (the search answers callers with credentials only).
    const res = await request(app.callback()).get('/database/search?q=x').set('User-Agent', AGENT).set('Authorization', `Service key=${tool.key}, secret=${tool.secret}`);
    expect(res.status).to.equal(200);
  });
});
