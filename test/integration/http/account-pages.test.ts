import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { RESET_LINK_REFUSED } from '../../../application/identity/reset-password.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { Browser, problemOf, signedIn } from '../../support/browser.js';
import request from 'supertest';
import { anApplication, aUser, type TestUser } from '../../support/identity-fixtures.js';
import { MailFolder, resetLinkIn } from '../../support/mail-folder.js';
import { AGENT, WEB_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';


describe('Web pages: account settings (/settings/password)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let pat: TestUser;
  let rosa: TestUser;
  let mail: MailFolder;
  const newMails = () => mail.newMails();
  const linkIn = (text: string) => resetLinkIn(text)?.searchParams.get('reset');

  before(async () => {
    mail = new MailFolder();
    ({ db, container, app } = await anOpenApp({ MAIL_DIR: mail.dir }));
    pat = await aUser(container, 'password-pat');
    rosa = await aUser(container, 'reset-rosa');
  });
  after(async () => {
    await db.close();
    mail?.remove();
  });

  it('sends a browser without a session to sign in', async () => {
    const res = await new Browser(app).get('/settings/password');
    expect([res.status, res.headers.location]).to.deep.equal([302, `${WEB_URL}/signin?next=%2Fsettings%2Fpassword`]);
  });

  it('names every problem beside its field at once, changes nothing, and refuses a form from elsewhere', async () => {
    const browser = await signedIn(app, pat.name, pat.password);
    const page = await browser.get('/settings/password');
    expect(page.status).to.equal(200);
    expect(page.text).to.include('aria-current="page"');
    const wrong = await browser.post('/settings/password', { current_password: 'not it at all', password: 'short', confirm_password: 'short' });
    expect(wrong.status).to.equal(422);
    expect(problemOf(wrong.text, 'current_password')).to.deep.equal({ text: 'The current password is not right.', invalid: true });
    expect(problemOf(wrong.text, 'password')).to.deep.equal({ text: 'A password is at least 8 characters long.', invalid: true });
    expect(problemOf(wrong.text, 'confirm_password').invalid).to.equal(false);
    const differ = await browser.post('/settings/password', { current_password: pat.password, password: 'a-new-password', confirm_password: 'another-one' });
    expect([differ.status, problemOf(differ.text, 'confirm_password').text]).to.deep.equal([422, 'The two new passwords differ.']);
    const forged = await browser.post('/settings/password', { current_password: pat.password, password: 'a-new-password', confirm_password: 'a-new-password' }, { csrf: 'f'.repeat(64) });
    expect(forged.status).to.equal(403);
    expect(await container.get(IDENTITY.Authenticate).execute({ username: pat.name, password: pat.password })).to.not.equal(null);
  });

  it('changes the password, keeps this session, ends the others, and the new password signs in', async () => {
    const other = await signedIn(app, pat.name, pat.password);
    const browser = await signedIn(app, pat.name, pat.password);
    await browser.get('/settings/password');
    const changed = await browser.post('/settings/password', { current_password: pat.password, password: 'the-new-password', confirm_password: 'the-new-password' });
    expect([changed.status, changed.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/password?done=password`]);
    const after = await browser.get('/settings/password?done=password');
    expect(after.status).to.equal(200);
    expect(after.text).to.include('Your password is changed; every other session of yours has ended.');
    const ended = await other.get('/settings/password');
    expect([ended.status, ended.headers.location]).to.deep.equal([302, `${WEB_URL}/signin?next=%2Fsettings%2Fpassword`]);
    const authenticate = container.get(IDENTITY.Authenticate);
    expect(await authenticate.execute({ username: pat.name, password: pat.password })).to.equal(null);
    expect(await authenticate.execute({ username: pat.name, password: 'the-new-password' })).to.not.equal(null);
    await signedIn(app, pat.name, 'the-new-password');
  });

  it('answers a reset request the same whether or not the account exists, and mails a link to the account alone', async () => {
    newMails();
    const browser = new Browser(app);
    const form = await browser.get('/signin');
    expect(form.text).to.include('/password-reset"');
    await browser.get('/password-reset');
    const unknown = await browser.post('/password-reset', { login: 'nobody-has-this-name' });
    const byEmail = await browser.post('/password-reset', { login: `${rosa.name.toUpperCase()}@example.test` });
    expect([unknown.status, unknown.headers.location]).to.deep.equal([303, `${WEB_URL}/password-reset?done=sent`]);
    expect([byEmail.status, byEmail.headers.location]).to.deep.equal([303, `${WEB_URL}/password-reset?done=sent`]);
    const mails = newMails();
    expect(mails.map((m) => [m.to, m.subject])).to.deep.equal([[`${rosa.name}@example.test`, 'Reset your Spindle password']]);
    expect(linkIn(mails[0]!.text)).to.match(/^[A-Za-z0-9]{43}$/);
    const empty = await browser.post('/password-reset', { login: '  ' });
    expect([empty.status, problemOf(empty.text, 'login')]).to.deep.equal([422, { text: 'Give your login name or your email address.', invalid: true }]);
  });

  it('sets a new password from the link once, signs in here and out everywhere else; the link then does not work', async () => {
    const elsewhere = await signedIn(app, rosa.name, rosa.password);
    newMails();
    const browser = new Browser(app);
    await browser.get('/password-reset');
    await browser.post('/password-reset', { login: rosa.name });
    const token = linkIn(newMails()[0]!.text)!;
    const page = await browser.get(`/password-reset/confirm?reset=${token}`);
    expect([page.status, page.headers['referrer-policy']]).to.deep.equal([200, 'no-referrer']);
    const differ = await browser.post('/password-reset/confirm', { reset: token, password: 'rosa-new-password', confirm_password: 'rosa-other' });
    expect([differ.status, problemOf(differ.text, 'confirm_password').text]).to.deep.equal([422, 'The two new passwords differ.']);
    const short = await browser.post('/password-reset/confirm', { reset: token, password: 'short', confirm_password: 'short' });
    expect([short.status, problemOf(short.text, 'password').text]).to.deep.equal([422, 'A password is at least 8 characters long.']);
    const set = await browser.post('/password-reset/confirm', { reset: token, password: 'rosa-new-password', confirm_password: 'rosa-new-password' });
    expect([set.status, set.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/password?done=reset`]);
    const here = await browser.get('/settings/password?done=reset');
    expect([here.status, here.text.includes('Signed in as <strong>reset-rosa</strong>')]).to.deep.equal([200, true]);
    expect((await elsewhere.get('/settings/password')).status).to.equal(302);
    const again = await new Browser(app).get(`/password-reset/confirm?reset=${token}`);
    expect(again.status).to.equal(200);
    const reused = await browser.post('/password-reset/confirm', { reset: token, password: 'rosa-third-password', confirm_password: 'rosa-third-password' });
    expect(reused.status).to.equal(422);
    expect(reused.text).to.include(RESET_LINK_REFUSED.replace(/'/g, '&#39;').slice(0, 40));
    const authenticate = container.get(IDENTITY.Authenticate);
    expect(await authenticate.execute({ username: rosa.name, password: 'rosa-new-password' })).to.not.equal(null);
    expect(await authenticate.execute({ username: rosa.name, password: 'rosa-third-password' })).to.equal(null);
    rosa = { ...rosa, password: 'rosa-new-password' };
  });

  it('lets one of two uses of one link at once win', async () => {
    newMails();
    await container.get(IDENTITY.RequestPasswordReset).execute({ login: rosa.name, address: '192.0.2.7' });
    const token = linkIn(newMails()[0]!.text)!;
    const reset = container.get(IDENTITY.ResetPassword);
    const outcomes = await Promise.allSettled([
      reset.execute({ token, newPassword: 'first-of-two-at-once' }),
      reset.execute({ token, newPassword: 'second-of-two-at-once' }),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => (o.reason as Error).message);
    expect([won.length, refused]).to.deep.equal([1, [RESET_LINK_REFUSED]]);
    const authenticate = container.get(IDENTITY.Authenticate);
    const which = outcomes[0]!.status === 'fulfilled' ? 'first-of-two-at-once' : 'second-of-two-at-once';
    expect(await authenticate.execute({ username: rosa.name, password: which })).to.not.equal(null);
    rosa = { ...rosa, password: which };
  });

  it("edits the profile with the API's checks: every problem beside its field, values kept, nothing saved; then saves", async () => {
    const browser = await signedIn(app, pat.name, 'the-new-password');
    const page = await browser.get('/settings/profile');
    expect([page.status, /<option value="USD" selected>/.test(page.text)]).to.deep.equal([200, true]);
    const bad = await browser.post('/settings/profile', { real_name: 'Pat <Q>', home_page: 'ftp://nope', location: 'x'.repeat(201), profile: '[b]hi[/b]', curr_abbr: 'XXX' });
    expect(bad.status).to.equal(422);
    expect(problemOf(bad.text, 'home_page')).to.deep.equal({ text: 'home_page must be an http or https URL.', invalid: true });
    expect(problemOf(bad.text, 'location')).to.deep.equal({ text: 'location is at most 200 characters long.', invalid: true });
    expect(problemOf(bad.text, 'curr_abbr').text).to.equal('curr_abbr must be a currency the service knows, got &quot;XXX&quot;.');
    expect(problemOf(bad.text, 'real_name').invalid).to.equal(false);
    expect(bad.text).to.include('value="Pat &lt;Q&gt;"');
    expect((await container.get(IDENTITY.UserRepository).byId(pat.id))!.realName).to.equal('');
    const good = await browser.post('/settings/profile', { real_name: ' Pat Q ', home_page: 'https://pat.example', location: 'Lyon', profile: '[b]hi[/b]', curr_abbr: 'eur' });
    expect([good.status, good.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/profile?done=profile`]);
    const saved = (await container.get(IDENTITY.UserRepository).byId(pat.id))!;
    expect([saved.realName, saved.homePage, saved.location, saved.profile, saved.currency]).to.deep.equal(['Pat Q', 'https://pat.example', 'Lyon', '[b]hi[/b]', 'EUR']);
    const after = await browser.get('/settings/profile?done=profile');
    expect([after.text.includes('Your profile is saved.'), /<option value="EUR" selected>/.test(after.text)]).to.deep.equal([true, true]);
  });

  it('changes the email address with the password, every problem beside its field, a taken address refused without saying whose', async () => {
    const browser = await signedIn(app, pat.name, 'the-new-password');
    const page = await browser.get('/settings/email');
    expect([page.status, page.text.includes(`value="${pat.name}@example.test"`)]).to.deep.equal([200, true]);
    const bad = await browser.post('/settings/email', { email: 'not an address', password: 'wrong password' });
    expect(bad.status).to.equal(422);
    expect(problemOf(bad.text, 'password')).to.deep.equal({ text: 'The password is not right.', invalid: true });
    expect(problemOf(bad.text, 'email').invalid).to.equal(true);
    expect(bad.text).to.include('value="not an address"');
    const taken = await browser.post('/settings/email', { email: `${rosa.name.toUpperCase()}@EXAMPLE.test`, password: 'the-new-password' });
    expect([taken.status, problemOf(taken.text, 'email').text]).to.deep.equal([422, 'That email address cannot be used: choose another.']);
    newMails();
    const changed = await browser.post('/settings/email', { email: 'pat@new.example', password: 'the-new-password' });
    expect([changed.status, changed.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/email?done=email`]);
    // The change waits for the new address's link (ADR 0064), whose opening tells the old address.
    expect((await container.get(IDENTITY.UserRepository).byId(pat.id))!.email).to.equal(`${pat.name}@example.test`);
    const [link] = newMails();
    expect(link!.to).to.equal('pat@new.example');
    const token = /\/email-confirm\?confirm=([A-Za-z0-9]+)/.exec(link!.text)![1]!;
    await container.get(IDENTITY.ConfirmEmail).execute({ token });
    expect((await container.get(IDENTITY.UserRepository).byId(pat.id))!.email).to.equal('pat@new.example');
    expect(newMails().map((m) => m.to)).to.deep.equal([`${pat.name}@example.test`]);
  });

  it("rotates and deletes the owner's applications from the developer page, never another's", async () => {
    const app1 = await anApplication(container, rosa.name, 'Rosa Tool');
    const call = (key: string, secret: string) =>
      request(app.callback()).get('/releases/999999').set('User-Agent', AGENT).set('Authorization', `Service key=${key}, secret=${secret}`);
    expect((await call(app1.key, app1.secret)).status).to.equal(404);
    const intruder = await signedIn(app, pat.name, 'the-new-password');
    await intruder.get('/settings/developers');
    expect((await intruder.post(`/settings/developers/applications/${app1.id}/rotate`, { confirm: 'yes' })).status).to.equal(404);
    expect((await intruder.post(`/settings/developers/applications/${app1.id}/delete`, { confirm: 'yes' })).status).to.equal(404);
    expect((await call(app1.key, app1.secret)).status).to.equal(404);

    const owner = await signedIn(app, rosa.name, rosa.password);
    await owner.get('/settings/developers');
    const unconfirmedRotation = await owner.post(`/settings/developers/applications/${app1.id}/rotate`, {});
    expect(unconfirmedRotation.status).to.equal(422);
    const rotated = await owner.post(`/settings/developers/applications/${app1.id}/rotate`, { confirm: 'yes' });
    expect(rotated.status).to.equal(200);
    const secret = /<label for="created-1">Consumer secret<\/label>\s*<input id="created-1" class="secret" readonly value="([A-Za-z0-9]{32})">/.exec(rotated.text)![1]!;
    expect(secret).to.not.equal(app1.secret);
    expect([(await call(app1.key, app1.secret)).status, (await call(app1.key, secret)).status]).to.deep.equal([401, 404]);

    const unconfirmed = await owner.post(`/settings/developers/applications/${app1.id}/delete`, {});
    expect(unconfirmed.status).to.equal(422);
    expect((await call(app1.key, secret)).status).to.equal(404);
    const deleted = await owner.post(`/settings/developers/applications/${app1.id}/delete`, { confirm: 'yes' });
    expect([deleted.status, deleted.text.includes('Deleted Rosa Tool')]).to.deep.equal([200, true]);
    expect((await call(app1.key, secret)).status).to.equal(401);
  });
});
