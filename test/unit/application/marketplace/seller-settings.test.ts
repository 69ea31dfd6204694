import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemorySellerRepository } from '../../../../adapters/in-memory/in-memory-seller-repository.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { GetSellerSettings } from '../../../../application/marketplace/get-seller-settings.js';
import { InvalidSellerSettingsChange } from '../../../../application/marketplace/invalid-seller-settings-change.js';
import { SetSellerSettings } from '../../../../application/marketplace/set-seller-settings.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { CURRENCIES } from '../../../../domain/marketplace/currency.js';
import { MAX_TERMS_LENGTH } from '../../../../domain/marketplace/seller.js';
import { shippingRatesText } from '../../../../domain/marketplace/shipping-rates.js';
import { rejection } from '../../../support/rejection.js';
import { sellerSettingsChange } from '../../../../adapters/http/marketplace/seller-settings-bodies.js';

interface Sent {
  currency?: unknown;
  paymentTerms?: unknown;
  shippingTerms?: unknown;
  shippingPrice?: unknown;
  minOrderTotal?: unknown;
}

/** A change as the three edges send it, checked by their function (the body's names), as the use case is given it. */
const asSent = (sent: Sent) => () =>
  sellerSettingsChange({
    curr_abbr: sent.currency,
    payment: sent.paymentTerms,
    shipping: sent.shippingTerms,
    shipping_price: sent.shippingPrice,
    min_order_total: sent.minOrderTotal,
  });

