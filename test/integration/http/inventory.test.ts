import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { newListing } from '../../../domain/marketplace/listing.js';
import type { InventorySort } from '../../../domain/marketplace/inventory-sort.js';
import { INVALID_STATUS_FILTER_MESSAGE, type ListingStatus } from '../../../domain/marketplace/listing-status.js';
import { Money } from '../../../domain/marketplace/money.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { INVENTORY_ORDERS, INVENTORY_PLAN, inventoryReleases, PLANNED_FOR_SALE, type PlannedListing } from '../../support/inventory-plan.js';
import { makeSeller } from '../../support/listing-fixtures.js';
import { BASE_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

const PLAN = INVENTORY_PLAN;
type Name = PlannedListing;
const RELEASE_IDS = [301, 302, 303] as const;
const ASCENDING = INVENTORY_ORDERS;
const PUBLIC_SORTS: readonly InventorySort[] = ['listed', 'price', 'item', 'artist', 'label', 'catno', 'audio'];
const FOR_SALE = PLANNED_FOR_SALE;

describe('Inventories over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let ivy: TestUser;
  let kai: TestUser;
  let client: TestApplication;
  const ids = {} as Record<Name, number>;
  const nameOf = (id: number): Name => (Object.keys(ids) as Name[]).find((n) => ids[n] === id)!;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    ivy = await aUser(container, 'ivy');
    kai = await aUser(container, 'kai');
    client = await anApplication(container, 'kai', 'Inventory App');
    await seedCatalogue(db, { releases: inventoryReleases(RELEASE_IDS) });
    await makeSeller(container, ivy.id);
    await makeSeller(container, kai.id);
    const repo = container.get(MARKETPLACE.ListingRepository);
    await container.get(PERSISTENCE.UnitOfWork).run(async () => {
      for (const [name, [release, status, cents, location, day]] of Object.entries(PLAN) as Array<[Name, (typeof PLAN)[Name]]>) {
        const at = new Date(Date.UTC(2026, 10, day));
        const l = newListing(
          ivy.id,
          { releaseId: RELEASE_IDS[release], condition: 'Very Good (VG)', price: Money.fromMinorUnits(cents, 'USD'), status: status === 'Sold' ? 'For Sale' : (status as ListingStatus), location, externalId: `ext-${name}`, comments: `[b]${name}[/b]` },
          at,
        );
        ids[name] = (await repo.add({ ...l, status })).id;
      }
      await repo.add(newListing(kai.id, { releaseId: 301, condition: 'Mint (M)', price: Money.fromMinorUnits(100, 'USD') }, new Date('2026-11-01T00:00:00Z')));
    });
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);
  const names = (body: { listings: Array<{ id: number }> }) => body.listings.map((l) => nameOf(l.id));
  const callers = (): Array<[string, Who]> => [
    ['another user', kai],
    ['an application', 'app'],
    ['anonymous', 'anonymous'],
  ];

  it('shows the owner every listing with the owner’s fields, in the API shape', async () => {
    const res = await as(ivy).get('/s/ivy/inventory');
    expect(res.status, res.text).to.equal(200);
    expect(names(res.body)).to.deep.equal(ASCENDING.listed);
    expect(res.body.pagination).to.deep.equal({ page: 1, pages: 1, per_page: 50, items: 5, urls: {} });
    const first = res.body.listings[0];
    expect(Object.keys(first)).to.deep.equal([
      'id', 'resource_url', 'uri', 'status', 'price', 'original_price', 'shipping_price', 'original_shipping_price', 'allow_offers',
      'condition', 'sleeve_condition', 'posted', 'ships_from', 'comments', 'seller', 'release', 'audio', 'weight', 'format_quantity',
      'external_id', 'location', 'quantity', 'in_cart',
    ]);
    expect(first.seller).to.deep.include({ id: ivy.id, uid: ivy.id, name: 'ivy', username: 'ivy', resource_url: `${BASE_URL}/s/ivy`, min_order_total: 0 });
    expect(first.seller).to.have.all.keys('id', 'name', 'username', 'resource_url', 'url', 'html_url', 'uid', 'avatar_url', 'min_order_total', 'shipping', 'payment', 'stats');
    expect(first.release).to.deep.equal({
      id: 301,
      description: 'Cobalt - Zeta (Vinyl, LP)',
      artist: 'Cobalt',
      title: 'Zeta',
      format: 'Vinyl, LP',
      year: 1980,
      catalog_number: 'A-9',
      resource_url: `${BASE_URL}/releases/301`,
      thumbnail: '',
      images: [],
      stats: { community: { in_collection: 0, in_wantlist: 0 }, user: { in_collection: 0, in_wantlist: 0 } },
    });
    expect(first).to.deep.include({ external_id: 'ext-L1', location: 'B2', quantity: 1, in_cart: false, comments: '[b]L1[/b]', posted: '2026-11-01T00:00:00+00:00' });
    expect(first.price).to.deep.equal({ currency: 'USD', value: 10 });
  });

  it('shows everyone else only the For Sale listings, without the owner’s fields; in_cart only to users', async () => {
    for (const [label, who] of callers()) {
      const res = await as(who).get('/s/ivy/inventory');
      expect(res.status, label).to.equal(200);
      expect(names(res.body), label).to.deep.equal(FOR_SALE);
      expect(res.body.pagination.items, label).to.equal(3);
      for (const l of res.body.listings) {
        for (const key of ['weight', 'format_quantity', 'external_id', 'location', 'quantity']) expect(l, label).to.not.have.property(key);
        expect(l.status).to.equal('For Sale');
        expect('in_cart' in l, label).to.equal(who === kai);
      }
      expect(res.text, label).to.not.include('ext-L');
    }
  });

  it('filters the owner’s inventory by status; everyone else still sees only For Sale', async () => {
    const filtered = async (who: Who, status: string) => names((await as(who).get(`/s/ivy/inventory?status=${encodeURIComponent(status)}`)).body);
    expect(await filtered(ivy, 'All')).to.deep.equal(ASCENDING.listed);
    expect(await filtered(ivy, 'Draft')).to.deep.equal(['L3']);
    expect(await filtered(ivy, 'Sold')).to.deep.equal(['L4']);
    expect(await filtered(ivy, 'For Sale')).to.deep.equal(FOR_SALE);
    expect(await filtered(ivy, 'Expired')).to.deep.equal([]);
    // In any letter case, as the public API takes them.
    expect(await filtered(ivy, 'for sale')).to.deep.equal(FOR_SALE);
    expect(await filtered(ivy, 'FOR SALE')).to.deep.equal(FOR_SALE);
    expect(await filtered(ivy, 'draft')).to.deep.equal(['L3']);
    expect(await filtered(ivy, 'all')).to.deep.equal(ASCENDING.listed);
    for (const [, who] of callers()) {
      for (const status of ['Draft', 'Sold', 'All', 'For Sale']) expect(await filtered(who, status), status).to.deep.equal(FOR_SALE);
    }
  });

  it('refuses an unknown status with 422 and the message listing the accepted values, for anyone', async () => {
    for (const who of [ivy, kai, 'anonymous'] as const) {
      for (const status of ['Bogus', 'forsale', 'For-Sale']) {
        const res = await as(who).get(`/s/ivy/inventory?status=${encodeURIComponent(status)}`);
        expect(res.status).to.equal(422);
        expect(res.text).to.equal(`{"message": ${JSON.stringify(INVALID_STATUS_FILTER_MESSAGE)}}`);
      }
    }
    expect(INVALID_STATUS_FILTER_MESSAGE).to.equal('Invalid status: expected one of All, Deleted, Draft, Expired, For Sale, Sold, Suspended, Violation.');
  });

  it('sorts by every key, both ways, ties by id (owner: every sort; others: the public ones)', async () => {
    for (const [sort, order] of Object.entries(ASCENDING)) {
      const asc = await as(ivy).get(`/s/ivy/inventory?sort=${sort}&sort_order=asc`);
      expect(asc.status, `${sort} ${asc.text}`).to.equal(200);
      expect(names(asc.body), sort).to.deep.equal(order);
      const desc = await as(ivy).get(`/s/ivy/inventory?sort=${sort}&sort_order=desc`);
      expect(names(desc.body), `${sort} desc`).to.deep.equal([...order].reverse());
      const byDefault = await as(ivy).get(`/s/ivy/inventory?sort=${sort}`);
      expect(names(byDefault.body), `${sort} default`).to.deep.equal(order);
    }
    for (const sort of PUBLIC_SORTS) {
      const expected = ASCENDING[sort]!.filter((n) => FOR_SALE.includes(n));
      for (const [label, who] of callers()) {
        expect(names((await as(who).get(`/s/ivy/inventory?sort=${sort}`)).body), `${sort} as ${label}`).to.deep.equal(expected);
        expect(names((await as(who).get(`/s/ivy/inventory?sort=${sort}&sort_order=desc`)).body), `${sort} desc as ${label}`).to.deep.equal([...expected].reverse());
      }
    }
  });

  it('ignores the owner-only sorts for anyone else, and unknown sorts and orders for all: the default order', async () => {
    const publicDefault = ASCENDING.listed!.filter((n) => FOR_SALE.includes(n));
    for (const sort of ['status', 'location']) {
      for (const [label, who] of callers()) {
        const res = await as(who).get(`/s/ivy/inventory?sort=${sort}&sort_order=desc`);
        expect(res.status, label).to.equal(200);
        expect(names(res.body), `${sort} as ${label}`).to.deep.equal([...publicDefault].reverse());
      }
    }
    for (const query of ['sort=colour', 'sort_order=up', 'sort=colour&sort_order=sideways', 'sort=']) {
      const res = await as(ivy).get(`/s/ivy/inventory?${query}`);
      expect(res.status, query).to.equal(200);
      expect(names(res.body), query).to.deep.equal(ASCENDING.listed);
    }
    // Known values in any letter case.
    expect(names((await as(ivy).get('/s/ivy/inventory?sort=PRICE&sort_order=DESC')).body)).to.deep.equal([...ASCENDING.price!].reverse());
  });

  it('pages with the pagination object and the Link header', async () => {
    const res = await as(ivy).get('/s/ivy/inventory?per_page=2&page=2');
    expect(names(res.body)).to.deep.equal(['L3', 'L4']);
    const link = (page: number) => `${BASE_URL}/s/ivy/inventory?per_page=2&page=${page}`;
    expect(res.body.pagination).to.deep.equal({ page: 2, pages: 3, per_page: 2, items: 5, urls: { first: link(1), prev: link(1), next: link(3), last: link(3) } });
    expect(res.headers.link).to.equal(`<${link(1)}>; rel="first", <${link(1)}>; rel="prev", <${link(3)}>; rel="next", <${link(3)}>; rel="last"`);
    const last = await as('anonymous').get('/s/ivy/inventory?per_page=2&page=2&sort=price');
    expect(names(last.body)).to.deep.equal(['L1']);
    expect(last.body.pagination).to.deep.include({ page: 2, pages: 2, items: 3 });
    expect((await as(ivy).get('/s/ivy/inventory?per_page=500')).body.pagination.per_page).to.equal(100);
    expect((await as(ivy).get('/s/ivy/inventory?page=0')).status).to.equal(422);
    expect(names((await as(ivy).get('/s/ivy/inventory?page=9')).body)).to.deep.equal([]);
  });

  it('answers the /users alias, the user name in any case, and 404 for an unknown seller', async () => {
    expect(names((await as('anonymous').get('/users/IVY/inventory')).body)).to.deep.equal(FOR_SALE);
    const missing = await as(ivy).get('/s/nobody/inventory');
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({ message: 'The requested resource was not found.' });
    const empty = await as('anonymous').get('/s/kai/inventory');
    expect(empty.body.listings.map((l: { release: { id: number } }) => l.release.id)).to.deep.equal([301]);
  });

  it('renders comments in the negotiated text format', async () => {
    const html = await as('anonymous').get('/s/ivy/inventory').set('Accept', 'application/vnd.service.v2.html+json');
    expect(html.body.listings.map((l: { comments: string }) => l.comments)).to.deep.equal(['<b>L1</b>', '<b>L2</b>', '<b>L5</b>']);
    const plain = await as('anonymous').get('/s/ivy/inventory').set('Accept', 'application/vnd.service.v2.plaintext+json');
    expect(plain.body.listings[0].comments).to.equal('L1');
  });
});
