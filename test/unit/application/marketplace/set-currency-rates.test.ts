import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCurrencyRateRepository } from '../../../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { Invalid } from '../../../../application/errors.js';
import { GetCurrencyRates } from '../../../../application/marketplace/get-currency-rates.js';
import { SetCurrencyRates } from '../../../../application/marketplace/set-currency-rates.js';

describe('SetCurrencyRates and GetCurrencyRates (in-memory adapters)', () => {
  let clock: FixedClock;
  let repo: InMemoryCurrencyRateRepository;
  let setRates: SetCurrencyRates;
  let getRates: GetCurrencyRates;

  beforeEach(() => {
    clock = new FixedClock('2026-11-22T12:00:00Z');
    const uow = new InMemoryUnitOfWork();
    repo = new InMemoryCurrencyRateRepository(uow);
    setRates = new SetCurrencyRates(repo, uow, clock);
    getRates = new GetCurrencyRates(repo);
  });

  it('stores a first table with the time and source, and reports every currency as added', async () => {
    const change = await setRates.execute({
      entries: [
        { currency: 'USD', rate: '1' },
        { currency: 'EUR', rate: '0.9231' },
        { currency: 'JPY', rate: '151.42' },
      ],
      source: 'rates.csv',
    });
    expect(change).to.deep.equal({
      count: 3,
      updatedAt: new Date('2026-11-22T12:00:00Z'),
      added: ['USD', 'EUR', 'JPY'],
      changed: [],
      removed: [],
    });
    const stored = await getRates.execute();
    expect(stored?.source).to.equal('rates.csv');
    expect(stored?.updatedAt.toISOString()).to.equal('2026-11-22T12:00:00.000Z');
    expect(stored?.rates.entries()).to.deep.equal([
      { currency: 'USD', rate: '1' },
      { currency: 'EUR', rate: '0.9231' },
      { currency: 'JPY', rate: '151.42' },
    ]);
  });

  it('reports what a replacement added, changed and removed (the base currency is implied when left out)', async () => {
    await setRates.execute({ entries: [{ currency: 'EUR', rate: '0.92' }, { currency: 'GBP', rate: '0.79' }], source: 'a.csv' });
    clock.advance(60_000);
    const change = await setRates.execute({
      entries: [{ currency: 'EUR', rate: '0.9300' }, { currency: 'JPY', rate: '150' }],
      source: 'b.csv',
    });
    expect(change.added).to.deep.equal(['JPY']);
    expect(change.changed).to.deep.equal([{ currency: 'EUR', from: '0.92', to: '0.93' }]);
    expect(change.removed).to.deep.equal(['GBP']);
    expect((await getRates.execute())?.updatedAt.toISOString()).to.equal('2026-11-22T12:01:00.000Z');
  });

  it('refuses a bad table with Invalid naming every bad entry, and keeps the stored one', async () => {
    await setRates.execute({ entries: [{ currency: 'EUR', rate: '0.92' }], source: 'good.csv' });
    let caught: unknown;
    try {
      await setRates.execute({
        entries: [
          { currency: 'EUR', rate: '-1' },
          { currency: 'XXX', rate: '2' },
          { currency: 'GBP', rate: 'abc' },
          { currency: 'USD', rate: '2' },
        ],
        source: 'bad.csv',
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).to.be.instanceOf(Invalid);
    const message = (caught as Error).message;
    for (const bit of ['-1', 'XXX', 'abc', 'USD']) expect(message).to.contain(bit);
    expect((await getRates.execute())?.source).to.equal('good.csv');
  });

  it('answers null before any table is loaded', async () => {
    expect(await getRates.execute()).to.equal(null);
  });
});
