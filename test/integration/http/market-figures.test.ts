import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { MARKET_FIGURES } from '../../../composition/marketplace/market-figure-tokens.js';
import { CURRENCIES, MINOR_UNIT_DIGITS } from '../../../domain/marketplace/currency.js';
import { Money } from '../../../domain/marketplace/money.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { aMaster, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { BOUNDS } from '../../support/fee-bounds.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { marketFixtures } from '../../support/market-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, sqlOf, type TestStorage } from '../../support/test-storage.js';

const DAY = 86_400_000;

describe('Market figures over HTTP: fees, price suggestions, stats, release and master figures', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let ann: TestUser; // USD seller
  let sam: TestUser; // EUR seller
  let cat: TestUser; // GBP seller
  let bob: TestUser; // GBP buyer, not a seller
  let client: TestApplication;
  let fx: ReturnType<typeof marketFixtures>;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    if (!isMemory(db)) {
      await query(db.orm, 'delete from listing');
      await query(db.orm, 'delete from blocked_release');
      await query(db.orm, 'delete from currency_rate');
    }
    await emptyIdentity(db);
    ann = await aUser(container, 'ann');
    sam = await aUser(container, 'sam');
    cat = await aUser(container, 'cat');
    bob = await aUser(container, 'bob');
    client = await anApplication(container, 'ann', 'Market App');
    fx = marketFixtures(container);
    await fx.currency(sam.id, 'EUR');
    await fx.currency(cat.id, 'GBP');
    await fx.currency(bob.id, 'GBP');
    for (const u of [ann, sam, cat]) await fx.seller(u.id);
    await seedCatalogue(db, {
      masters: [aMaster(50, { mainRelease: 101 })],
      releases: [
        aRelease(101, { title: 'First', masterId: 50 }),
        aRelease(102, { title: 'Second', masterId: 50 }),
        aRelease(103, { title: 'Third' }),
        aRelease(104, { title: 'Fourth' }),
        aRelease(105, { title: 'Fifth' }),
      ],
    });
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);
  const stats = async (release: number, who: Who = 'anonymous', q = '') => {
    const res = await as(who).get(`/marketplace/stats/${release}${q}`);
    expect(res.status, res.text).to.equal(200);
    return res.body as { lowest_price: { currency: string; value: number } | null; num_for_sale: number | null; blocked_from_sale: boolean };
  };
  const page = async (path: string) => {
    const res = await as('anonymous').get(path);
    expect(res.status, res.text).to.equal(200);
    return { lowest_price: res.body.lowest_price as number | null, num_for_sale: res.body.num_for_sale as number };
  };

  describe('GET /marketplace/fee/{price}[/{currency}] before a rate table is loaded', () => {
    it('answers in USD (the rule’s currency) without rates, and 503 naming the missing rate for another currency', async () => {
      const usd = await as('anonymous').get('/marketplace/fee/10');
      expect(usd.status).to.equal(200);
      expect(usd.text).to.equal('{"value":0.8,"currency":"USD"}');
      const eur = await as('anonymous').get('/marketplace/fee/10/EUR');
      expect(eur.status).to.equal(503);
      expect(eur.body).to.deep.equal({ message: 'The fee in EUR cannot be worked out: there is no conversion rate between USD and EUR yet.' });
    });
  });

  describe('with the rate table loaded', () => {
    before(async () => {
      await fx.loadRates();
    });

    describe('GET /marketplace/fee', () => {
      it('answers value then currency, for anyone, USD by default', async () => {
        for (const who of ['anonymous', 'app', bob] as const) {
          const res = await as(who).get('/marketplace/fee/20.5');
          expect(res.status).to.equal(200);
          expect(Object.keys(res.body)).to.deep.equal(['value', 'currency']);
          expect(res.body).to.deep.equal({ value: 1.64, currency: 'USD' });
        }
      });

      it('reads 20.5, 20.50 and 20.5000 as the same price, and a currency code in any case', async () => {
        for (const path of ['/marketplace/fee/20.5', '/marketplace/fee/20.50', '/marketplace/fee/20.5000', '/marketplace/fee/20.5/usd', '/marketplace/fee/20.5/USD/']) {
          expect((await as('anonymous').get(path)).body, path).to.deep.equal({ value: 1.64, currency: 'USD' });
        }
        expect((await as('anonymous').get('/marketplace/fee/1000.000/JPY')).body).to.deep.equal({ value: 80, currency: 'JPY' });
      });

      for (const currency of CURRENCIES) {
        it(`charges the bounds at the boundary prices in ${currency}`, async () => {
          const { min, max, atMin, atMax } = BOUNDS[currency];
          const unit = Money.fromMinorUnits(1, currency);
          const rows: Array<[string, string]> = [
            [MINOR_UNIT_DIGITS[currency] === 0 ? '0' : '0.00', min],
            [atMin, min],
            [Money.fromDecimal(atMax, currency).minus(unit).toDecimalString(), max],
            [atMax, max],
            [Money.fromDecimal(atMax, currency).plus(unit).toDecimalString(), max],
          ];
          for (const [price, fee] of rows) {
            const res = await as('anonymous').get(`/marketplace/fee/${price}/${currency}`);
            expect(res.status, res.text).to.equal(200);
            expect(res.body, `${price} ${currency}`).to.deep.equal({ value: Number(fee), currency });
          }
          // Between the bounds: 8 % of 100 (or 10,000 yen).
          const mid = currency === 'JPY' ? ['10000', 800] : ['100', 8];
          expect((await as('anonymous').get(`/marketplace/fee/${mid[0]}/${currency}`)).body).to.deep.equal({ value: mid[1], currency });
        });
      }

      const refusals: Array<[string, number, string]> = [
        ['/marketplace/fee/abc', 422, 'Invalid price: expected a positive decimal number such as 20.50, got "abc".'],
        ['/marketplace/fee/-1', 422, 'Invalid price: expected a positive decimal number such as 20.50, got "-1".'],
        ['/marketplace/fee/1e5', 422, 'Invalid price: expected a positive decimal number such as 20.50, got "1e5".'],
        ['/marketplace/fee/', 422, 'Invalid price: expected a positive decimal number such as 20.50, got "".'],
        ['/marketplace/fee/.5', 422, 'Invalid price: expected a positive decimal number such as 20.50, got ".5".'],
        ['/marketplace/fee/20.505', 422, 'Invalid price: USD has 2 decimals, got "20.505".'],
        ['/marketplace/fee/1000.5/JPY', 422, 'Invalid price: JPY has no decimals, got "1000.5".'],
        ['/marketplace/fee/99999999999999999999', 422, 'Invalid price: "99999999999999999999" is too large.'],
        ['/marketplace/fee/10/XYZ', 422, 'Invalid currency: expected one of USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR, got "XYZ".'],
      ];
      for (const [path, status, message] of refusals) {
        it(`refuses ${path} (${status})`, async () => {
          const res = await as('anonymous').get(path);
          expect(res.status, res.text).to.equal(status);
          expect(res.body).to.deep.equal({ message });
        });
      }
    });

    describe('release and master figures, stats and the profile as listings come and go', () => {
      let annUsd: number;
      let samEur: number;
      let catGbp: number;

      it('shows nothing for sale before any listing', async () => {
        expect(await page('/releases/101')).to.deep.equal({ lowest_price: null, num_for_sale: 0 });
        expect(await page('/masters/50')).to.deep.equal({ lowest_price: null, num_for_sale: 0 });
        expect(await stats(101)).to.deep.equal({ lowest_price: null, num_for_sale: null, blocked_from_sale: false });
        expect((await as('anonymous').get('/s/ann')).body.num_for_sale).to.equal(0);
      });

      it('counts For Sale listings in several currencies and shows the lowest converted into the asked currency', async () => {
        annUsd = (await fx.list(ann.id, 101, '10.00', 'USD')).id;
        samEur = (await fx.list(sam.id, 101, '8.00', 'EUR', 'Very Good Plus (VG+)')).id;
        catGbp = (await fx.list(cat.id, 101, '9.00', 'GBP', 'Near Mint (NM or M-)')).id;
        await fx.list(ann.id, 101, '1.00', 'USD', 'Poor (P)', 'Draft');
        await fx.list(bob.id, 102, '1000', 'JPY');
        // 8 EUR = 8.89 USD, 9 GBP = 11.25 USD.
        expect(await page('/releases/101')).to.deep.equal({ lowest_price: 8.89, num_for_sale: 3 });
        expect(await page('/releases/101?curr_abbr=EUR')).to.deep.equal({ lowest_price: 8, num_for_sale: 3 });
        expect(await page('/releases/101?curr_abbr=gbp')).to.deep.equal({ lowest_price: 7.11, num_for_sale: 3 });
        expect(await page('/releases/101?curr_abbr=JPY')).to.deep.equal({ lowest_price: 1333, num_for_sale: 3 });
        // The master: 1000 JPY on release 102 = 6.67 USD.
        expect(await page('/masters/50')).to.deep.equal({ lowest_price: 6.67, num_for_sale: 4 });
        expect(await page('/masters/50?curr_abbr=EUR')).to.deep.equal({ lowest_price: 6, num_for_sale: 4 });
        expect(await stats(101)).to.deep.equal({ lowest_price: { currency: 'USD', value: 8.89 }, num_for_sale: 3, blocked_from_sale: false });
        expect(await stats(101, 'anonymous', '?curr_abbr=eur')).to.deep.equal({ lowest_price: { currency: 'EUR', value: 8 }, num_for_sale: 3, blocked_from_sale: false });
        // Without curr_abbr a user gets their own currency (bob: GBP); an application gets USD.
        expect((await stats(101, bob)).lowest_price).to.deep.equal({ currency: 'GBP', value: 7.11 });
        expect((await stats(101, 'app')).lowest_price).to.deep.equal({ currency: 'USD', value: 8.89 });
        expect((await as('anonymous').get('/s/ann')).body.num_for_sale).to.equal(1);
        expect((await as('anonymous').get('/s/bob')).body.num_for_sale).to.equal(1);
      });

      it('follows edits, status changes and deletions', async () => {
        await fx.edit(samEur, { price: '20.00' }); // 22.22 USD
        expect(await page('/releases/101')).to.deep.equal({ lowest_price: 10, num_for_sale: 3 });
        await fx.remove(annUsd);
        expect(await page('/releases/101')).to.deep.equal({ lowest_price: 11.25, num_for_sale: 2 });
        expect((await as('anonymous').get('/s/ann')).body.num_for_sale).to.equal(0);
        await fx.edit(catGbp, { status: 'Sold' });
        expect(await page('/releases/101')).to.deep.equal({ lowest_price: 22.22, num_for_sale: 1 });
        expect(await page('/masters/50')).to.deep.equal({ lowest_price: 6.67, num_for_sale: 2 });
        await fx.edit(samEur, { status: 'Draft' });
        expect(await page('/releases/101')).to.deep.equal({ lowest_price: null, num_for_sale: 0 });
        expect(await stats(101)).to.deep.equal({ lowest_price: null, num_for_sale: null, blocked_from_sale: false });
        await fx.edit(samEur, { status: 'For Sale', price: '9.00' });
        expect(await page('/releases/101?curr_abbr=EUR')).to.deep.equal({ lowest_price: 9, num_for_sale: 1 });
      });

      it('keeps num_for_sale and lowest_prices through a catalogue re-import, as it keeps num_have', async () => {
        // The release row's figures, on a database (in memory, the figures are counted from the listings when read).
        const row = async () => (isMemory(db) ? null : query(sqlOf(db).orm, 'select num_for_sale, lowest_prices from release where id = 101'));
        const before = await row();
        await seedCatalogue(db, { releases: [aRelease(101, { title: 'First (remastered)', masterId: 50 })] });
        const res = await as('anonymous').get('/releases/101?curr_abbr=EUR');
        expect(res.body.title).to.equal('First (remastered)');
        expect({ lowest_price: res.body.lowest_price, num_for_sale: res.body.num_for_sale }).to.deep.equal({ lowest_price: 9, num_for_sale: 1 });
        expect(await row()).to.deep.equal(before);
      });

      it('refuses an unknown currency (422) and an unknown release (404) in the stats', async () => {
        const bad = await as('anonymous').get('/marketplace/stats/101?curr_abbr=XYZ');
        expect(bad.status).to.equal(422);
        expect(bad.body.message).to.equal('Invalid curr_abbr: expected one of USD, GBP, EUR, CAD, AUD, JPY, CHF, MXN, BRL, NZD, SEK, ZAR, got "XYZ".');
        for (const id of ['999', 'abc', '0']) {
          const res = await as('anonymous').get(`/marketplace/stats/${id}`);
          expect(res.status).to.equal(404);
          expect(res.body).to.deep.equal({ message: 'Release not found.' });
        }
      });

      it('shows a blocked release with nothing for sale, its listings suspended, until unblocked', async () => {
        const listing = await fx.list(ann.id, 104, '5.00', 'USD');
        expect(await page('/releases/104')).to.deep.equal({ lowest_price: 5, num_for_sale: 1 });
        const blocks = container.get(MARKET_FIGURES.ReleaseMarketBlock);
        expect(await blocks.execute({ releaseId: 104, blocked: true, reason: 'counterfeit' })).to.deep.equal({ changed: true, suspended: 1 });
        expect((await fx.byId(listing.id))?.status).to.equal('Suspended');
        expect(await stats(104)).to.deep.equal({ lowest_price: null, num_for_sale: null, blocked_from_sale: true });
        expect(await page('/releases/104')).to.deep.equal({ lowest_price: null, num_for_sale: 0 });
        expect(await blocks.execute({ releaseId: 104, blocked: false })).to.deep.equal({ changed: true, suspended: 0 });
        expect(await stats(104)).to.deep.equal({ lowest_price: null, num_for_sale: null, blocked_from_sale: false });
        expect((await fx.byId(listing.id))?.status).to.equal('Suspended');
      });
    });

    describe('GET /marketplace/price_suggestions/{release_id}', () => {
      before(async () => {
        const now = Date.now();
        await fx.list(ann.id, 103, '20.00', 'USD', 'Mint (M)');
        await fx.list(sam.id, 103, '9.00', 'EUR', 'Very Good (VG)');
        const sold = await fx.list(cat.id, 103, '13.00', 'GBP', 'Very Good Plus (VG+)');
        await fx.edit(sold.id, { status: 'Sold', updated: new Date(now - 10 * DAY) });
        const old = await fx.list(cat.id, 103, '100.00', 'USD', 'Mint (M)');
        await fx.edit(old.id, { status: 'Sold', updated: new Date(now - 200 * DAY) });
      });

      it('suggests a price per condition in the seller’s currency, weighting recent sales above asking prices', async () => {
        // Mint equivalents in USD: 20 (asking), 9 EUR = 10 USD / 0.45 = 22.22 (asking), 13 GBP = 16.25 USD / 0.65 = 25
        // (a sale, weight 3); the sale 200 days ago is left out. Weighted median: 25.
        const res = await as(ann).get('/marketplace/price_suggestions/103');
        expect(res.status, res.text).to.equal(200);
        expect(res.body).to.deep.equal({
          'Mint (M)': { currency: 'USD', value: 25 },
          'Near Mint (NM or M-)': { currency: 'USD', value: 21.25 },
          'Very Good Plus (VG+)': { currency: 'USD', value: 16.25 },
          'Very Good (VG)': { currency: 'USD', value: 11.25 },
          'Good Plus (G+)': { currency: 'USD', value: 7.5 },
          'Good (G)': { currency: 'USD', value: 5.5 },
          'Fair (F)': { currency: 'USD', value: 3.75 },
          'Poor (P)': { currency: 'USD', value: 2.5 },
        });
        // In EUR: 20 USD = 18 EUR; 9 EUR / 0.45 = 20; 13 GBP = 14.63 EUR / 0.65 = 22.5077 (the centre).
        const eur = await as(sam).get('/marketplace/price_suggestions/103');
        expect(eur.body).to.deep.equal({
          'Mint (M)': { currency: 'EUR', value: 22.51 },
          'Near Mint (NM or M-)': { currency: 'EUR', value: 19.13 },
          'Very Good Plus (VG+)': { currency: 'EUR', value: 14.63 },
          'Very Good (VG)': { currency: 'EUR', value: 10.13 },
          'Good Plus (G+)': { currency: 'EUR', value: 6.75 },
          'Good (G)': { currency: 'EUR', value: 4.95 },
          'Fair (F)': { currency: 'EUR', value: 3.38 },
          'Poor (P)': { currency: 'EUR', value: 2.25 },
        });
      });

      it('answers {} for a release with no asking prices and no recent sales', async () => {
        const res = await as(ann).get('/marketplace/price_suggestions/105');
        expect(res.status).to.equal(200);
        expect(res.text).to.equal('{}');
      });

      it('refuses anonymous (401), an application alone (403), a user who is no seller (403), an unknown release (404)', async () => {
        const anonymous = await as('anonymous').get('/marketplace/price_suggestions/103');
        expect(anonymous.status).to.equal(401);
        expect(anonymous.body).to.deep.equal({ message: 'You must authenticate to access this resource.' });
        const application = await as('app').get('/marketplace/price_suggestions/103');
        expect(application.status).to.equal(403);
        expect(application.body).to.deep.equal({ message: 'Price suggestions are for sellers: authenticate as a user.' });
        const buyer = await as(bob).get('/marketplace/price_suggestions/103');
        expect(buyer.status).to.equal(403);
        expect(buyer.body).to.deep.equal({
          message: 'Price suggestions are for sellers: complete your seller settings (payment and shipping terms) first.',
        });
        for (const id of ['999', 'x']) {
          const unknown = await as(ann).get(`/marketplace/price_suggestions/${id}`);
          expect(unknown.status).to.equal(404);
          expect(unknown.body).to.deep.equal({ message: 'Release not found.' });
        }
      });
    });
  });
});
