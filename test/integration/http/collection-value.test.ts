import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { InMemoryReleasePrices } from '../../../adapters/in-memory/in-memory-release-prices.js';
import { SqlReleasePrices } from '../../../adapters/persistence/marketplace/sql-release-prices.js';
import { COLLECTION } from '../../../composition/collection/collection-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { apiAs } from '../../support/api-as.js';
import { aUser, anApplication, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { loadTestRates } from '../../support/listing-fixtures.js';
import { aListing, aSeller, emptyMarket } from '../../support/order-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, type TestStorage } from '../../support/test-storage.js';

/*
 * The collection value from the marketplace, through the server's own composition: releases listed for sale by
 * several sellers in several currencies, held by an owner in EUR (and one in USD), with the test rate table
 * (1 USD = 0.5 GBP = 0.8 EUR = 150 JPY).
 */
describe('Collection value over HTTP, from what the held releases are for sale at', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let api: ReturnType<typeof apiAs>;
  let discogs: ReturnType<typeof apiAs>;
  let ann: TestUser; // EUR, holds 101 twice, 102, 103 (nothing for sale) and 104
  let ben: TestUser; // USD, holds 101 once
  let cat: TestUser; // holds nothing

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    await emptyIdentity(db);
    await emptyMarket(db);
    await seedCatalogue(db, { releases: [101, 102, 103, 104].map((id) => aRelease(id, { title: `R${id}` })) });
    [ann, ben, cat] = [await aUser(container, 'ann'), await aUser(container, 'ben'), await aUser(container, 'cat')];
    const client = await anApplication(container, 'ann', 'Value App');
    api = apiAs(container.get(HTTP.HttpApp) as unknown as Koa, client);
    const discogsContainer = testContainer(db, { BRAND: 'Discogs', RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    discogs = apiAs(discogsContainer.get(HTTP.HttpApp) as unknown as Koa, client, 'Discogs');
    await loadTestRates(container);

    const [usd, gbp, eur, jpy] = [await aUser(container, 's-usd'), await aUser(container, 's-gbp'), await aUser(container, 's-eur'), await aUser(container, 's-jpy')];
    await aSeller(container, usd.id, 'USD');
    await aSeller(container, gbp.id, 'GBP');
    await aSeller(container, eur.id, 'EUR');
    await aSeller(container, jpy.id, 'JPY');
    // 101 in EUR: 8.00, 12.80, 11.00, 8.00 → lowest 8.00, median (8.00 + 11.00) / 2 = 9.50, highest 12.80.
    await aListing(container, usd.id, 101, '10.00', 'USD');
    await aListing(container, gbp.id, 101, '8.00', 'GBP');
    await aListing(container, eur.id, 101, '11.00', 'EUR');
    await aListing(container, jpy.id, 101, '1500', 'JPY');
    // Not for sale: count for nothing.
    await aListing(container, usd.id, 101, '1.00', 'USD', { status: 'Draft' });
    await aListing(container, usd.id, 101, '500.00', 'USD', { status: 'Sold' });
    await aListing(container, usd.id, 103, '2.00', 'USD', { status: 'Expired' });
    // 102 in EUR: 4.00, 4.80, 7.00.
    await aListing(container, usd.id, 102, '5.00', 'USD');
    await aListing(container, gbp.id, 102, '3.00', 'GBP');
    await aListing(container, eur.id, 102, '7.00', 'EUR');
    // 104 in EUR: 1,600.00 alone.
    await aListing(container, gbp.id, 104, '1000.00', 'GBP');

    for (const [user, currency] of [
      [ann, 'EUR'],
      [ben, 'USD'],
    ] as const) {
      const res = await api(user).post(`/s/${user.name}`, { curr_abbr: currency });
      expect(res.status, res.text).to.equal(200);
    }
    for (const [user, releases] of [
      [ann, [101, 101, 102, 103, 104]],
      [ben, [101]],
    ] as const) {
      for (const id of releases) {
        const res = await api(user).post(`/s/${user.name}/collection/folders/1/releases/${id}`);
        expect(res.status, res.text).to.equal(201);
      }
    }
  });
  after(() => db.close());

  it('is bound to the marketplace in the server\'s composition, not left empty', () => {
    expect(container.get(COLLECTION.ReleasePrices)).to.be.instanceOf(isMemory(db) ? InMemoryReleasePrices : SqlReleasePrices);
  });

  it('adds up each held release\'s lowest, median and highest price for sale, a release held twice twice, in the owner\'s currency', async () => {
    const res = await api(ann).get('/s/ann/collection/value');
    expect(res.status, res.text).to.equal(200);
    // lowest 8.00 × 2 + 4.00 + 1,600.00; median 9.50 × 2 + 4.80 + 1,600.00; highest 12.80 × 2 + 7.00 + 1,600.00.
    expect(res.body).to.deep.equal({ minimum: '€1,620.00', median: '€1,623.80', maximum: '€1,632.60' });
  });

  it('answers the same in the Discogs dialect, under /users/{username}', async () => {
    const res = await discogs(ann).get('/users/ann/collection/value');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({ minimum: '€1,620.00', median: '€1,623.80', maximum: '€1,632.60' });
  });

  it('rounds a median between two prices half away from zero, in dollars for a USD owner', async () => {
    // 101 in USD: 10.00, 16.00, 13.75, 10.00 → median (10.00 + 13.75) / 2 = 11.875 → 11.88.
    const res = await api(ben).get('/s/ben/collection/value');
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.deep.equal({ minimum: '$10.00', median: '$11.88', maximum: '$16.00' });
  });

  it('is nothing for a collection of nothing, and follows the listings as they change', async () => {
    expect((await api(cat).get('/s/cat/collection/value')).body).to.deep.equal({ minimum: '$0.00', median: '$0.00', maximum: '$0.00' });
    const sEur = await aUser(container, 's-eur2');
    await aSeller(container, sEur.id, 'EUR');
    await aListing(container, sEur.id, 103, '3.00', 'EUR'); // 103 now for sale: 3.00 on all three
    const res = await api(ann).get('/s/ann/collection/value');
    expect(res.body).to.deep.equal({ minimum: '€1,623.00', median: '€1,626.80', maximum: '€1,635.60' });
  });

  it('is the owner\'s alone', async () => {
    expect((await api(ben).get('/s/ann/collection/value')).status).to.equal(403);
    expect((await api('anonymous').get('/s/ann/collection/value')).status).to.equal(401);
  });
});
