import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCurrencyRateRepository } from '../../../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { Invalid, Unavailable } from '../../../../application/errors.js';
import { GetFee, priceOf } from '../../../../application/marketplace/get-fee.js';
import { MarketRateCache } from '../../../../application/marketplace/market-rate-cache.js';
import { marketSummaryOf, NOTHING_FOR_SALE } from '../../../../application/marketplace/market-summary.js';
import { SetCurrencyRates } from '../../../../application/marketplace/set-currency-rates.js';
import type { CurrencyRateRepository, StoredCurrencyRates } from '../../../../domain/marketplace/currency-rate-repository.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import { DEFAULT_FEE_RULE } from '../../../../domain/marketplace/fee-rule.js';
import { TEST_RATE_ENTRIES, TEST_RATES } from '../../../support/fee-bounds.js';
import { rejection } from '../../../support/rejection.js';
import { aRelease } from '../../../support/builders/catalogue-builders.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { NoUsersCommunityFigures } from '../../../../adapters/in-memory/no-users-community-figures.js';
import { GetRelease } from '../../../../application/catalogue/get-release.js';
import type { StoredReleaseDocument } from '../../../../application/ports/catalogue-reader.js';
import type { MarketFigures } from '../../../../application/ports/market-figures.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';

const shown = (s: ReturnType<typeof marketSummaryOf>) => ({ lowest: s.lowestPrice?.toString() ?? null, n: s.numForSale });

describe('marketSummaryOf (a release’s figures from what its row keeps)', () => {
  const cases: Array<[string, Record<string, number | string> | null, number, Parameters<typeof marketSummaryOf>[2], CurrencyRates | null, { lowest: string | null; n: number }]> = [
    ['nothing for sale', null, 0, 'USD', TEST_RATES, { lowest: null, n: 0 }],
    ['a count of zero whatever the prices', { USD: 100 }, 0, 'USD', TEST_RATES, { lowest: null, n: 0 }],
    ['one currency, asked in it, no table needed', { USD: 1050 }, 2, 'USD', null, { lowest: '10.50 USD', n: 2 }],
    ['the least of the converted minimums', { USD: 1000, EUR: 800, GBP: 900 }, 3, 'USD', TEST_RATES, { lowest: '8.89 USD', n: 3 }],
    ['in yen', { USD: 1000, EUR: 800 }, 2, 'JPY', TEST_RATES, { lowest: '1333 JPY', n: 2 }],
    ['minor units as text (bigint from PostgreSQL)', { JPY: '1000' }, 1, 'USD', TEST_RATES, { lowest: '6.67 USD', n: 1 }],
    ['without a table only the asked currency counts', { USD: 1000, EUR: 800 }, 2, 'USD', null, { lowest: '10.00 USD', n: 2 }],
    ['without a table and no price in the asked currency: the count stands', { EUR: 800 }, 1, 'USD', null, { lowest: null, n: 1 }],
    ['a code that is not a currency is ignored', { XXX: 1, USD: 500 }, 1, 'USD', null, { lowest: '5.00 USD', n: 1 }],
  ];
  for (const [what, lowest, n, currency, rates, expected] of cases) {
    it(what, () => {
      expect(shown(marketSummaryOf(lowest, n, currency, rates))).to.deep.equal(expected);
    });
  }
  it('answers the shared nothing-for-sale summary', () => {
    expect(marketSummaryOf(null, 0, 'EUR', null)).to.equal(NOTHING_FOR_SALE);
  });
});

/** A rate repository that counts its reads. */
class CountingRates implements CurrencyRateRepository {
  reads = 0;
  constructor(private readonly inner: CurrencyRateRepository) {}
  current(): Promise<StoredCurrencyRates | null> {
    this.reads++;
    return this.inner.current();
  }
  replace(table: StoredCurrencyRates): Promise<StoredCurrencyRates | null> {
    return this.inner.replace(table);
  }
}

