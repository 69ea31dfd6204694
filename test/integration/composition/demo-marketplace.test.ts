import { expect } from 'chai';
import { sellerSettingsChange } from '../../../adapters/http/marketplace/seller-settings-bodies.js';
import { shippingRatesText } from '../../../domain/marketplace/shipping-rates.js';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { DEMO_SELLER, DEMO_SELLER_SETTINGS, seedDemoMarketplace } from '../../../composition/marketplace/demo-marketplace.js';
import { marketplaceModule } from '../../../composition/marketplace/marketplace-module.js';
import { LISTINGS } from '../../../composition/marketplace/listing-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { SELLERS } from '../../../composition/marketplace/seller-tokens.js';
import { isMediaCondition, isSleeveCondition } from '../../../domain/marketplace/conditions.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import { Money } from '../../../domain/marketplace/money.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

const RELEASES = [800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810, 811];

describe('Marketplace demo data: the demo seller', function () {
  this.timeout(60_000);
  let db: Database;
  let container: Container;

  before(async () => {
    db = await openTestDatabase();
    container = testContainer(db);
  });
  after(() => db.close());
  beforeEach(async () => {
    await emptyIdentity(db); // takes the users' listings and settings with them
    for (const table of ['release_artist', 'release_label', 'search_entry', 'search_posting', 'search_word', 'search_popularity', 'release']) await query(db.orm, `delete from "${table}"`);
  });

  const demo = async (): Promise<string[]> => {
    const lines: string[] = [];
    await seedDemoMarketplace(container, (line) => lines.push(line));
    return lines;
  };
  const listingsOf = async (seller: TestUser): Promise<readonly Listing[]> =>
    (await container.get(MARKETPLACE.InventoryPages).page({ sellerId: seller.id, statuses: null, sort: 'listed', sortOrder: 'asc', offset: 0, limit: 100 })).listings;

  it('makes the demo seller a complete seller with listings of the demo releases, For Sale in three currencies, once', async () => {
    const seller = await aUser(container, DEMO_SELLER);
    await seedCatalogue(db, { releases: RELEASES.map((id) => aRelease(id)) });
    expect(await demo()).to.deep.equal([`marketplace: ${DEMO_SELLER} sells in GBP with 11 listings (9 For Sale in GBP, USD, EUR, 2 Draft or Expired)`]);

    const settings = await container.get(SELLERS.GetSellerSettings).execute({ name: DEMO_SELLER, actor: 'operator' });
    expect(settings).to.include({ currency: 'GBP', paymentTerms: DEMO_SELLER_SETTINGS.payment, shippingTerms: DEMO_SELLER_SETTINGS.shipping, complete: true });
    expect(settings.paymentTerms).to.include('[b]');
    expect(shippingRatesText(settings.shippingRates)).to.equal('default=14.00, europe=9.00, GB=3.50');
    expect(settings.minOrderTotal?.toString()).to.equal('5.00 GBP');

    const listings = await listingsOf(seller);
    expect(listings).to.have.length.within(8, 12);
    const forSale = listings.filter((l) => l.status === 'For Sale');
    expect(new Set(forSale.map((l) => l.price.currency)).size).to.be.at.least(3);
    expect(forSale.filter((l) => l.price.currency === 'GBP').length, 'mostly in the seller’s own currency').to.be.greaterThan(forSale.length / 2);
    expect(listings.map((l) => l.status).sort()).to.deep.equal([...Array(9).fill('For Sale'), 'Draft', 'Expired'].sort());
    expect(new Set(listings.map((l) => l.condition)).size).to.be.at.least(4);
    expect(new Set(listings.map((l) => l.sleeveCondition)).size).to.be.at.least(5);
    for (const l of listings) {
      expect(isMediaCondition(l.condition) && (l.sleeveCondition === null || isSleeveCondition(l.sleeveCondition))).to.equal(true);
      expect(RELEASES.slice(0, 10)).to.include(l.releaseId);
      expect(l.price.isPositive()).to.equal(true);
    }
    expect(listings.filter((l) => /\[(b|i|u|url=[^\]]+)\]/.test(l.comments)).length, 'comments in markup').to.be.at.least(5);

    // The listings' trigger keeps the releases' market figures: release 806 is for sale in US dollars alone.
    const [row] = await query(db.orm, 'select num_for_sale, lowest_prices from "release" where id = ?', [806]);
    expect(Number(row!.num_for_sale)).to.equal(1);
    expect(typeof row!.lowest_prices === 'string' ? JSON.parse(row!.lowest_prices) : row!.lowest_prices).to.deep.equal({ USD: 1800 });

    // The home page's "Recently listed for sale" shows them (the For Sale ones, by the demo seller, with their titles).
    const recent = await container.get(LISTINGS.ListRecentListings).execute({ count: 12 });
    expect(recent.map((r) => r.listing.id).sort((x, y) => x - y)).to.deep.equal(forSale.map((l) => l.id).sort((x, y) => x - y));
    expect(new Set(recent.map((r) => r.seller.username))).to.deep.equal(new Set([DEMO_SELLER]));
    expect(recent.every((r) => r.release.id === r.listing.releaseId)).to.equal(true);

    expect(await demo()).to.deep.equal([`marketplace: ${DEMO_SELLER} has listings already; demo listings left out`]);
    expect(await listingsOf(seller)).to.have.length(listings.length);
  });

  it('keeps the terms and currency of a demo seller who is a seller already, pricing in that currency through the rates', async () => {
    const seller = await aUser(container, DEMO_SELLER);
    await seedCatalogue(db, { releases: RELEASES.slice(0, 3).map((id) => aRelease(id)) });
    await container.get(SELLERS.SetSellerSettings).execute({
      name: DEMO_SELLER,
      actor: 'operator',
      change: () => sellerSettingsChange({ curr_abbr: 'sek', payment: 'Mine', shipping: 'Mine too' }),
    });
    const lines: string[] = [];
    await marketplaceModule.demo!(container, (line) => lines.push(line)); // the demo rates, then the listings
    expect(lines.at(-1)).to.equal(`marketplace: ${DEMO_SELLER} sells in SEK with 11 listings (9 For Sale in SEK, USD, EUR, 2 Draft or Expired)`);
    expect(await container.get(SELLERS.GetSellerSettings).execute({ name: DEMO_SELLER, actor: 'operator' })).to.include({ currency: 'SEK', paymentTerms: 'Mine' });
    const listings = await listingsOf(seller);
    expect(new Set(listings.map((l) => l.releaseId))).to.deep.equal(new Set(RELEASES.slice(0, 3)), 'the few releases there are, over again');
    // Kronor are the plan's pounds converted (a seller's first listing asks £24.00); dollars and euros as written.
    const rates = (await container.get(MARKETPLACE.GetCurrencyRates).execute())!.rates;
    expect(listings[0]!.price.toString()).to.equal(Money.fromDecimal('24.00', 'GBP').convertTo('SEK', rates).toString());
    expect(listings[0]!.price.isGreaterThan(Money.fromDecimal('100', 'SEK'))).to.equal(true);
    expect(listings.find((l) => l.price.currency === 'USD')!.price.toDecimalString()).to.equal('18.00');
  });

  it('says why it adds nothing without the demo seller or without releases, and runs as part of the module’s demo', async () => {
    expect(await demo()).to.deep.equal([`marketplace: no user ${DEMO_SELLER}; demo listings left out`]);
    const seller = await aUser(container, DEMO_SELLER);
    expect(await demo()).to.deep.equal(['marketplace: the catalogue holds no releases; demo listings left out']);
    expect((await container.get(SELLERS.GetSellerSettings).execute({ name: DEMO_SELLER, actor: 'operator' })).complete).to.equal(false);

    await seedCatalogue(db, { releases: RELEASES.map((id) => aRelease(id)) });
    const lines: string[] = [];
    await marketplaceModule.demo!(container, (line) => lines.push(line));
    expect(lines.at(-1)).to.match(/^marketplace: demo-seller sells in GBP with 11 listings/);
    expect(await listingsOf(seller)).to.have.length(11);
  });
});
