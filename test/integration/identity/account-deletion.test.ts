import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { DELETION_UNCONFIRMED } from '../../../application/identity/delete-account.js';
import { isRefusal } from '../../../domain/shared/refusal.js';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { Browser, problemOf, signedIn } from '../../support/browser.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { testContainer, WEB_URL } from '../../support/test-app.js';
import { isMemory, openTestStorage, type TestStorage } from '../../support/test-storage.js';


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
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    seller = await aUser(container, 'del-seller');
    client = await anApplication(container, 'del-seller');
    await aSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(301), aRelease(302)] });
  });
  after(() => db.close());

  const as = (who: TestUser) => apiAs(app, client)(who);
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
});
