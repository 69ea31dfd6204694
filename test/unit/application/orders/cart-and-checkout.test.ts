import { withState } from '../../../support/listing-state.js';
import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryCurrencyRateRepository } from '../../../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryOrderStore } from '../../../../adapters/in-memory/in-memory-order-store.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { Conflict, Forbidden, Invalid, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { AddToCart } from '../../../../application/orders/add-to-cart.js';
import { CheckOut } from '../../../../application/orders/check-out.js';
import { GetCart } from '../../../../application/orders/get-cart.js';
import { RemoveFromCart } from '../../../../application/orders/remove-from-cart.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import type { User } from '../../../../domain/identity/accounts.js';
import { InMemorySellerRepository } from '../../../../adapters/in-memory/in-memory-seller-repository.js';
import { sellerSettings } from '../../../../domain/marketplace/seller.js';
import { shippingRates } from '../../../../domain/marketplace/shipping-rates.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import type { Currency } from '../../../../domain/marketplace/currency.js';
import { DEFAULT_FEE_RULE } from '../../../../domain/marketplace/fee-rule.js';
import { newListing, type Listing } from '../../../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../../../domain/marketplace/listing-status.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { MAX_CART_ITEMS } from '../../../../domain/orders/cart.js';
import { refusalOf, rejection } from '../../../support/rejection.js';
import { TestListingRepository } from '../../../support/test-listing-repository.js';
import { checkoutInput } from '../../../../adapters/http/orders/order-bodies.js';

import { anEventRecorder } from '../../../support/event-fixtures.js';
describe('Cart and checkout (use cases, in memory)', () => {
  const clock = new FixedClock('2026-11-23T01:00:00Z');
  const app: Caller = { kind: 'application', applicationId: 'a' };
  let uow: InMemoryUnitOfWork;
  let users: InMemoryUserRepository;
  let listings: TestListingRepository;
  let store: InMemoryOrderStore;
  let rates: InMemoryCurrencyRateRepository;
  let seller: User, euroSeller: User, buyer: User;
  let add: AddToCart, remove: RemoveFromCart, cart: GetCart, checkOut: CheckOut;
  let events: ReturnType<typeof anEventRecorder>;

  const callerOf = (u: User): Caller => ({ kind: 'user', userId: String(u.id), username: u.username, via: 'token' });
  const aUser = (username: string, currency: Currency) =>
    uow.run(() => users.add({ username, realName: '', email: `${username}@example.test`, passwordHash: 'x', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency }));
  const aListing = (sellerId: number, price: string, currency: Currency = 'USD', releaseId = 1, status: ListingStatus = 'For Sale'): Promise<Listing> =>
    uow.run(async () => {
      const l = await listings.add(newListing(sellerId, { releaseId, condition: 'Good (G)', price: Money.fromDecimal(price, currency) }, clock.now()));
      if (status === 'For Sale') return l;
      const changed = withState(l, { status });
      await listings.save(changed);
      return changed;
    });
  const put = (u: User, l: Listing) => store.carts.add({ userId: u.id, listingId: l.id, addedAt: clock.now() });
  const ADDRESS = { shipping_address: 'Somewhere 1' };

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    listings = new TestListingRepository(uow);
    store = new InMemoryOrderStore(uow);
    rates = new InMemoryCurrencyRateRepository(uow);
    await uow.run(() => rates.replace({ rates: CurrencyRates.fromEntries([{ currency: 'EUR', rate: '0.8' }]), updatedAt: clock.now(), source: 'test' }));
    seller = await aUser('seller', 'USD');
    euroSeller = await aUser('euro', 'EUR');
    buyer = await aUser('buyer', 'EUR');
    add = new AddToCart(listings, store.carts, uow, clock);
    remove = new RemoveFromCart(store.carts, uow);
    cart = new GetCart(store.carts, listings, users, rates);
    events = anEventRecorder({ uow, users, catalogue: new InMemoryCatalogueReader(clock), rates });
    checkOut = new CheckOut(store.carts, listings, store.orders, users, new InMemoryCatalogueReader(clock), rates, DEFAULT_FEE_RULE, uow, clock, events.recorder);
  });

  it('needs a user for everything', async () => {
    const l = await aListing(seller.id, '5');
    for (const [caller, kind] of [[ANONYMOUS, Unauthenticated], [app, Forbidden]] as const) {
      expect(await rejection(add.execute({ caller, listingId: l.id }))).to.be.instanceOf(kind);
      expect(await rejection(remove.execute({ caller, listingId: l.id }))).to.be.instanceOf(kind);
      expect(await rejection(cart.execute({ caller }))).to.be.instanceOf(kind);
      expect(await rejection(checkOut.execute({ caller, body: () => checkoutInput(ADDRESS) }))).to.be.instanceOf(kind);
    }
  });

  it('adds visible listings of others once, refusing unknown, hidden and own ones and a full cart', async () => {
    const l = await aListing(seller.id, '5');
    expect(await add.execute({ caller: callerOf(buyer), listingId: l.id })).to.deep.equal({ listingId: l.id, added: true });
    expect(await add.execute({ caller: callerOf(buyer), listingId: l.id })).to.deep.equal({ listingId: l.id, added: false });
    expect(await rejection(add.execute({ caller: callerOf(buyer), listingId: 999 }))).to.be.instanceOf(NotFound);
    for (const status of ['Draft', 'Expired', 'Sold', 'Suspended', 'Deleted', 'Violation'] as const) {
      const hidden = await aListing(seller.id, '5', 'USD', 1, status);
      expect(await rejection(add.execute({ caller: callerOf(buyer), listingId: hidden.id })), status).to.be.instanceOf(NotFound);
      const own = await rejection(add.execute({ caller: callerOf(seller), listingId: hidden.id }));
      expect([own.constructor, own.message]).to.deep.equal([Invalid, 'You cannot buy your own listing.']);
    }
    const own = await rejection(add.execute({ caller: callerOf(seller), listingId: l.id }));
    expect([own.constructor, own.message]).to.deep.equal([Invalid, 'You cannot buy your own listing.']);

    const many: Listing[] = [];
    for (let i = 1; i < MAX_CART_ITEMS; i++) many.push(await aListing(seller.id, '1'));
    for (const m of many) await add.execute({ caller: callerOf(buyer), listingId: m.id });
    expect(await store.carts.count(buyer.id)).to.equal(MAX_CART_ITEMS);
    const one = await aListing(seller.id, '1');
    const full = await rejection(add.execute({ caller: callerOf(buyer), listingId: one.id }));
    expect([full.constructor, full.message]).to.deep.equal([Invalid, `Your cart is full: it holds at most ${MAX_CART_ITEMS} listings.`]);
    expect((await add.execute({ caller: callerOf(buyer), listingId: l.id })).added, 'one already in a full cart').to.equal(false);
  });

  it('starts each order’s shipping at the seller’s shipping price for the buyer’s country, in the order’s currency', async () => {
    const sellers = new InMemorySellerRepository(uow);
    await uow.run(async () => {
      await sellers.put(sellerSettings(seller.id, 'Cash', 'Post', clock.now(), { shippingRates: shippingRates('default=20, europe=5', 'EUR'), minOrderTotal: null }));
      await users.updateProfile(buyer.id, { location: 'Vienna, Austria' });
    });
    const withShipping = new CheckOut(store.carts, listings, store.orders, users, new InMemoryCatalogueReader(clock), rates, DEFAULT_FEE_RULE, uow, clock, events.recorder, sellers);
    const a = await aListing(seller.id, '10');
    const b = await aListing(euroSeller.id, '4', 'EUR');
    await uow.run(async () => {
      await put(buyer, a);
      await put(buyer, b);
    });
    const placed = await withShipping.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) });
    const bySeller = new Map(placed.map((p) => [p.seller.id, p.order]));
    // 5 EUR at 0.8 EUR to the dollar; the euro seller priced no shipping.
    expect(bySeller.get(seller.id)!.shipping.toString()).to.equal('6.25 USD');
    expect(bySeller.get(seller.id)!.total.toString()).to.equal('16.25 USD');
    expect(bySeller.get(euroSeller.id)!.shipping.toString()).to.equal('0.00 EUR');
  });

  it('removes a listing from the cart, 404 when not in it', async () => {
    const l = await aListing(seller.id, '5');
    await uow.run(() => put(buyer, l));
    await remove.execute({ caller: callerOf(buyer), listingId: l.id });
    const err = await rejection(remove.execute({ caller: callerOf(buyer), listingId: l.id }));
    expect([err.constructor, err.message]).to.deep.equal([NotFound, 'The listing is not in your cart.']);
  });

  it('shows prices in the buyer\'s currency, and none where the rate table lacks one', async () => {
    const a = await aListing(seller.id, '10');
    const b = await aListing(euroSeller.id, '4', 'EUR');
    const gone = await aListing(seller.id, '2');
    await uow.run(async () => {
      for (const l of [a, b, gone]) await put(buyer, l);
      await listings.save(withState(gone, { status: 'Sold' }));
    });
    const view = await cart.execute({ caller: callerOf(buyer) });
    expect([view.currency, view.count]).to.deep.equal(['EUR', 3]);
    expect(view.sellers.map((g) => [g.seller.username, g.total?.toString(), g.buyerTotal?.toString()])).to.deep.equal([
      ['seller', '10.00 USD', '8.00 EUR'],
      ['euro', '4.00 EUR', '4.00 EUR'],
    ]);
    expect(view.sellers[0]!.lines.map((l) => [l.listing.id, l.buyable, l.buyerPrice?.toString()])).to.deep.equal([
      [a.id, true, '8.00 EUR'],
      [gone.id, false, '1.60 EUR'],
    ]);
    await uow.run(() => users.updateProfile(buyer.id, { currency: 'JPY' }));
    const noRate = await cart.execute({ caller: callerOf(buyer) });
    expect(noRate.sellers[0]!.lines[0]!.buyerPrice).to.equal(null);
    expect(noRate.sellers[0]!.buyerTotal).to.equal(null);
    expect(noRate.sellers[0]!.total?.toString()).to.equal('10.00 USD');
  });

  it('checks out one order per seller, saves the listings by release and id, and empties the cart', async () => {
    const x = await aListing(seller.id, '10', 'USD', 9);
    const y = await aListing(seller.id, '2', 'USD', 3);
    const z = await aListing(euroSeller.id, '5', 'USD', 5); // priced in dollars, sold in euros: 4.00 EUR
    await uow.run(async () => {
      for (const l of [x, y, z]) await put(buyer, l);
    });
    listings.saved.length = 0;
    const placed = await checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput({ ...ADDRESS, additional_instructions: 'Hi' }) });
    expect(placed.map((p) => [p.order.id, p.seller.username, p.order.total.toString(), p.order.fee.toString(), p.order.items.map((i) => i.listingId)])).to.deep.equal([
      [`${seller.id}-1`, 'seller', '12.00 USD', '0.96 USD', [x.id, y.id]],
      [`${euroSeller.id}-1`, 'euro', '4.00 EUR', '0.32 EUR', [z.id]],
    ]);
    expect(placed[0]!.order).to.include({ status: 'New Order', shippingAddress: 'Somewhere 1', additionalInstructions: 'Hi', buyerId: buyer.id });
    expect(listings.saved, 'by release, then id').to.deep.equal([y.id, z.id, x.id]);
    for (const l of [x, y, z]) expect((await listings.byId(l.id))!.status).to.equal('Sold');
    expect(await store.carts.count(buyer.id)).to.equal(0);
    expect((await store.orders.byId(`${seller.id}-1`))!.total.toString()).to.equal('12.00 USD');
  });

  it('records order.created for the buyer and the seller of each order, each as the API shows it to them, and listing.sold for each seller, in the checkout\'s unit of work', async () => {
    const x = await aListing(seller.id, '10', 'USD', 9);
    const z = await aListing(euroSeller.id, '5', 'USD', 5);
    await uow.run(async () => {
      for (const l of [x, z]) await put(buyer, l);
    });
    const [first] = await checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) });
    const read = async (userId: number) => events.outbox.read({ userId, after: 0, limit: 50 });
    const forBuyer = await read(buyer.id);
    expect(forBuyer.map((e) => [e.type, e.resource.type, e.resource.id])).to.deep.equal([
      ['order.created', 'order', `${seller.id}-1`],
      ['order.created', 'order', `${euroSeller.id}-1`],
    ]);
    const forSeller = await read(seller.id);
    expect(forSeller.map((e) => [e.type, e.resource.id])).to.deep.equal([
      ['order.created', `${seller.id}-1`],
      ['listing.sold', String(x.id)],
    ]);
    expect((await read(euroSeller.id)).map((e) => [e.type, e.resource.id])).to.deep.equal([
      ['order.created', `${euroSeller.id}-1`],
      ['listing.sold', String(z.id)],
    ]);
    // The seller's order shows the fee, the buyer's does not (as GET /marketplace/orders/{id} answers each).
    expect(forSeller[0]!.resource.body).to.have.property('fee');
    expect(forBuyer[0]!.resource.body).to.not.have.property('fee');
    expect(forBuyer[0]!.resource.body).to.include({ id: first!.order.id, status: 'New Order' });
    expect(forSeller[1]!.resource.body).to.include({ id: x.id, status: 'Sold' });
    expect(forBuyer.every((e) => e.occurred.getTime() === clock.now().getTime())).to.equal(true);
  });

  it('records no event of a refused checkout', async () => {
    const own = await aListing(buyer.id, '3');
    const other = await aListing(seller.id, '10');
    await uow.run(async () => {
      await put(buyer, other);
      await put(buyer, own);
    });
    await rejection(checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) }));
    for (const u of [buyer, seller]) expect(await events.outbox.read({ userId: u.id, after: 0, limit: 50 })).to.deep.equal([]);
  });

  it("checks out one seller's listings when asked, leaving the rest", async () => {
    const x = await aListing(seller.id, '10');
    const z = await aListing(euroSeller.id, '5', 'EUR');
    await uow.run(async () => {
      for (const l of [x, z]) await put(buyer, l);
    });
    const placed = await checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput({ ...ADDRESS, seller: 'EURO' }) });
    expect(placed.map((p) => p.order.id)).to.deep.equal([`${euroSeller.id}-1`]);
    expect([...(await store.carts.inCart(buyer.id, [x.id, z.id]))]).to.deep.equal([x.id]);
    const none = await rejection(checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput({ ...ADDRESS, seller: 'euro' }) }));
    expect([none.constructor, none.message]).to.deep.equal([Invalid, 'Your cart has no listings of euro.']);
  });

  it('refuses an empty cart, an own listing and a listing no longer for sale, applying nothing', async () => {
    const empty = await rejection(checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) }));
    expect([empty.constructor, empty.message]).to.deep.equal([Invalid, 'Your cart is empty.']);
    const ok = await aListing(seller.id, '10');
    const own = await aListing(buyer.id, '3', 'EUR');
    await uow.run(async () => {
      await put(buyer, ok);
      await put(buyer, own);
    });
    const ownErr = await rejection(checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) }));
    expect([ownErr.constructor, ownErr.message]).to.deep.equal([Invalid, 'You cannot buy your own listing.']);
    await uow.run(() => store.carts.remove(buyer.id, own.id));

    const a = await aListing(seller.id, '1');
    const b = await aListing(seller.id, '1');
    await uow.run(async () => {
      await put(buyer, a);
      await put(buyer, b);
      await listings.save(withState(a, { status: 'Sold' }));
      await listings.save(withState(b, { status: 'Draft' }));
    });
    const err = await rejection(checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) }));
    expect([err.constructor, err.message]).to.deep.equal([Conflict, `Listings ${a.id}, ${b.id} are no longer for sale; take them out of your cart and check out again.`]);
    expect((await listings.byId(ok.id))!.status).to.equal('For Sale');
    expect(await store.carts.count(buyer.id)).to.equal(3);
    expect(await store.orders.byId(`${seller.id}-1`)).to.equal(null);
    await uow.run(async () => {
      await store.carts.removeAll(buyer.id, [a.id, b.id]);
    });
    const placed = await checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) });
    expect(placed.map((p) => p.order.id), 'the refused checkouts took no number').to.deep.equal([`${seller.id}-1`]);
  });

  it('refuses bad terms before anything else, and a currency the rate table lacks', async () => {
    const bad = await rejection(checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput({ shipping_address: '' }) }));
    expect(refusalOf(bad)).to.deep.equal(['Refusal invalid', 'shipping_address may not be blank.']);
    const yenSeller = await aUser('yen', 'JPY');
    const l = await aListing(yenSeller.id, '500', 'JPY');
    await uow.run(() => put(buyer, l));
    const err = await rejection(checkOut.execute({ caller: callerOf(buyer), body: () => checkoutInput(ADDRESS) }));
    expect([err.constructor, err.message]).to.deep.equal([Invalid, 'These listings cannot be checked out now: There is no conversion rate for JPY.']);
    expect((await listings.byId(l.id))!.status).to.equal('For Sale');
  });
});
