import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { Database } from '../../../adapters/persistence/database.js';
import { IDENTITY_SCHEMAS } from '../../../adapters/persistence/identity/identity-rows.js';
import { IDENTITY_MIGRATIONS } from '../../../adapters/persistence/identity/migrations/index.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { MikroOrmUserRepository } from '../../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { EmailUnconfirmed } from '../../../application/errors.js';
import { CONFIRM_LINK_REFUSED } from '../../../application/identity/confirm-email.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { Browser, signedIn } from '../../support/browser.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { WEB_URL } from '../../support/test-app.js';
import { MailFolder } from '../../support/mail-folder.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

const unescape = (html: string): string => html.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/*
 * Email confirmation (ADR 0064): sign-up's one answer and its mails, the limits of an unconfirmed account in the API
 * and on the pages, resending, the confirmation page, an email change pending until confirmed, and on PostgreSQL two
 * confirmations at once and a confirmation racing a change. On the embedded database, in memory, or DATABASE_URL's.
 */
describe('Email confirmation (sign-up, /email-confirm, /settings/email)', function () {
  this.timeout(120_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let mail: MailFolder;
  let client: TestApplication;
  let seller: TestUser;
  let listingId: number;
  let serial = 0;

  const newMails = () => mail.newMails();
  const confirmLink = (text: string) => /http\S*\/email-confirm\?confirm=([A-Za-z0-9]+)/.exec(text)?.[1];
  const as = (who: TestUser) => apiAs(app, client)(who);

  before(async () => {
    mail = new MailFolder();
    ({ db, container, app } = await anOpenApp({ MAIL_DIR: mail.dir }));
    seller = await aUser(container, 'confirm-seller');
    client = await anApplication(container, 'confirm-seller');
    await aSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(401)] });
    listingId = (await aListing(container, seller.id, 401, '10.00')).id;
  });
  after(async () => {
    await db.close();
    mail?.remove();
  });

  /** Signs up on the form as `name` with `email`: the response. */
  async function signUp(name: string, email: string): Promise<{ status: number; location?: string; cookies?: unknown }> {
    const browser = new Browser(app);
    await browser.get('/signup');
    const res = await browser.post('/signup', { username: name, email, password: 'long enough' });
    return { status: res.status, location: res.headers.location, cookies: res.headers['set-cookie'] };
  }

  /** An unconfirmed account made by the sign-up use case, with a personal token: the user and its link's token. */
  async function unconfirmed(name: string): Promise<{ user: TestUser; token: string }> {
    newMails();
    await container.get(IDENTITY.SignUp).execute({ username: name, email: `${name}@example.test`, password: `pw-${name}-secret`, address: `203.0.113.${++serial}` });
    const [mail] = newMails();
    const { token, record } = await container.get(IDENTITY.CreatePersonalToken).execute({ user: name });
    const id = (await container.get(IDENTITY.UserRepository).byLoginName(name))!.id;
    return { user: { id, name, password: `pw-${name}-secret`, token, tokenId: record.id }, token: confirmLink(mail!.text)! };
  }

  it('answers a sign-up the same whether the address is free or taken, mailing a link or telling the owner', async () => {
    newMails();
    const fresh = await signUp('new-nora', 'nora@example.test');
    const taken = await signUp('new-other', 'CONFIRM-SELLER@example.test');
    const sent = `${WEB_URL}/signup/sent?next=%2Fsettings%2Fdevelopers`;
    expect([fresh, taken]).to.deep.equal([{ status: 303, location: sent, cookies: undefined }, { status: 303, location: sent, cookies: undefined }]);
    const mails = newMails();
    expect(mails.map((m) => m.to)).to.deep.equal(['nora@example.test', 'confirm-seller@example.test']);
    expect(confirmLink(mails[0]!.text)).to.match(/^[A-Za-z0-9]{43}$/);
    expect(mails[1]!.subject).to.equal('Someone tried to sign up to Spindle with your email address');
    expect(mails[1]!.text).to.include('your account confirm-seller').and.match(/\/password-reset\/confirm\?reset=[A-Za-z0-9]{43}/);
    const users = container.get(IDENTITY.UserRepository);
    expect([(await users.byLoginName('new-nora'))?.emailConfirmedAt, await users.byLoginName('new-other')]).to.deep.equal([null, null]);
    const page = await new Browser(app).get('/signup/sent');
    expect([page.status, page.text.includes('Check your email')]).to.deep.equal([200, true]);
  });

  it('limits an unconfirmed account: no listing, checkout or order message (403), but collecting and wanting work', async () => {
    const { user } = await unconfirmed('limited-lee');
    const refusals = await Promise.all([
      as(user).post('/marketplace/listings', { release_id: 401, condition: 'Mint (M)', price: 5, status: 'For Sale' }),
      as(user).post('/marketplace/checkout', { shipping_address: 'Somewhere 1' }),
      as(user).post('/marketplace/orders/1-1/messages', { message: 'hello' }),
    ]);
    expect(refusals.map((r) => [r.status, r.body.message])).to.deep.equal(Array(3).fill([403, EmailUnconfirmed.MESSAGE]));
    expect((await as(user).post(`/marketplace/cart/${listingId}`)).status).to.equal(201);
    expect((await as(user).put(`/users/${user.name}/wants/401`, {})).status).to.be.oneOf([200, 201]);
    expect((await as(user).post(`/users/${user.name}/collection/folders`, { name: 'Keepers' })).status).to.equal(201);
    // On the site: the cart's checkout is the message page, with the way to confirm.
    const browser = await signedIn(app, user.name, user.password);
    const cart = await browser.get('/cart');
    expect(cart.status).to.equal(200);
    const checkout = await browser.post('/cart/checkout', { shipping_address: 'Somewhere 1' });
    expect(checkout.status).to.equal(403);
    expect(unescape(checkout.text)).to.include(EmailUnconfirmed.MESSAGE).and.include(`href="${WEB_URL}/settings/email"`);
    const settings = await browser.get('/settings/email');
    expect(settings.text).to.include('Confirm your email address').and.include(`action="${WEB_URL}/settings/email/resend"`);
    // Resending is limited per account (5 an hour, with email changes).
    newMails();
    const resends = [];
    for (let i = 0; i < 6; i++) resends.push((await browser.post('/settings/email/resend', {})).status);
    expect(resends).to.deep.equal([303, 303, 303, 303, 303, 429]);
    expect(newMails().map((m) => m.to)).to.deep.equal(Array(5).fill('limited-lee@example.test'));
  });

  it('resends the link, confirms on the link page once, and lifts the limits', async () => {
    const { user, token: first } = await unconfirmed('resend-rae');
    const browser = await signedIn(app, user.name, user.password);
    await browser.get('/settings/email');
    const resent = await browser.post('/settings/email/resend', {});
    expect([resent.status, resent.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/email?done=resent`]);
    const [mail] = newMails();
    expect(mail!.to).to.equal('resend-rae@example.test');
    const second = confirmLink(mail!.text)!;
    expect(second).to.not.equal(first);

    const visitor = new Browser(app);
    const page = await visitor.get(`/email-confirm?confirm=${second}`);
    expect([page.status, page.headers['referrer-policy'], page.text.includes('Confirm my email address')]).to.deep.equal([200, 'no-referrer', true]);
    const forged = await visitor.post('/email-confirm', { confirm: second }, { csrf: 'f'.repeat(64) });
    expect(forged.status).to.equal(403);
    const done = await visitor.post('/email-confirm', { confirm: second });
    expect([done.status, done.headers.location]).to.deep.equal([303, `${WEB_URL}/email-confirm?done=confirmed`]);
    expect((await visitor.get('/email-confirm?done=confirmed')).text).to.include('Your email address is confirmed');
    const again = await visitor.post('/email-confirm', { confirm: second });
    expect([again.status, unescape(again.text).includes(CONFIRM_LINK_REFUSED)]).to.deep.equal([422, true]);
    // The first link confirms the same address, and still works once.
    expect((await container.get(IDENTITY.ConfirmEmail).execute({ token: first })).changed).to.equal(false);

    const listing = await as(user).post('/marketplace/listings', { release_id: 401, condition: 'Mint (M)', price: 5, status: 'For Sale' });
    expect(listing.body.message).to.not.equal(EmailUnconfirmed.MESSAGE);
    const nothing = await browser.post('/settings/email/resend', {});
    expect(nothing.headers.location).to.equal(`${WEB_URL}/settings/email?done=nothing-to-confirm`);
    expect(newMails()).to.deep.equal([]);
  });

  it('keeps the old address until a change is confirmed, then tells the old address', async () => {
    const pia = await aUser(container, 'change-pia');
    const browser = await signedIn(app, pia.name, pia.password);
    await browser.get('/settings/email');
    newMails();
    const changed = await browser.post('/settings/email', { email: 'pia@new.example', password: pia.password });
    expect([changed.status, changed.headers.location]).to.deep.equal([303, `${WEB_URL}/settings/email?done=email`]);
    const [link] = newMails();
    expect(link!.to).to.equal('pia@new.example');
    const users = container.get(IDENTITY.UserRepository);
    expect((await users.byId(pia.id))!.email).to.equal('change-pia@example.test');
    const pending = await browser.get('/settings/email');
    expect(pending.text).to.include('Change waiting for confirmation').and.include('pia@new.example');
    // A newer change replaces the pending one: its link no longer works.
    await browser.post('/settings/email', { email: 'pia@newer.example', password: pia.password });
    const [newer] = newMails();
    await expectRefused(confirmLink(link!.text)!);
    const confirmed = await container.get(IDENTITY.ConfirmEmail).execute({ token: confirmLink(newer!.text)! });
    expect(confirmed).to.deep.equal({ username: 'change-pia', email: 'pia@newer.example', changed: true });
    const notice = newMails();
    expect(notice.map((m) => [m.to, m.subject])).to.deep.equal([['change-pia@example.test', 'Your Spindle email address was changed']]);
    const now = await users.byId(pia.id);
    expect([now!.email, now!.emailConfirmedAt !== null]).to.deep.equal(['pia@newer.example', true]);
  });

  async function expectRefused(token: string): Promise<void> {
    const err = await container.get(IDENTITY.ConfirmEmail).execute({ token }).catch((e: unknown) => e);
    expect((err as Error).message).to.equal(CONFIRM_LINK_REFUSED);
  }

  it('lets one of two confirmations at once win, and a confirmation racing a change stays consistent', async () => {
    const confirm = container.get(IDENTITY.ConfirmEmail);
    const { token } = await unconfirmed('race-ria');
    const twice = await Promise.allSettled([confirm.execute({ token }), confirm.execute({ token })]);
    expect(twice.map((o) => o.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    expect((twice.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason.message).to.equal(CONFIRM_LINK_REFUSED);

    const users = container.get(IDENTITY.UserRepository);
    const change = container.get(IDENTITY.ChangeEmail);
    const confirmations = container.get(IDENTITY.EmailConfirmations);
    const outcomes: string[] = [];
    for (let round = 1; round <= 8; round++) {
      const u = await aUser(container, `race-${round}`);
      await change.execute({ userId: u.id, password: u.password, email: `r${round}a@race.example` });
      const pendingToken = confirmLink(newMails().at(-1)!.text)!;
      // The change's transaction (after its password check): cancel the pending link, make the newer one.
      const [confirmed, changed] = await Promise.allSettled([
        confirm.execute({ token: pendingToken }),
        confirmations.send({ id: u.id, username: u.name }, `r${round}b@race.example`, 'email change', true),
      ]);
      newMails();
      expect(changed.status).to.equal('fulfilled');
      const now = (await users.byId(u.id))!;
      const state = await change.current(u.id);
      // Either the confirmation won (the address is the one it confirmed, the later change pending), or the change
      // cancelled its link first (refused: the address as before, the later change pending); never a mix.
      if (confirmed.status === 'fulfilled') expect(now.email).to.equal(`r${round}a@race.example`);
      else expect([(confirmed.reason as Error).message, now.email]).to.deep.equal([CONFIRM_LINK_REFUSED, `race-${round}@example.test`]);
      expect([state.confirmed, state.pending]).to.deep.equal([true, `r${round}b@race.example`]);
      outcomes.push(confirmed.status);
    }
    expect(outcomes).to.have.length(8);
  });
});

/*
 * Accounts stored before email confirmation count as confirmed at their registration; one-time links keep working.
 * On the embedded database, or on DATABASE_URL's server (its public schema dropped and made again).
 */
describe('Email confirmation: the migration of existing accounts', function () {
  this.timeout(60_000);
  const BEFORE = 'Migration20261207150200_application_details';
  let db: Database;

  before(async () => {
    const url = process.env.DATABASE_URL;
    db = await Database.open(url ? { kind: 'server', url } : { kind: 'memory' }, { entities: IDENTITY_SCHEMAS, migrations: IDENTITY_MIGRATIONS });
    if (url) {
      const conn = db.orm.em.getConnection();
      await conn.execute('drop schema if exists public cascade');
      await conn.execute('create schema public');
    }
  });
  after(() => db?.close());

  it('confirms every existing account at its registration and keeps its password reset links', async () => {
    const migrator = db.orm.getMigrator();
    await migrator.up({ to: BEFORE });
    const sql = (text: string, params: unknown[] = []) => query(db.orm, text, params);
    const at = new Date('2026-10-01T00:00:00Z');
    await sql(`insert into app_user (id, username, login_key, email, email_key, password_hash, registered_at) values (7, 'Old', 'old', 'old@example.com', 'old@example.com', 'x', ?)`, [at]);
    await sql(`insert into password_reset (digest, user_id, created_at, expires_at) values ('d1', 7, ?, ?)`, [at, new Date('2099-01-01T00:00:00Z')]);
    await migrator.up();
    const user = await new MikroOrmUserRepository(db.orm).byId(7);
    expect(user!.emailConfirmedAt).to.deep.equal(at);
    expect(await sql(`select purpose, email, user_id from one_time_link`)).to.deep.equal([{ purpose: 'password reset', email: null, user_id: 7 }]);
    expect(await migrator.getPendingMigrations()).to.deep.equal([]);
  });
});
