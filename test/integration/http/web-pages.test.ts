import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { aUser, anApplication, type TestUser } from '../../support/identity-fixtures.js';
import { WEB_URL, testContainer } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { Browser } from '../../support/browser.js';
import { anOpenApp } from '../../support/market-app.js';

describe('Web pages: sign up, sign in, developer settings, authorize, connected applications', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let alice: TestUser;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    alice = await aUser(container, 'web-alice');
  });
  // A fresh application (and so a fresh count of sign-in attempts from this one address) for each test.
  beforeEach(() => {
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
  });
  after(() => db.close());

  async function signedIn(user = alice): Promise<Browser> {
    const browser = new Browser(app);
    await browser.get('/signin');
    const res = await browser.post('/signin', { username: user.name, password: user.password, next: '/settings/developers' });
    expect(res.status, res.text).to.equal(303);
    return browser;
  }

  it('serves the pages to any browser (no User-Agent rule), as HTML with a CSRF cookie', async () => {
    const res = await request(app.callback()).get('/signin');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('spindle_csrf='))!;
    expect(cookie).to.match(/; HttpOnly; SameSite=Lax; Secure$/);
    expect(res.text).to.include('<form method="post" action="https://www.spindle.test/signin">');
    const css = await request(app.callback()).get('/web.css');
    expect([css.status, css.headers['content-type']]).to.deep.equal([200, 'text/css; charset=utf-8']);
    // The API keeps its rule.
    expect((await request(app.callback()).get('/releases/1')).status).to.equal(403);
  });

  it('signs up, signs in with a session cookie, refuses a wrong password, signs out', async () => {
    const browser = new Browser(app);
    await browser.get('/signup');
    // A name in use is refused (names are public); an email in use gets the answer a new account gets (ADR 0064).
    const alert = (res: request.Response) => /<p class="error" role="alert">([^<]*)<\/p>/.exec(res.text)?.[1];
    const taken = await browser.post('/signup', { username: 'WEB-ALICE', email: 'x@example.test', password: 'long enough' });
    expect([taken.status, alert(taken)]).to.deep.equal([409, 'That login name is already in use: choose another, or sign in if the account is yours.']);
    const takenEmail = await browser.post('/signup', { username: 'web-fresh', email: 'WEB-ALICE@example.test', password: 'long enough', next: '/settings/connected' });
    const bad = await browser.post('/signup', { username: 'no good', email: 'x@example.test', password: 'long enough' });
    expect(bad.status).to.equal(422);
    expect(bad.text).to.include('may hold only letters');
    const created = await browser.post('/signup', { username: 'web-bob', email: 'bob@example.test', password: 'long enough', next: '/settings/connected' });
    const sent = `${WEB_URL}/signup/sent?next=%2Fsettings%2Fconnected`;
    expect([created.status, created.headers.location, takenEmail.status, takenEmail.headers.location]).to.deep.equal([303, sent, 303, sent]);
    expect([created.headers['set-cookie'], takenEmail.headers['set-cookie']]).to.deep.equal([undefined, undefined]);
    expect((await browser.get('/signup/sent?next=%2Fsettings%2Fconnected')).text).to.include('href="https://web.example.test/signin?next=%2Fsettings%2Fconnected"'.replace('https://web.example.test', WEB_URL));
    const signedIn = await browser.post('/signin', { username: 'web-bob', password: 'long enough', next: '/settings/connected' });
    expect([signedIn.status, signedIn.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/connected`]);
    const session = (signedIn.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('spindle_session='))!;
    expect(session).to.match(/^spindle_session=[A-Za-z0-9]{40}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect((await browser.get('/settings/connected')).text).to.include('Signed in as <strong>web-bob</strong>');

    const out = await browser.post('/signout', {});
    expect([out.status, out.headers.location]).to.deep.equal([303, `${WEB_URL}/signin`]);
    const after = await browser.get('/settings/developers');
    expect(after.status).to.equal(302);
    expect(after.headers.location).to.equal(`${WEB_URL}/signin?next=${encodeURIComponent('/settings/developers')}`);

    const wrong = new Browser(app);
    await wrong.get('/signin');
    const refused = await wrong.post('/signin', { username: 'web-bob', password: 'not the one' });
    expect(refused.status).to.equal(401);
    expect(refused.text).to.include('Wrong login name or password.');
    expect(wrong.cookie('spindle_session')).to.equal(undefined);
  });

  it('refuses a form without its CSRF token, or with another browser\'s', async () => {
    const browser = new Browser(app);
    await browser.get('/signin');
    const missing = await browser.post('/signin', { username: alice.name, password: alice.password }, { csrf: null });
    expect(missing.status).to.equal(403);
    expect(missing.text).to.include('This form has expired or was not sent from this site');
    const other = await browser.post('/signin', { username: alice.name, password: alice.password }, { csrf: 'A'.repeat(32) });
    expect(other.status).to.equal(403);
    const signedInBrowser = await signedIn();
    const noToken = await signedInBrowser.post('/settings/developers/tokens', { label: 'x' }, { csrf: null });
    expect(noToken.status).to.equal(403);
  });

  it('binds form tokens to the session: another browser\'s token or cookie-and-token pair is refused (ADR 0049)', async () => {
    const carol = await aUser(container, 'web-carol');
    const a = await signedIn();
    const b = await signedIn(carol);
    expect(a.csrf).to.not.equal(b.csrf);
    expect((await b.post('/settings/developers/tokens', { label: 'x' }, { csrf: a.csrf })).status).to.equal(403);
    // The probe's pair: a pre-session cookie and its token, minted by another browser, sent with B's session.
    const other = new Browser(app);
    await other.get('/signin');
    const forged = await request(app.callback())
      .post('/settings/developers/tokens')
      .set('Cookie', `spindle_session=${b.cookie('spindle_session')}; spindle_csrf=${other.cookie('spindle_csrf')}`)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send(new URLSearchParams({ label: 'x', csrf: other.csrf }).toString());
    expect(forged.status).to.equal(403);
    expect((await b.post('/settings/developers/tokens', { label: 'mine' })).status).to.equal(201);
  });

  it('renews the session id and the form tokens at sign-in and sign-out (ADR 0049)', async () => {
    const browser = new Browser(app);
    await browser.get('/signin');
    const beforeSignIn = browser.csrf;
    await browser.post('/signin', { username: alice.name, password: alice.password });
    const firstSession = browser.cookie('spindle_session')!;
    expect(browser.cookie('spindle_csrf')).to.equal(undefined);
    expect(browser.csrf).to.not.equal(beforeSignIn);
    expect((await browser.post('/settings/developers/tokens', { label: 'x' }, { csrf: beforeSignIn })).status).to.equal(403);
    // Signing in again (say, as someone else on this browser) makes a new session and ends the one before.
    const signedInToken = browser.csrf;
    await browser.get('/signin');
    await browser.post('/signin', { username: alice.name, password: alice.password });
    expect(browser.cookie('spindle_session')).to.not.equal(firstSession);
    const stale = await request(app.callback()).get('/settings/developers').set('Cookie', `spindle_session=${firstSession}`);
    expect(stale.status).to.equal(302);
    expect((await browser.post('/settings/developers/tokens', { label: 'x' }, { csrf: signedInToken })).status).to.equal(403);
    const current = browser.csrf;
    await browser.post('/signout', {});
    await browser.get('/signin');
    expect(browser.csrf).to.not.equal(current);
    expect((await browser.post('/signin', { username: alice.name, password: 'wrong' }, { csrf: current })).status).to.equal(403);
  });

  it('goes back only to a path of this site after signing in (no open redirect)', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const browser = new Browser(app);
      await browser.get('/signin');
      const res = await browser.post('/signin', { username: alice.name, password: alice.password, next });
      expect(res.headers.location, next).to.equal(`${WEB_URL}/settings/developers`);
    }
  });

  it('limits sign-in attempts per account (and address)', async () => {
    const target = await aUser(container, 'web-limited');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const browser = new Browser(app);
      await browser.get('/signin');
      statuses.push((await browser.post('/signin', { username: target.name, password: `guess ${i}` })).status);
    }
    expect(statuses.slice(0, 10)).to.deep.equal(Array(10).fill(401));
    expect(statuses.slice(10)).to.deep.equal([429, 429]);
    const browser = new Browser(app);
    await browser.get('/signin');
    const right = await browser.post('/signin', { username: target.name, password: target.password });
    expect(right.status).to.equal(429);
    expect(right.headers['retry-after']).to.match(/^\d+$/);
  });

  it('registers applications and generates tokens on the developer page, each secret shown once', async () => {
    const browser = await signedIn();
    const registered = await browser.post('/settings/developers/applications', { name: 'Web Shelf', callback_url: 'https://shelf.example/cb' });
    expect(registered.status).to.equal(201);
    const secret = /<label for="created-1">Consumer secret<\/label>\s*<input id="created-1" class="secret" readonly value="([A-Za-z0-9]{32})">/.exec(registered.text)![1]!;
    expect(registered.text).to.match(/<label for="created-0">Consumer key<\/label>\s*<input id="created-0" class="secret" readonly value="[A-Za-z0-9]{20}">/);
    // How to call the API, with this service's own addresses, scheme and limits.
    for (const text of ['/docs"', 'Authorization: Service token=', '/oauth/request_token', '/oauth/authorize', '/oauth/access_token', 'X-Service-Ratelimit']) {
      expect(registered.text).to.include(text);
    }
    const page = await browser.get('/settings/developers');
    expect(page.text).to.include('Web Shelf').and.not.include(secret);
    const bad = await browser.post('/settings/developers/applications', { name: 'X', callback_url: 'ftp://x' });
    expect([bad.status, bad.text.includes('A callback URL is http or https.')]).to.deep.equal([422, true]);

    const generated = await browser.post('/settings/developers/tokens', { label: 'from the page' });
    expect(generated.status).to.equal(201);
    const token = /<input id="created-0" class="secret" readonly value="([A-Za-z0-9]{40})">/.exec(generated.text)![1]!;
    const identity = await request(app.callback()).get('/oauth/identity').set('User-Agent', 'Tests/1.0').set('Authorization', `Service token=${token}`);
    expect(identity.body).to.include({ username: alice.name, consumer_name: 'from the page' });
    expect((await browser.get('/settings/developers')).text).to.not.include(token);
    const id = /tokens\/([^/]+)\/revoke/.exec(generated.text)![1]!;
    const revoked = await browser.post(`/settings/developers/tokens/${id}/revoke`, {});
    expect(revoked.status).to.equal(200);
    expect((await request(app.callback()).get('/oauth/identity').set('User-Agent', 'Tests/1.0').set('Authorization', `Service token=${token}`)).status).to.equal(401);
  });

  it('authorizes an application on the authorize page (sign in first), redirecting with the verifier or showing it', async () => {
    const client = await anApplication(container, 'web-alice', 'Page Client');
    const issue = (callback: string) =>
      container.get(IDENTITY.AuthorizeRequestToken) && issueRequestToken(container, client.key, client.secret, callback);
    const withCallback = await issue('https://client.example/done');
    const anonymous = new Browser(app);
    const first = await anonymous.get(`/oauth/authorize?oauth_token=${withCallback}`);
    expect(first.status).to.equal(302);
    expect(first.headers.location).to.equal(`${WEB_URL}/signin?next=${encodeURIComponent(`/oauth/authorize?oauth_token=${withCallback}`)}`);

    const browser = await signedIn();
    const page = await browser.get(`/oauth/authorize?oauth_token=${withCallback}`);
    expect(page.status).to.equal(200);
    expect(page.text).to.include('<strong>Page Client</strong> asks to act for your account');
    const approved = await browser.post('/oauth/authorize', { oauth_token: withCallback, decision: 'approve' });
    expect(approved.status).to.equal(303);
    const url = new URL(approved.headers.location!);
    expect(`${url.origin}${url.pathname}`).to.equal('https://client.example/done');
    expect(url.searchParams.get('oauth_verifier')).to.match(/^[A-Za-z0-9]{20}$/);
    const again = await browser.get(`/oauth/authorize?oauth_token=${withCallback}`);
    expect(again.status).to.equal(404);

    const oob = await issue('oob');
    await browser.get(`/oauth/authorize?oauth_token=${oob}`);
    const shown = await browser.post('/oauth/authorize', { oauth_token: oob, decision: 'approve' });
    expect(shown.status).to.equal(200);
    expect(shown.text).to.match(/<p class="secret" id="verifier">[A-Za-z0-9]{20}<\/p>/);

    const denied = await issue('https://client.example/done');
    await browser.get(`/oauth/authorize?oauth_token=${denied}`);
    const no = await browser.post('/oauth/authorize', { oauth_token: denied, decision: 'deny' });
    expect(no.status).to.equal(303);
    expect(new URL(no.headers.location!).searchParams.get('denied')).to.equal(denied);
  });

  it('lists connected applications and revokes one', async () => {
    const browser = await signedIn();
    const empty = await browser.get('/settings/connected');
    expect(empty.status).to.equal(200);
    const revokeUnknown = await browser.post('/settings/connected/nope/revoke', {});
    expect(revokeUnknown.status).to.equal(404);
  });
});

/** A request token for a consumer, through the token endpoint's use case with a PLAINTEXT signature. */
async function issueRequestToken(container: Container, key: string, secret: string, callback: string): Promise<string> {
  const issued = await container.get(IDENTITY.IssueRequestToken).execute({
    method: 'POST',
    url: 'https://api.spindle.test/oauth/request_token',
    oauth: new Map([
      ['oauth_consumer_key', key],
      ['oauth_signature_method', 'PLAINTEXT'],
      ['oauth_signature', `${secret}&`],
      ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
      ['oauth_nonce', `n${Math.random()}`],
      ['oauth_callback', callback],
    ]),
    parameters: [],
  });
  return issued.token;
}
