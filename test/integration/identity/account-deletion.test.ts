import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { INVALID_TOKEN } from '../../../application/identity/credentials.js';
import { DELETION_UNCONFIRMED } from '../../../application/identity/delete-account.js';
import { ACCOUNT_DELETED } from '../../../application/identity/hold-account.js';
import { isRefusal } from '../../../domain/shared/refusal.js';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import { EVENTS } from '../../../composition/events/events-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { WEBHOOKS } from '../../../composition/webhooks/webhooks-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { Browser, problemOf, signedIn } from '../../support/browser.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { testContainer, WEB_URL } from '../../support/test-app.js';
import { isMemory, openTestStorage, skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';
import { appendEvents, testDispatcher, WEBHOOK_TEST_ENV } from '../../support/webhook-fixtures.js';


/** Rounds of the deletion guard's race. */
const GUARD_ROUNDS = 8;

const unescape = (html: string): string => html.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

describe('Account deletion (/settings/delete, DeleteAccount)', function () {
  this.timeout(120_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let client: TestApplication;
  let seller: TestUser;
  let serial = 0;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { ...WEBHOOK_TEST_ENV, RATE_LIMIT_PAGES: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    seller = await aUser(container, 'del-seller');
    client = await anApplication(container, 'del-seller');
    await aSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(301), aRelease(302)] });
  });
  after(() => db.close());

  const as = (who: TestUser) => apiAs(app, client)(who);
  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const [row] = await query<{ n: number }>(sqlOf(db).orm, sql, params);
    return Number(row!.n);
  };
  const fresh = (prefix: string) => aUser(container, `${prefix}-${++serial}`);
  const buy = async (buyer: TestUser, listingId: number) => {
    expect((await as(buyer).post(`/marketplace/cart/${listingId}`)).status).to.equal(201);
    return as(buyer).post('/marketplace/checkout', { shipping_address: 'Deletion Road 1' });
  };

  it('sends a browser without a session to sign in', async () => {
    const res = await new Browser(app).get('/settings/delete');
    expect([res.status, res.headers.location]).to.deep.equal([302, `${WEB_URL}/signin?next=%2Fsettings%2Fdelete`]);
  });

  it('names a wrong password and an unticked box at once, deletes nothing, and refuses a form from elsewhere', async () => {
    const pat = await fresh('del-pat');
    const browser = await signedIn(app, pat.name, pat.password);
    const page = await browser.get('/settings/delete');
    expect(page.status).to.equal(200);
    expect(page.text).to.include('aria-current="page"').and.include('name="confirm"');
    const wrong = await browser.post('/settings/delete', { password: 'not the password' });
    expect(wrong.status).to.equal(422);
    expect(problemOf(wrong.text, 'password')).to.deep.equal({ text: 'The password is not right.', invalid: true });
    expect(problemOf(wrong.text, 'confirm')).to.deep.equal({ text: DELETION_UNCONFIRMED, invalid: true });
    const unticked = await browser.post('/settings/delete', { password: pat.password });
    expect([unticked.status, problemOf(unticked.text, 'confirm').text, problemOf(unticked.text, 'password').text]).to.deep.equal([422, DELETION_UNCONFIRMED, undefined]);
    const nul = await browser.post('/settings/delete', { password: 'a\u0000b', confirm: 'yes' });
    expect(nul.status).to.equal(422);
    const forged = await browser.post('/settings/delete', { password: pat.password, confirm: 'yes' }, { csrf: 'f'.repeat(64) });
    expect(forged.status).to.equal(403);
    expect((await as(pat).get(`/users/${pat.name}`)).status).to.equal(200);
  });

  it('refuses while an order is under way, then deletes the buyer: their data goes, the order stays for the seller', async () => {
    const buyer = await fresh('del-buyer');
    const listing = await aListing(container, seller.id, 301, '12');
    const placed = await buy(buyer, listing.id);
    expect(placed.status, placed.text).to.equal(201);
    const orderId = placed.body.orders[0].id as string;
    // Their own things: a want, an instance in the collection, a listing of their own and a cart entry.
    expect((await as(buyer).put(`/users/${buyer.name}/wants/302`, {})).status).to.be.oneOf([200, 201]);
    expect((await as(buyer).post(`/users/${buyer.name}/collection/folders/1/releases/302`)).status).to.equal(201);
    const own = await aListing(container, buyer.id, 302, '3');
    const other = await aListing(container, seller.id, 302, '4');
    expect((await as(buyer).post(`/marketplace/cart/${other.id}`)).status).to.equal(201);

    const browser = await signedIn(app, buyer.name, buyer.password);
    const refused = await browser.post('/settings/delete', { password: buyer.password, confirm: 'yes' });
    expect(refused.status).to.equal(409);
    expect(unescape(refused.text)).to.include(`while an order is under way (${orderId})`);
    expect((await as(seller).post(`/marketplace/orders/${orderId}`, { status: 'Cancelled (Item Unavailable)' })).status).to.equal(200);

    const done = await browser.post('/settings/delete', { password: buyer.password, confirm: 'yes' });
    expect(done.status).to.equal(303);
    expect(done.headers.location).to.equal(`${WEB_URL}/settings/delete?done=deleted`);
    const after = await browser.get('/settings/delete?done=deleted');
    expect([after.status, after.text.includes('Your account is deleted')]).to.deep.equal([200, true]);
    expect((await browser.get('/settings/profile')).status).to.equal(302);

    expect((await as(seller).get(`/users/${buyer.name}`)).status).to.equal(404);
    expect((await as(buyer).get('/oauth/identity')).status).to.equal(401);
    expect(await container.get(IDENTITY.Authenticate).execute({ username: buyer.name, password: buyer.password })).to.equal(null);
    const order = await as(seller).get(`/marketplace/orders/${orderId}`);
    expect([order.status, order.body.buyer.username]).to.deep.equal([200, buyer.name]);
    const taken = await container.get(IDENTITY.CreateUser).execute({ username: buyer.name.toUpperCase(), email: 'other@example.test', password: 'another password' }).catch((e: unknown) => e);
    expect(isRefusal(taken, 'conflict'), String(taken)).to.equal(true);
    // Their address is free again.
    const again = await container.get(IDENTITY.CreateUser).execute({ username: `${buyer.name}-2`, email: `${buyer.name}@example.test`, password: 'another password' });
    expect(again.id).to.not.equal(buyer.id);

    expect(await container.get(MARKETPLACE.ListingRepository).byId(own.id)).to.equal(null);
    expect(await container.get(ORDERS.CartRepository).items(buyer.id)).to.deep.equal([]);
    const collection = container.get(COLLECTION.Repository);
    expect((await collection.load(buyer.id)).folders.reduce((n, f) => n + f.count, 0)).to.equal(0);
    if (!isMemory(db)) {
      const [row] = await query(db.orm, 'select email, password_hash, deleted_at from app_user where id = ?', [buyer.id]);
      expect(row!.email).to.equal(`deleted-${buyer.id}@deleted.invalid`);
      expect(row!.deleted_at).to.not.equal(null);
      for (const table of ['want', 'collection_instance', 'personal_token', 'web_session', 'cart_item']) {
        const [n] = await query(db.orm, `select count(*)::int as n from ${table} where user_id = ?`, [buyer.id]);
        expect(Number(n!.n), table).to.equal(0);
      }
      // A user row with orders cannot be removed outright any more: the orders are the other party's too.
      const hard = await query(db.orm, 'delete from app_user where id = ?', [seller.id]).catch((e: Error) => e);
      expect(String(hard)).to.match(/foreign key/);
    }
  });

  it('a checkout racing the seller\'s deletion: either the order is placed and the deletion refused, or the deletion wins and nothing is sold', async () => {
    const outcomes = { sold: 0, deleted: 0 };
    for (let round = 0; round < 8; round++) {
      const racingSeller = await fresh('del-racer');
      await aSeller(container, racingSeller.id, 'USD');
      const listing = await aListing(container, racingSeller.id, 301, '9');
      const buyer = await fresh('del-racing-buyer');
      expect((await as(buyer).post(`/marketplace/cart/${listing.id}`)).status).to.equal(201);
      const [checkout, deletion] = await Promise.all([
        as(buyer).post('/marketplace/checkout', { shipping_address: 'Race Lane 2' }),
        container.get(IDENTITY.DeleteAccount).execute({ userId: racingSeller.id, password: null, confirmed: true }).then(
          () => 'deleted' as const,
          (err: unknown) => err,
        ),
      ]);
      const sold = await container.get(ORDERS.OrderRepository).idsInStatuses(racingSeller.id, ['New Order']);
      if (deletion === 'deleted') {
        outcomes.deleted++;
        expect(checkout.status, checkout.text).to.be.oneOf([409, 422]);
        expect(sold).to.deep.equal([]);
        expect(await container.get(MARKETPLACE.ListingRepository).byId(listing.id)).to.equal(null);
      } else {
        outcomes.sold++;
        expect(isRefusal(deletion, 'conflict'), String(deletion)).to.equal(true);
        expect(checkout.status, checkout.text).to.equal(201);
        expect(sold).to.have.length(1);
        expect((await as(buyer).get(`/users/${racingSeller.name}`)).status).to.equal(200);
      }
    }
    expect(outcomes.sold + outcomes.deleted).to.equal(8);
  });

  it("a checkout racing the buyer's own deletion never leaves an order with a deleted buyer", async () => {
    for (let round = 0; round < 8; round++) {
      const listing = await aListing(container, seller.id, 302, '7');
      const buyer = await fresh('del-self');
      expect((await as(buyer).post(`/marketplace/cart/${listing.id}`)).status).to.equal(201);
      const [checkout, deletion] = await Promise.all([
        as(buyer).post('/marketplace/checkout', { shipping_address: 'Race Lane 3' }),
        container.get(IDENTITY.DeleteAccount).execute({ userId: buyer.id, password: null, confirmed: true }).then(
          () => 'deleted' as const,
          (err: unknown) => err,
        ),
      ]);
      const orders = await container.get(ORDERS.OrderRepository).idsInStatuses(buyer.id, ['New Order']);
      if (deletion === 'deleted') {
        expect(checkout.status, checkout.text).to.equal(401);
        expect(orders).to.deep.equal([]);
      } else {
        expect(isRefusal(deletion, 'conflict'), String(deletion)).to.equal(true);
        expect([checkout.status, orders.length]).to.deep.equal([201, 1]);
      }
    }
  });

  it("erases the person's events and webhook subscriptions (one made by another's application), deliveries and all; another person's stay", async () => {
    const person = await fresh('del-hooked');
    const bystander = await fresh('del-bystander');
    const outbox = container.get(EVENTS.Outbox);
    const store = container.get(WEBHOOKS.Store);
    // Both subscribe through the seller's application (so the identity eraser's applications do not take them), to a
    // loopback port nothing listens on: each attempt fails and is logged.
    const subscribe = async (who: TestUser) => {
      const res = await as(who).post('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['wantlist.changed', 'order.created'] });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      return res.body.id as number;
    };
    const [mine, theirs] = [await subscribe(person), await subscribe(bystander)];
    const [own] = await appendEvents(container, person.id, 'wantlist.changed', 'order.created');
    await appendEvents(container, bystander.id, 'wantlist.changed');
    const { dispatcher } = testDispatcher(container);
    for (let n = 0; n < 2; n++) expect((await dispatcher.runOnce()).map((a) => a.outcome)).to.deep.equal(['failed']);
    await container.get(PERSISTENCE.UnitOfWork).run(() => store.requestRedelivery(mine, own!.id, new Date()));
    // The person's event is the newest of all, which the outbox keeps (emptied) so its highest id never goes back.
    const [newest] = await appendEvents(container, person.id, 'wantlist.changed');
    const lastId = await outbox.lastId();
    expect(lastId).to.equal(newest!.id);
    const everything = { userId: bystander.id, after: 0, limit: 1000 };
    const bystanders = await outbox.read(everything);
    expect(bystanders).to.have.length.above(0);
    expect((await store.deliveries(mine, 0, 10)).total).to.equal(1);

    expect(await container.get(IDENTITY.DeleteAccount).execute({ userId: person.id, password: null, confirmed: true })).to.equal(person.name);

    expect(await outbox.read({ userId: person.id, after: 0, limit: 1000 })).to.deep.equal([
      { ...newest!, resource: { type: newest!.resource.type, id: '', body: {} } },
    ]);
    expect(await outbox.lastId()).to.equal(lastId);
    expect(await store.byId(mine)).to.equal(null);
    expect((await store.list(person.id, null, 0, 10)).total).to.equal(0);
    expect((await store.deliveries(mine, 0, 10)).total).to.equal(0);
    expect(await outbox.read(everything)).to.deep.equal(bystanders);
    expect((await store.byId(theirs))?.userId).to.equal(bystander.id);
    expect((await store.deliveries(theirs, 0, 10)).total).to.equal(1);
    if (!isMemory(db)) {
      for (const table of ['webhook_delivery', 'webhook_redelivery']) {
        expect(await count(`select count(*)::int as n from ${table} where webhook_id = ?`, [mine]), table).to.equal(0);
      }
      expect(await count('select count(*)::int as n from event where user_id = ?', [person.id])).to.equal(1);
    }
    // Not the newest any more: the next deletion's events all go (the emptied one too, once another is newer).
    const later = await fresh('del-later');
    await appendEvents(container, later.id, 'order.created');
    await appendEvents(container, bystander.id, 'order.created');
    await container.get(IDENTITY.DeleteAccount).execute({ userId: later.id, password: null, confirmed: true });
    expect(await outbox.read({ userId: later.id, after: 0, limit: 1000 })).to.deep.equal([]);
  });

  it('keeps everything when a part of the deletion fails (one unit of work)', async () => {
    const kim = await fresh('del-kim');
    const uow = container.get(PERSISTENCE.UnitOfWork);
    const failing = uow.run(async () => {
      await container.get(IDENTITY.UserRepository).markDeleted(kim.id, new Date());
      throw new Error('fails after marking');
    });
    await failing.catch(() => undefined);
    expect((await as(kim).get(`/users/${kim.name}`)).status).to.equal(200);
  });

  // The deletion guard ("Writes racing a deletion"): a request that resolved its caller before the caller's account
  // was deleted either wrote before the deletion erased (and the deletion erased it) or is refused (401); it never
  // leaves personal data behind the tombstone.

  /** A buyer with a shipped order (not under way: deletion allowed) to write to, seller settings, and a signed-in browser. */
  async function aPerson() {
    const person = await fresh('guard');
    await aSeller(container, person.id, 'USD');
    const listing = await aListing(container, seller.id, 301, '6');
    expect((await as(person).post(`/marketplace/cart/${listing.id}`)).status).to.equal(201);
    const placed = await as(person).post('/marketplace/checkout', { shipping_address: 'Guard Street 1' });
    expect(placed.status, placed.text).to.equal(201);
    const orderId = placed.body.orders[0].id as string;
    for (const status of ['Payment Received', 'Shipped']) {
      expect((await as(seller).post(`/marketplace/orders/${orderId}`, { status })).status).to.equal(200);
    }
    const browser = await signedIn(app, person.name, person.password);
    return { person, orderId, browser };
  }

  it(`the deletion guard: ${GUARD_ROUNDS} rounds of a deletion racing a listing, a want, a collection item, an order message and a token: each written before and erased, or refused`, async function () {
    // A race needs a server: in memory and on PGlite (one session) units of work run one at a time, so nothing
    // interleaves; the last test and the AccountGuard contract cover the refusal there.
    skipInMemory(this);
    if (!process.env.DATABASE_URL) this.skip();
    const tally = { written: 0, refused: 0, guarded: 0 };
    for (let round = 0; round < GUARD_ROUNDS; round++) {
      const { person, orderId, browser } = await aPerson();
      const writes = {
        listing: as(person).post('/marketplace/listings', { release_id: 302, condition: 'Mint (M)', price: 5, status: 'For Sale' }),
        want: as(person).put(`/users/${person.name}/wants/302`, {}),
        collection: as(person).post(`/users/${person.name}/collection/folders/1/releases/302`),
        message: as(person).post(`/marketplace/orders/${orderId}/messages`, { message: `Round ${round}: thanks!` }),
        token: browser.post('/settings/developers/tokens', { label: `round ${round}` }),
      };
      // The deletion starts 0 to 21 ms after the writes were sent, spreading the interleavings over the rounds (the
      // writes' credentials read before it, during it, after it); what is checked holds in every order.
      const deletion = new Promise((resolve) => setTimeout(resolve, (round * 3) % 30)).then(() =>
        container.get(IDENTITY.DeleteAccount).execute({ userId: person.id, password: null, confirmed: true }),
      );
      const [deleted, ...answers] = await Promise.all([deletion, ...Object.values(writes)]);
      expect(deleted).to.equal(person.name);
      // Whatever was written is gone with the rest; a message (which stays with the order) predates the tombstone.
      const left: string[] = [];
      for (const [table, column] of [['listing', 'seller_id'], ['want', 'user_id'], ['collection_instance', 'user_id'], ['personal_token', 'user_id'], ['web_session', 'user_id']]) {
        if ((await count(`select count(*)::int as n from ${table} where ${column} = ?`, [person.id])) > 0) left.push(table);
      }
      const late = await count(
        "select count(*)::int as n from order_message m join app_user u on u.id = m.actor_id where m.actor_id = ? and m.type = 'message' and m.created > u.deleted_at",
        [person.id],
      );
      if (late > 0) left.push('order_message after the deletion');
      expect(left, `round ${round}: left behind the tombstone`).to.deep.equal([]);
      // A refusal is the guard's (401) or, for a write that read its credentials after the deletion, theirs (401: the
      // token is gone).
      for (const [kind, answer] of Object.keys(writes).map((k, i) => [k, answers[i]!] as const)) {
        if (answer.status < 300) tally.written++;
        else if (kind === 'token') {
          // The page: its session gone (sign in again), or the name it makes the token for no one's any more (404).
          tally.refused++;
          if (answer.status === 404) expect(answer.text).to.include(`There is no user &quot;${person.name}&quot;.`);
          else expect([answer.status, answer.headers.location], answer.text).to.deep.equal([302, `${WEB_URL}/signin?next=%2Fsettings%2Fdevelopers%2Ftokens`]);
        } else {
          tally.refused++;
          expect(answer.status, `${kind}: ${answer.text}`).to.equal(401);
          expect(answer.body.message, kind).to.be.oneOf([ACCOUNT_DELETED, INVALID_TOKEN]);
          if (answer.body.message === ACCOUNT_DELETED) tally.guarded++;
        }
      }
    }
    expect(tally.written + tally.refused, JSON.stringify(tally)).to.equal(GUARD_ROUNDS * 5);
  });

  it('the deletion guard refuses a write on behalf of an account deleted since its credentials were read, in every storage', async () => {
    const person = await fresh('guard-late');
    const guard = container.get(PERSISTENCE.AccountGuard);
    const uow = container.get(PERSISTENCE.UnitOfWork);
    await container.get(IDENTITY.DeleteAccount).execute({ userId: person.id, password: null, confirmed: true });
    const late = await guard.actingFor(person.id, () => uow.run(async () => 'written')).catch((e: Error) => e);
    expect(String(late)).to.include(ACCOUNT_DELETED);
    // On nobody's behalf, and nested runs join the guarded one without holding again.
    expect(await guard.actingFor(null, () => uow.run(async () => 'written'))).to.equal('written');
    const live = await fresh('guard-live');
    expect(await guard.actingFor(live.id, () => uow.run(() => uow.run(async () => 'written')))).to.equal('written');
  });
});
