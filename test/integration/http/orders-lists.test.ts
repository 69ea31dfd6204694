import { expect } from 'chai';
import type { Container } from 'inversify';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock.js';
import type { Who } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller, someRates } from '../../support/order-fixtures.js';
import { buyThroughCheckout, callerOf, clockedContainer, orderUrl, type OrderJson } from '../../support/order-http.js';
import { BASE_URL, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

/*
 * `GET /marketplace/orders` (the seller's sales) and `GET /marketplace/purchases` (the buyer's) over orders of several
 * buyers and sellers, made through the checkout at known instants and moved through the order endpoints:
 *
 *   order  buyer  created      status                          last activity  archived
 *   sam-1  bob    03-01 10:00  New Order                       03-06 10:00    no   (bob wrote on 03-06)
 *   sam-2  carl   03-02 10:00  Payment Received                03-02 12:00    yes
 *   sam-3  ann    03-03 10:00  Cancelled (Per Buyer's Request) 03-03 11:00    no
 *   sam-4  bob    03-04 10:00  Cancelled (Item Unavailable)    03-04 14:00    no   (1.00 refunded, received)
 *   sam-5  carl   03-04 10:00  Invoice Sent                    03-05 10:00    no
 *   sam-6  ann    03-05 10:00  New Order                       03-05 10:00    no
 *   sue-1  bob    02-28 10:00  Payment Pending                 02-28 11:00    no   (EUR)
 *   sue-2  bob    03-06 12:00  New Order                       03-06 12:00    no   (EUR)
 */

const day = (d: string, hour = 10): string => `2026-${d}T${String(hour).padStart(2, '0')}:00:00Z`;
const api = (iso: string): string => iso.replace('Z', '+00:00');

describe('Order lists over HTTP: sales and purchases, filtered, sorted and paged', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let clock: FixedClock;
  let as: ReturnType<typeof callerOf>;
  let sam: TestUser, sue: TestUser, ann: TestUser, bob: TestUser, carl: TestUser;
  const sale: Record<number, string> = {};
  const bought: Record<string, string> = {};

  before(async () => {
    db = await openTestStorage();
    clock = new FixedClock(day('02-01'));
    container = clockedContainer(db, clock);
    await emptyIdentity(db);
    [sam, sue, ann, bob, carl] = [await aUser(container, 'sam'), await aUser(container, 'sue'), await aUser(container, 'ann'), await aUser(container, 'bob'), await aUser(container, 'carl')];
    as = callerOf(container, await anApplication(container, 'bob', 'List App'));
    await seedCatalogue(db, { releases: [aRelease(201, { title: 'Listed' })] });
    await someRates(container, { EUR: '0.9' });
    await aSeller(container, sam.id, 'USD');
    await aSeller(container, sue.id, 'EUR');
    const at = (iso: string) => clock.set(iso);
    const buy = async (buyer: TestUser, seller: TestUser, price: string) => {
      const listing = await aListing(container, seller.id, 201, price, seller === sue ? 'EUR' : 'USD');
      return (await buyThroughCheckout(as, buyer, seller.name, [listing], `${buyer.name}'s address`)).id;
    };
    const post = async (who: TestUser, path: string, body: object) => {
      const res = await as(who).post(path, body);
      expect(res.status, `${path} ${res.text}`).to.be.oneOf([200, 201]);
    };
    const edit = (who: TestUser, id: string, body: object) => post(who, `/marketplace/orders/${id}`, body);

    at(day('02-28'));
    bought['sue-1'] = await buy(bob, sue, '20.00');
    at(day('02-28', 11));
    await edit(sue, bought['sue-1'], { status: 'Payment Pending' });
    at(day('03-01'));
    sale[1] = await buy(bob, sam, '10.00');
    at(day('03-02'));
    sale[2] = await buy(carl, sam, '20.00');
    at(day('03-02', 12));
    await edit(sam, sale[2], { status: 'Payment Received' });
    at(day('03-02', 13));
    await edit(sam, sale[2], { archived: true });
    at(day('03-03'));
    sale[3] = await buy(ann, sam, '30.00');
    at(day('03-03', 11));
    await edit(ann, sale[3], { status: "Cancelled (Per Buyer's Request)" });
    at(day('03-04'));
    sale[4] = await buy(bob, sam, '40.00');
    sale[5] = await buy(carl, sam, '50.00');
    at(day('03-04', 11));
    await edit(sam, sale[4], { status: 'Payment Received' });
    at(day('03-04', 12));
    await post(sam, `/marketplace/orders/${sale[4]}/refunds`, { amount: 1 });
    at(day('03-04', 13));
    await edit(sam, sale[4], { status: 'Cancelled (Item Unavailable)' });
    at(day('03-04', 14));
    await post(sam, `/marketplace/orders/${sale[4]}/refunds`, { amount: 1, type: 'received' });
    at(day('03-05'));
    await edit(sam, sale[5], { shipping: 2 });
    sale[6] = await buy(ann, sam, '60.00');
    at(day('03-06'));
    await post(bob, `/marketplace/orders/${sale[1]}/messages`, { message: 'Any news?' });
    at(day('03-06', 12));
    bought['sue-2'] = await buy(bob, sue, '5.00');
    expect(Object.values(sale)).to.deep.equal([1, 2, 3, 4, 5, 6].map((n) => `${sam.id}-${n}`));
    expect(Object.values(bought)).to.deep.equal([`${sue.id}-1`, `${sue.id}-2`]);
  });
  after(() => db.close());

  const list = async (who: Who, path: string): Promise<{ pagination: any; orders: OrderJson[] }> => {
    const res = await as(who).get(path);
    expect(res.status, `${path} ${res.text}`).to.equal(200);
    return res.body;
  };
  /** The sales' numbers (sam-N → N) a query lists, in order. */
  const sales = async (query = ''): Promise<number[]> =>
    (await list(sam, `/marketplace/orders${query}`)).orders.map((o) => Number(o.id.split('-')[1]));
  /** The purchases a query lists, by seller and number (`sue-1`). */
  const purchases = async (who: TestUser, query = ''): Promise<string[]> =>
    (await list(who, `/marketplace/purchases${query}`)).orders.map((o) => `${o.seller.name}-${o.id.split('-')[1]}`);
  const refused = async (path: string, message: string) => {
    const res = await as(sam).get(path);
    expect(res.status, path).to.equal(422);
    expect(res.body, path).to.deep.equal({ message });
  };

  it("lists the seller's sales by id, each as the order reads without the items' conditions", async () => {
    const body = await list(sam, '/marketplace/orders');
    expect(body.pagination).to.deep.equal({ page: 1, pages: 1, per_page: 50, items: 6, urls: {} });
    expect(body.orders.map((o) => o.id)).to.deep.equal(Object.values(sale));
    const single = (await as(sam).get(`/marketplace/orders/${sale[4]}`)).body as OrderJson;
    const item = body.orders[3]!;
    const { feedback, ...rest } = single;
    expect(feedback).to.deep.equal({ buyer: null, seller: null });
    expect(item).to.deep.equal({
      ...rest,
      items: single.items.map(({ media_condition, sleeve_condition, ...i }: any) => i),
    });
    expect(item).to.deep.include({
      id: sale[4],
      resource_url: orderUrl(sale[4]!),
      uri: `${WEB_URL}/sell/order/${sale[4]}`,
      status: 'Cancelled (Item Unavailable)',
      next_status: [],
      fee: { currency: 'USD', value: 3.2 },
      created: api(day('03-04')),
      last_activity: api(day('03-04', 14)),
      total: { currency: 'USD', value: 40 },
      refunds: { sent: { currency: 'USD', value: 1 }, received: { currency: 'USD', value: 1 } },
      shipping_address: "bob's address",
      archived: false,
    });
    expect(item.items[0]).to.have.keys('id', 'release', 'price');
  });

  it('filters by every status word', async () => {
    const cases: Array<[string, number[]]> = [
      ['All', [1, 2, 3, 4, 5, 6]],
      ['New Order', [1, 6]],
      ['Payment Received', [2]],
      ['Invoice Sent', [5]],
      ["Cancelled (Per Buyer's Request)", [3]],
      ['Cancelled (Item Unavailable)', [4]],
      ['Cancelled (Non-Paying Buyer)', []],
      ['Shipped', []],
      ['Buyer ed', []],
      ['Buyer Contacted', []],
      ['Merged', []],
      ['Order Changed', []],
      ['Cancelled', [3, 4]],
      ['Cancelled (Refund Received)', [4]],
    ];
    for (const [status, expected] of cases) {
      const body = await list(sam, `/marketplace/orders?status=${encodeURIComponent(status)}`);
      expect(body.orders.map((o) => Number(o.id.split('-')[1])), status).to.deep.equal(expected);
      expect(body.pagination, status).to.deep.include({ items: expected.length, page: 1 });
    }
    expect(await purchases(bob, '?status=Payment%20Pending')).to.deep.equal(['sue-1']);
    expect(await purchases(bob, '?status=Cancelled')).to.deep.equal(['sam-4']);
    const message = 'Invalid status: expected an order status or one of All, Merged, Order Changed, Cancelled, Cancelled (Refund Received).';
    for (const bad of ['Lost', 'new order', 'all', 'Cancelled (Refund Sent)']) await refused(`/marketplace/orders?status=${encodeURIComponent(bad)}`, message);
  });

  it('filters by created_after (inclusive) and created_before (exclusive), with offsets sent encoded or not', async () => {
    expect(await sales(`?created_after=${day('03-02')}`)).to.deep.equal([2, 3, 4, 5, 6]);
    expect(await sales(`?created_before=${day('03-04')}`)).to.deep.equal([1, 2, 3]);
    expect(await sales(`?created_after=${day('03-02')}&created_before=${day('03-04')}`)).to.deep.equal([2, 3]);
    expect(await sales(`?created_after=${day('03-04')}&created_before=${day('03-04', 11)}`)).to.deep.equal([4, 5]);
    expect(await sales('?created_after=2026-03-03')).to.deep.equal([3, 4, 5, 6]);
    expect(await sales('?created_after=2026-03-02T10:00:00.001Z')).to.deep.equal([3, 4, 5, 6]);
    // 11:00 at +01:00 is 10:00 UTC; a `+` left unencoded in a query is read as a space, and still understood.
    expect(await sales('?created_after=2026-03-02T11:00:00+01:00')).to.deep.equal([2, 3, 4, 5, 6]);
    expect(await sales('?created_after=2026-03-02T11:00:00%2B01:00')).to.deep.equal([2, 3, 4, 5, 6]);
    expect(await sales('?created_before=2026-03-04T11:00:00+01:00')).to.deep.equal([1, 2, 3]);
    expect(await sales('?created_before=2026-03-04T05:00:00-05:00')).to.deep.equal([1, 2, 3]);
    expect(await sales(`?created_after=${day('03-07')}`)).to.deep.equal([]);
    expect(await purchases(bob, `?created_before=${day('03-01')}`)).to.deep.equal(['sue-1']);
    const bad = (name: string, value: string) => `Invalid ${name}: expected an ISO 8601 timestamp such as 2026-11-23T10:00:00Z, got "${value}".`;
    await refused('/marketplace/orders?created_after=yesterday', bad('created_after', 'yesterday'));
    await refused('/marketplace/orders?created_after=2026-13-01', bad('created_after', '2026-13-01'));
    await refused('/marketplace/orders?created_before=03/04/2026', bad('created_before', '03/04/2026'));
  });

  it('filters by archived: true, false, or both when absent; an archived order stays readable', async () => {
    expect(await sales('?archived=true')).to.deep.equal([2]);
    expect(await sales('?archived=false')).to.deep.equal([1, 3, 4, 5, 6]);
    expect(await sales()).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(await purchases(carl, '?archived=true')).to.deep.equal(['sam-2']);
    expect(await purchases(carl, '?archived=false')).to.deep.equal(['sam-5']);
    for (const who of [sam, carl]) {
      const res = await as(who).get(`/marketplace/orders/${sale[2]}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ archived: true, status: 'Payment Received' });
    }
    for (const bad of ['yes', 'TRUE', '1']) await refused(`/marketplace/orders?archived=${bad}`, `Invalid archived: expected true or false, got "${bad}".`);
  });

  it('sorts by every key in both directions, ties by id in the same direction', async () => {
    const cases: Array<[string, number[]]> = [
      ['id', [1, 2, 3, 4, 5, 6]],
      ['buyer', [3, 6, 1, 4, 2, 5]],
      ['created', [1, 2, 3, 4, 5, 6]],
      ['status', [4, 3, 5, 1, 6, 2]],
      ['last_activity', [2, 3, 4, 5, 6, 1]],
    ];
    for (const [sort, asc] of cases) {
      expect(await sales(`?sort=${sort}`), sort).to.deep.equal(asc);
      expect(await sales(`?sort=${sort}&sort_order=asc`), sort).to.deep.equal(asc);
      expect(await sales(`?sort=${sort}&sort_order=desc`), `${sort} desc`).to.deep.equal([...asc].reverse());
    }
    expect(await sales('?sort_order=desc')).to.deep.equal([6, 5, 4, 3, 2, 1]);
    // Purchases: the seller in place of the buyer.
    // By id: the seller's, then their number (the id's own parts).
    expect(await purchases(bob)).to.deep.equal(['sam-1', 'sam-4', 'sue-1', 'sue-2']);
    expect(await purchases(bob, '?sort=seller')).to.deep.equal(['sam-1', 'sam-4', 'sue-1', 'sue-2']);
    expect(await purchases(bob, '?sort=seller&sort_order=desc')).to.deep.equal(['sue-2', 'sue-1', 'sam-4', 'sam-1']);
    expect(await purchases(bob, '?sort=created')).to.deep.equal(['sue-1', 'sam-1', 'sam-4', 'sue-2']);
    expect(await purchases(bob, '?sort=last_activity&sort_order=desc')).to.deep.equal(['sue-2', 'sam-1', 'sam-4', 'sue-1']);
    expect(await purchases(bob, '?sort=status')).to.deep.equal(['sam-4', 'sam-1', 'sue-2', 'sue-1']);

    // A sort a list does not take, or none it knows, is ignored: the default order (by id); known ones in any case.
    for (const query of ['?sort=price', '?sort=seller', '?sort_order=up', '?sort=price&sort_order=up']) {
      expect(await sales(query), query).to.deep.equal([1, 2, 3, 4, 5, 6]);
    }
    expect(await sales('?sort=price&sort_order=desc')).to.deep.equal([6, 5, 4, 3, 2, 1]);
    expect(await sales('?sort=BUYER&sort_order=Desc')).to.deep.equal([5, 2, 4, 1, 6, 3]);
    for (const bad of ['buyer', 'price']) {
      expect(await purchases(bob, `?sort=${bad}`), bad).to.deep.equal(['sam-1', 'sam-4', 'sue-1', 'sue-2']);
    }
  });

  it('pages, with links that keep the filters', async () => {
    const first = await list(sam, '/marketplace/orders?sort=buyer&per_page=1');
    expect(first.orders.map((o) => o.id)).to.deep.equal([sale[3]]);
    const url = (page: number) => `${BASE_URL}/marketplace/orders?sort=buyer&per_page=1&page=${page}`;
    expect(first.pagination).to.deep.equal({ page: 1, pages: 6, per_page: 1, items: 6, urls: { next: url(2), last: url(6) } });
    const second = await list(sam, '/marketplace/orders?sort=buyer&per_page=1&page=2');
    expect(second.orders.map((o) => o.id)).to.deep.equal([sale[6]]);
    expect(second.pagination).to.deep.equal({ page: 2, pages: 6, per_page: 1, items: 6, urls: { first: url(1), prev: url(1), next: url(3), last: url(6) } });
    const pages: string[] = [];
    for (let page = 1; page <= 6; page++) pages.push(...(await list(sam, `/marketplace/orders?sort=buyer&per_page=1&page=${page}`)).orders.map((o) => o.id));
    expect(pages).to.deep.equal([3, 6, 1, 4, 2, 5].map((n) => sale[n]));
    const past = await list(sam, '/marketplace/orders?per_page=2&page=9');
    expect(past.orders).to.deep.equal([]);
    expect(past.pagination).to.deep.include({ page: 9, pages: 3, items: 6 });
    const filtered = await list(sam, '/marketplace/orders?status=New%20Order&per_page=1&page=2');
    expect(filtered.orders.map((o) => o.id)).to.deep.equal([sale[6]]);
    expect(filtered.pagination).to.deep.include({ page: 2, pages: 2, items: 2 });
    await refused('/marketplace/orders?per_page=0', 'Invalid per_page: expected a whole number of at least 1, got "0".');
    await refused('/marketplace/orders?page=-1', 'Invalid page: expected a whole number of at least 1, got "-1".');
  });

  it("shows each party their own orders only: the buyer's view without the fee, nothing for anyone else", async () => {
    const mine = await list(bob, '/marketplace/purchases');
    for (const o of mine.orders) {
      expect(o).not.to.have.property('fee');
      expect(o.buyer).to.deep.equal({ id: bob.id, name: 'bob', username: 'bob', resource_url: `${BASE_URL}/s/bob` });
      expect(o.items[0]).to.have.keys('id', 'release', 'price');
    }
    expect(mine.orders.find((o) => o.id === sale[4])!.next_status).to.deep.equal([]);
    expect(mine.orders.find((o) => o.id === sale[1])!.next_status).to.deep.equal(["Cancelled (Per Buyer's Request)"]);
    expect(mine.orders.find((o) => o.id === bought['sue-1'])!.total).to.deep.equal({ currency: 'EUR', value: 20 });
    expect((await list(bob, '/marketplace/orders')).orders).to.deep.equal([]);
    expect((await list(sam, '/marketplace/purchases')).orders).to.deep.equal([]);
    expect(await purchases(ann)).to.deep.equal(['sam-3', 'sam-6']);
    expect((await list(sue, '/marketplace/orders')).orders.map((o) => o.id)).to.deep.equal(Object.values(bought));
    for (const path of ['/marketplace/orders', '/marketplace/purchases']) {
      expect((await as('anonymous').get(path)).status).to.equal(401);
      expect((await as('app').get(path)).status).to.equal(403);
    }
  });
});