describe('GetSellerSettings and SetSellerSettings (in-memory adapters)', () => {
  let clock: FixedClock;
  let uow: InMemoryUnitOfWork;
  let users: InMemoryUserRepository;
  let sellers: InMemorySellerRepository;
  let get: GetSellerSettings;
  let set: SetSellerSettings;
  const ann: Caller = { kind: 'user', userId: '1', username: 'ann', via: 'session' };
  const bob: Caller = { kind: 'user', userId: '2', username: 'bob', via: 'token' };
  const app: Caller = { kind: 'application', applicationId: 'a' };

  beforeEach(async () => {
    clock = new FixedClock('2026-11-23T10:00:00Z');
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    sellers = new InMemorySellerRepository(uow);
    for (const name of ['ann', 'bob']) {
      await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency: 'USD' }),
      );
    }
    get = new GetSellerSettings(users, sellers, uow);
    set = new SetSellerSettings(users, sellers, uow, clock);
  });

  it('shows a user who never set terms as not a seller, in their profile currency', async () => {
    expect(await get.execute({ name: 'ANN', actor: ann })).to.deep.equal({
      userId: 1,
      username: 'ann',
      currency: 'USD',
      paymentTerms: '',
      shippingTerms: '',
      shippingRates: null,
      minOrderTotal: null,
      complete: false,
      updatedAt: null,
    });
  });

  it('lets only the user themselves or the operator read and change the settings', async () => {
    expect((await get.execute({ name: 'ann', actor: 'operator' })).username).to.equal('ann');
    for (const [actor, error] of [[ANONYMOUS, Unauthenticated], [app, Unauthenticated], [bob, Forbidden]] as const) {
      expect(await rejection(get.execute({ name: 'ann', actor }))).to.be.instanceOf(error);
      expect(await rejection(set.execute({ name: 'ann', actor, change: asSent({ paymentTerms: 'x' }) }))).to.be.instanceOf(error);
    }
    expect(await sellers.settingsOf(1)).to.equal(null);
    const missing = await rejection(set.execute({ name: 'nobody', actor: 'operator', change: asSent({ currency: 'EUR' }) }));
    expect(missing).to.be.instanceOf(NotFound);
    expect(missing.message).to.equal('There is no user "nobody".');
  });

  it('makes a seller of a user who writes both terms, trimmed, and stores the currency on the profile', async () => {
    const change = await set.execute({ name: 'ann', actor: ann, change: asSent({ currency: 'gbp', paymentTerms: '  [b]PayPal[/b]\n', shippingTerms: 'From Bristol.' }) });
    expect(change.changed).to.deep.equal(['currency', 'payment', 'shipping']);
    expect(change.before).to.include({ currency: 'USD', complete: false });
    expect(change.after).to.deep.equal({
      userId: 1,
      username: 'ann',
      currency: 'GBP',
      paymentTerms: '[b]PayPal[/b]',
      shippingTerms: 'From Bristol.',
      shippingRates: null,
      minOrderTotal: null,
      complete: true,
      updatedAt: new Date('2026-11-23T10:00:00Z'),
    });
    expect((await users.byId(1))!.currency).to.equal('GBP');
    expect(await sellers.settingsOf(1)).to.deep.equal({ userId: 1, paymentTerms: '[b]PayPal[/b]', shippingTerms: 'From Bristol.', shippingRates: null, minOrderTotal: null, updatedAt: new Date('2026-11-23T10:00:00Z') });
    expect(await get.execute({ name: 'ann', actor: ann })).to.deep.equal(change.after);
  });

  it('changes only the fields given; clearing a term makes the user a buyer only again', async () => {
    await set.execute({ name: 'ann', actor: ann, change: asSent({ paymentTerms: 'Cash', shippingTerms: 'Post' }) });
    clock.advance(60_000);
    const payment = await set.execute({ name: 'ann', actor: 'operator', change: asSent({ paymentTerms: 'Bank transfer' }) });
    expect(payment.changed).to.deep.equal(['payment']);
    expect(payment.after).to.include({ currency: 'USD', paymentTerms: 'Bank transfer', shippingTerms: 'Post', complete: true });
    expect(payment.after.updatedAt).to.deep.equal(new Date('2026-11-23T10:01:00Z'));
    const currency = await set.execute({ name: 'ann', actor: ann, change: asSent({ currency: 'JPY' }) });
    expect(currency.changed).to.deep.equal(['currency']);
    expect(currency.after.updatedAt, 'the terms were not written again').to.deep.equal(new Date('2026-11-23T10:01:00Z'));
    const cleared = await set.execute({ name: 'ann', actor: ann, change: asSent({ shippingTerms: '   ' }) });
    expect(cleared.changed).to.deep.equal(['shipping']);
    expect(cleared.after).to.include({ shippingTerms: '', complete: false, currency: 'JPY' });
  });

  it('writes nothing when nothing differs', async () => {
    await set.execute({ name: 'ann', actor: ann, change: asSent({ currency: 'EUR', paymentTerms: 'Cash', shippingTerms: 'Post' }) });
    clock.advance(60_000);
    const same = await set.execute({ name: 'ann', actor: ann, change: asSent({ currency: 'eur', paymentTerms: 'Cash ', shippingTerms: 'Post' }) });
    expect(same.changed).to.deep.equal([]);
    expect((await sellers.settingsOf(1))!.updatedAt).to.deep.equal(new Date('2026-11-23T10:00:00Z'));
    // A currency alone for a user without terms leaves them without a settings row.
    expect((await set.execute({ name: 'bob', actor: bob, change: asSent({ currency: 'SEK' }) })).changed).to.deep.equal(['currency']);
    expect(await sellers.settingsOf(2)).to.equal(null);
  });

  it('accepts each of the twelve currencies in any letter case', async () => {
    for (const code of CURRENCIES) {
      for (const written of [code, code.toLowerCase(), code[0] + code.slice(1).toLowerCase()]) {
        const change = await set.execute({ name: 'ann', actor: ann, change: asSent({ currency: ` ${written} ` }) });
        expect(change.after.currency).to.equal(code);
      }
    }
  });

  it('refuses every bad field at once (422, each with its field) and then changes nothing', async () => {
    await set.execute({ name: 'ann', actor: ann, change: asSent({ paymentTerms: 'Cash', shippingTerms: 'Post' }) });
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ currency: 'XYZ' }, [['currency', `Currency must be one of ${CURRENCIES.join(', ')}, got "XYZ".`]]],
      [{ currency: '' }, [['currency', `Currency must be one of ${CURRENCIES.join(', ')}, got "".`]]],
      [{ currency: 42 }, [['currency', `Currency must be one of ${CURRENCIES.join(', ')}, got 42.`]]],
      [{ currency: 'EUR', paymentTerms: 5 }, [['payment', 'Payment terms must be text.']]],
      [
        { currency: 'usd dollars', paymentTerms: 'fine', shippingTerms: 'z'.repeat(MAX_TERMS_LENGTH + 1) },
        [
          ['currency', `Currency must be one of ${CURRENCIES.join(', ')}, got "usd dollars".`],
          ['shipping', `Shipping terms may be at most ${MAX_TERMS_LENGTH} characters long, got ${MAX_TERMS_LENGTH + 1}.`],
        ],
      ],
      // The edge's problems (types) and the use case's (amounts, lengths) merged in one order.
      [
        { currency: 42, paymentTerms: 5, shippingTerms: 'z'.repeat(MAX_TERMS_LENGTH + 1), shippingPrice: 'GB=1', minOrderTotal: true },
        [
          ['currency', `Currency must be one of ${CURRENCIES.join(', ')}, got 42.`],
          ['shippingPrice', 'Shipping price needs a default amount (for every destination not named).'],
          ['minOrderTotal', 'Minimum order total must be a number of 0 or more, got true.'],
          ['payment', 'Payment terms must be text.'],
          ['shipping', `Shipping terms may be at most ${MAX_TERMS_LENGTH} characters long, got ${MAX_TERMS_LENGTH + 1}.`],
        ],
      ],
      [{ shippingPrice: [5], paymentTerms: null }, [['shippingPrice', 'Shipping price must be an amount or destination=amount pairs, got [5].'], ['payment', 'Payment terms must be text.']]],
    ];
    for (const [body, problems] of cases) {
      const err = await rejection(set.execute({ name: 'ann', actor: ann, change: asSent(body) }));
      expect(err).to.be.instanceOf(InvalidSellerSettingsChange).and.instanceOf(Invalid);
      expect((err as InvalidSellerSettingsChange).problems.map((p) => [p.field, p.message])).to.deep.equal(problems);
      expect(err.message).to.equal(problems.map(([, m]) => m).join(' '));
    }
    expect(await get.execute({ name: 'ann', actor: ann })).to.include({ currency: 'USD', paymentTerms: 'Cash', shippingTerms: 'Post' });
  });

  it('sets the shipping price by destination and the minimum order in the seller’s currency, rounded; clears them', async () => {
    const change = await set.execute({ name: 'ann', actor: ann, change: asSent({ currency: 'EUR', shippingPrice: 'default=12, europe=6.505, DE=4', minOrderTotal: '10' }) });
    expect(change.changed).to.deep.equal(['currency', 'shippingPrice', 'minOrderTotal']);
    expect(shippingRatesText(change.after.shippingRates)).to.equal('default=12.00, europe=6.51, DE=4.00');
    expect(change.after.shippingRates?.currency).to.equal('EUR');
    expect(change.after.minOrderTotal?.toString()).to.equal('10.00 EUR');
    const json = await set.execute({ name: 'ann', actor: 'operator', change: asSent({ shippingPrice: { default: 5 } }) });
    expect(json.changed).to.deep.equal(['shippingPrice']);
    expect(shippingRatesText((await sellers.settingsOf(1))!.shippingRates)).to.equal('default=5.00');
    const same = await set.execute({ name: 'ann', actor: ann, change: asSent({ shippingPrice: '5', minOrderTotal: 10 }) });
    expect(same.changed).to.deep.equal([]);
    const cleared = await set.execute({ name: 'ann', actor: ann, change: asSent({ shippingPrice: '', minOrderTotal: 0 }) });
    expect(cleared.changed).to.deep.equal(['shippingPrice', 'minOrderTotal']);
    expect(cleared.after).to.include({ shippingRates: null, minOrderTotal: null });
    const err = await rejection(set.execute({ name: 'ann', actor: ann, change: asSent({ shippingPrice: 'GB=1', minOrderTotal: '-2', paymentTerms: 'Cash' }) }));
    expect((err as InvalidSellerSettingsChange).problems.map((p) => p.field)).to.deep.equal(['shippingPrice', 'minOrderTotal']);
    expect(err.message).to.equal(
      'Shipping price needs a default amount (for every destination not named). Minimum order total must be a number of 0 or more, got "-2".',
    );
    expect((await sellers.settingsOf(1))!.paymentTerms).to.equal('');
  });

  it('puts the currency back when the terms cannot be stored (one unit of work)', async () => {
    const failing = new SetSellerSettings(users, { settingsOf: (id) => sellers.settingsOf(id), put: async () => { throw new Error('disk full'); } }, uow, clock);
    const err = await rejection(failing.execute({ name: 'ann', actor: ann, change: asSent({ currency: 'CHF', paymentTerms: 'Cash', shippingTerms: 'Post' }) }));
    expect(err.message).to.equal('disk full');
    expect((await users.byId(1))!.currency).to.equal('USD');
  });
});
