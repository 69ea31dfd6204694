import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { INVALID_TOKEN } from '../../../application/identity/credentials.js';
import { ACCOUNT_DELETED } from '../../../application/identity/hold-account.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { signedIn } from '../../support/browser.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { testContainer, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';

const ROUNDS = 8;

/**
 * The deletion guard (ADR 0060, "Writes racing a deletion"): a request that resolved its caller before the caller's
 * account was deleted either wrote before the deletion erased (and the deletion erased it) or is refused (401); it
 * never leaves personal data behind the tombstone.
 */
describe('Writes racing their author\'s account deletion (the deletion guard)', function () {
  this.timeout(300_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let client: TestApplication;
  let seller: TestUser;
  let serial = 0;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', RATE_LIMIT_PAGES: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    seller = await aUser(container, 'guard-seller');
    client = await anApplication(container, 'guard-seller');
    await aSeller(container, seller.id, 'USD');
    await seedCatalogue(db, { releases: [aRelease(401), aRelease(402)] });
  });
  after(() => db.close());

  const as = (who: TestUser) => apiAs(app, client)(who);
  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const [row] = await query<{ n: number }>(sqlOf(db).orm, sql, params);
    return Number(row!.n);
  };

  /** A buyer with a shipped order (not under way: deletion allowed) to write to, seller settings, and a signed-in browser. */
  async function aPerson() {
    const person = await aUser(container, `guard-${++serial}`);
    await aSeller(container, person.id, 'USD');
    const listing = await aListing(container, seller.id, 401, '6');
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

  it(`${ROUNDS} rounds of a deletion racing a listing, a want, a collection item, an order message and a token: each written before and erased, or refused`, async function () {
    skipInMemory(this); // Runs one at a time in memory: nothing to race (the last test covers the refusal there).
    const tally = { written: 0, refused: 0, guarded: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { person, orderId, browser } = await aPerson();
      const writes = {
        listing: as(person).post('/marketplace/listings', { release_id: 402, condition: 'Mint (M)', price: 5, status: 'For Sale' }),
        want: as(person).put(`/users/${person.name}/wants/402`, {}),
        collection: as(person).post(`/users/${person.name}/collection/folders/1/releases/402`),
        message: as(person).post(`/marketplace/orders/${orderId}/messages`, { message: `Round ${round}: thanks!` }),
        token: browser.post('/settings/developers/tokens', { label: `round ${round}` }),
      };
      // The deletion starts 0 to 27 ms after the writes were sent, spreading the interleavings over the rounds (the
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
      // token is gone; the page's session is gone: sign in again).
      for (const [kind, answer] of Object.keys(writes).map((k, i) => [k, answers[i]!] as const)) {
        if (answer.status < 300) tally.written++;
        else if (kind === 'token') {
          tally.refused++;
          expect([answer.status, answer.headers.location], answer.text).to.deep.equal([302, `${WEB_URL}/signin?next=%2Fsettings%2Fdevelopers%2Ftokens`]);
        } else {
          tally.refused++;
          expect(answer.status, `${kind}: ${answer.text}`).to.equal(401);
          expect(answer.body.message, kind).to.be.oneOf([ACCOUNT_DELETED, INVALID_TOKEN]);
          if (answer.body.message === ACCOUNT_DELETED) tally.guarded++;
        }
      }
    }
    expect(tally.written + tally.refused, JSON.stringify(tally)).to.equal(ROUNDS * 5);
  });

  it('refuses a write on behalf of an account deleted since its credentials were read, in every storage', async () => {
    const person = await aUser(container, `guard-late-${++serial}`);
    const guard = container.get(PERSISTENCE.AccountGuard);
    const uow = container.get(PERSISTENCE.UnitOfWork);
    await container.get(IDENTITY.DeleteAccount).execute({ userId: person.id, password: null, confirmed: true });
    const late = await guard.actingFor(person.id, () => uow.run(async () => 'written')).catch((e: Error) => e);
    expect(String(late)).to.include(ACCOUNT_DELETED);
    // On nobody's behalf, and nested runs join the guarded one without holding again.
    expect(await guard.actingFor(null, () => uow.run(async () => 'written'))).to.equal('written');
    const live = await aUser(container, `guard-live-${++serial}`);
    expect(await guard.actingFor(live.id, () => uow.run(() => uow.run(async () => 'written')))).to.equal('written');
  });
});