describe('MarketRateCache', () => {
  let clock: FixedClock;
  let stored: CountingRates;
  let cache: MarketRateCache;
  let uow: InMemoryUnitOfWork;

  beforeEach(() => {
    clock = new FixedClock('2026-11-23T00:00:00Z');
    uow = new InMemoryUnitOfWork();
    stored = new CountingRates(new InMemoryCurrencyRateRepository(uow));
    cache = new MarketRateCache(stored, clock, 60_000);
  });

  it('reads the table once per period, shares a read in flight, and reads again after it', async () => {
    await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(stored.reads).to.equal(1);
    clock.advance(59_999);
    expect(await cache.current()).to.equal(null);
    expect(stored.reads).to.equal(1);
    clock.advance(1);
    await cache.current();
    expect(stored.reads).to.equal(2);
  });

  it('does not keep a table read before a replacement that finished while the read was under way', async () => {
    // A slow database: the read sees the table as it was when asked, and answers only when released.
    let release = (): void => undefined;
    const slow: CurrencyRateRepository = {
      current: async () => {
        const seen = await stored.current();
        await new Promise<void>((resolve) => (release = resolve));
        return seen;
      },
      replace: (table) => stored.replace(table),
    };
    cache = new MarketRateCache(slow, clock, 60_000);
    const reading = cache.current();
    await new Promise((resolve) => setImmediate(resolve));
    await new SetCurrencyRates(cache, uow, clock).execute({ entries: TEST_RATE_ENTRIES, source: 'r.csv' });
    release();
    expect(await reading).to.equal(null);
    const after = cache.current();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect((await after)?.source).to.equal('r.csv');
  });

  it('is cleared when the table is replaced through it (spindle rates in this process)', async () => {
    expect(await cache.current()).to.equal(null);
    await new SetCurrencyRates(cache, uow, clock).execute({ entries: TEST_RATE_ENTRIES, source: 'r.csv' });
    expect((await cache.current())?.rates.entries().length).to.equal(12);
    expect(stored.reads).to.equal(2);
  });
});

describe('GetFee', () => {
  const withRates = async (): Promise<MarketRateCache> => {
    const uow = new InMemoryUnitOfWork();
    const cache = new MarketRateCache(new InMemoryCurrencyRateRepository(uow), new FixedClock());
    await new SetCurrencyRates(cache, uow, new FixedClock()).execute({ entries: TEST_RATE_ENTRIES, source: 'r.csv' });
    return cache;
  };

  it('reads prices with trailing zeros as the same amount, and refuses digits beyond the minor unit', () => {
    expect(priceOf('20.5', 'USD').toString()).to.equal('20.50 USD');
    expect(priceOf('20.5000', 'USD').toString()).to.equal('20.50 USD');
    expect(priceOf('1000.00', 'JPY').toString()).to.equal('1000 JPY');
    for (const [text, currency] of [['20.501', 'USD'], ['1000.5', 'JPY'], ['1e5', 'USD'], ['', 'USD'], ['-1', 'USD'], ['1,5', 'EUR'], [' 1', 'USD']] as const) {
      expect(() => priceOf(text, currency), text).to.throw(Invalid);
    }
  });

  it('answers in the price’s currency; without a rate for it, Unavailable', async () => {
    expect((await new GetFee(DEFAULT_FEE_RULE, await withRates()).execute({ price: '2000', currency: 'eur' })).toString()).to.equal('135.00 EUR');
    const none = new MarketRateCache(new InMemoryCurrencyRateRepository(new InMemoryUnitOfWork()), new FixedClock());
    expect((await new GetFee(DEFAULT_FEE_RULE, none).execute({ price: '2000' })).toString()).to.equal('150.00 USD');
    const err = await rejection(new GetFee(DEFAULT_FEE_RULE, none).execute({ price: '2000', currency: 'JPY' }));
    expect(err).to.be.instanceOf(Unavailable);
    expect(err.message).to.equal('The fee in JPY cannot be worked out: there is no conversion rate between USD and JPY yet.');
  });
});

/** The in-memory reader, keeping market figures in the release "row" as the SQL readers do. */
class ReaderWithMarket extends InMemoryCatalogueReader {
  override async releaseDocument(id: number): Promise<StoredReleaseDocument | null> {
    const stored = await super.releaseDocument(id);
    return stored && { ...stored, market: { numForSale: 2, lowestPrices: { EUR: 800, USD: 1000 } } };
  }
}

describe('GetRelease with a reader that keeps the market figures in the release row', () => {
  it('asks the port for the stored figures, never for a read of its own', async () => {
    const reader = new ReaderWithMarket(new FixedClock());
    reader.putRelease(aRelease(7));
    const uow = new InMemoryUnitOfWork();
    const rates = new MarketRateCache(new InMemoryCurrencyRateRepository(uow), new FixedClock());
    await new SetCurrencyRates(rates, uow, new FixedClock()).execute({ entries: TEST_RATE_ENTRIES, source: 'r.csv' });
    const asked: string[] = [];
    const figures: MarketFigures = {
      forRelease: async () => {
        throw new Error('forRelease was called');
      },
      forMaster: async () => NOTHING_FOR_SALE,
      fromStored: async (lowest, n, currency) => {
        asked.push(`${JSON.stringify(lowest)} ${n} ${currency}`);
        return marketSummaryOf(lowest, n, currency, (await rates.current())?.rates ?? null);
      },
    };
    const text = new TextRenderer(reader, 'https://www.spindle.test');
    const view = await new GetRelease(reader, figures, new NoUsersCommunityFigures(), text).execute({ releaseId: 7, currency: 'JPY', textFormat: 'markup' });
    expect(shown(view.market)).to.deep.equal({ lowest: '1333 JPY', n: 2 });
    expect(asked).to.deep.equal(['{"EUR":800,"USD":1000} 2 JPY']);
  });
});
