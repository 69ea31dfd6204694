import { withState } from '../../../support/listing-state.js';
import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryCurrencyRateRepository } from '../../../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryMarketplaceStore } from '../../../../adapters/in-memory/in-memory-marketplace-store.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { Forbidden, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { Refusal } from '../../../../domain/shared/refusal.js';
import { listingInput } from '../../../../adapters/http/marketplace/listing-bodies.js';
import { CreateListing } from '../../../../application/marketplace/create-listing.js';
import { DeleteListing } from '../../../../application/marketplace/delete-listing.js';
import { EditListing } from '../../../../application/marketplace/edit-listing.js';
import { GetInventory } from '../../../../application/marketplace/get-inventory.js';
import { GetListing } from '../../../../application/marketplace/get-listing.js';
import { ReleaseMarketBlock } from '../../../../application/marketplace/market-release-block.js';
import { MarketFiguresPart } from '../../../../application/marketplace/market-figures-part.js';
import { ListingViews } from '../../../../application/marketplace/listing-views.js';
import { ListRecentListings, MAX_RECENT_LISTINGS } from '../../../../application/marketplace/list-recent-listings.js';
import { newListing } from '../../../../domain/marketplace/listing.js';
import { Money } from '../../../../domain/marketplace/money.js';
import type { CartContents } from '../../../../application/ports/cart-contents.js';
import { mergedUserFigures, type UserFiguresPart } from '../../../../application/ports/user-figures.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import { sellerSettings } from '../../../../domain/marketplace/seller.js';
import { shippingRates } from '../../../../domain/marketplace/shipping-rates.js';
import { aCredit, aRelease } from '../../../support/builders/catalogue-builders.js';
import { rejection } from '../../../support/rejection.js';
import { anEventRecorder } from '../../../support/event-fixtures.js';

describe('Listings (use cases, in memory)', () => {
  const clock = new FixedClock('2026-11-23T12:00:00Z');
  const seller: Caller = { kind: 'user', userId: '1', username: 'seller', via: 'token' };
  const buyer: Caller = { kind: 'user', userId: '2', username: 'buyer', via: 'token' };
  const app: Caller = { kind: 'application', applicationId: 'a' };
  let uow: InMemoryUnitOfWork;
  let store: InMemoryMarketplaceStore;
  let users: InMemoryUserRepository;
  let rates: InMemoryCurrencyRateRepository;
  let catalogue: InMemoryCatalogueReader;
  let carts: Map<number, Set<number>>;
  let events: ReturnType<typeof anEventRecorder>;

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    rates = new InMemoryCurrencyRateRepository(uow);
    catalogue = new InMemoryCatalogueReader(clock);
    catalogue.putRelease(aRelease(10, { title: 'Ten', artists: [aCredit(1, 'Artist')], formats: [{ name: 'Vinyl', qty: '1', text: '', descriptions: ['7"'] }] }));
    catalogue.putRelease(aRelease(11, { title: 'Eleven', formats: [{ name: 'CD', qty: '3', text: '', descriptions: [] }] }));
    catalogue.putRelease(aRelease(12, { title: 'Blocked' }));
    store = new InMemoryMarketplaceStore(uow, catalogue);
    carts = new Map();
    events = anEventRecorder({ uow, users, catalogue, sellers: store.sellers, rates });
    for (const [name, currency] of [['seller', 'GBP'], ['buyer', 'USD']] as const) {
      await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: clock.now(), homePage: '', location: 'UK', profile: '', currency }),
      );
    }
    await uow.run(async () => {
      await store.sellers.put(sellerSettings(1, 'Cash', 'Post', clock.now()));
      await store.sellers.put(sellerSettings(2, 'Cash', '', clock.now()));
      await store.blocked.setBlocked(12, true, 'no', clock.now());
      await rates.replace({ rates: CurrencyRates.fromEntries([{ currency: 'USD', rate: '1' }, { currency: 'GBP', rate: '0.8' }]), updatedAt: clock.now(), source: 't' });
    });
  });

  const figures = (parts: UserFiguresPart[] = [new MarketFiguresPart(store.listings)]) => mergedUserFigures(parts);
  const cartContents: CartContents = { inCart: async (userId, ids) => new Set(ids.filter((id) => carts.get(userId)?.has(id))) };
  const text = () => new TextRenderer(catalogue, 'https://web.test');
  const views = () => new ListingViews(catalogue, text(), store.sellers, figures(), rates, cartContents);
  const create = (body: unknown, caller: Caller = seller) =>
    new CreateListing(users, store.sellers, store.listings, store.blocked, catalogue, uow, clock, events.recorder).execute({ caller, body: () => listingInput({}, body) });
  const edit = (id: number, body: unknown, caller: Caller = seller, currency?: 'USD' | 'GBP') =>
    new EditListing(users, store.listings, store.blocked, catalogue, uow, clock, events.recorder).execute({ id, caller, body: () => listingInput({}, body), currency });
  const remove = (id: number, caller: Caller = seller) => new DeleteListing(store.listings, uow, events.recorder, clock).execute({ id, caller });
  const get = (id: number, caller: Caller = buyer, currency?: 'USD' | 'GBP' | 'EUR') =>
    new GetListing(store.listings, users, views()).execute({ id, caller, currency, textFormat: 'plaintext' });
  const inventory = (caller: Caller, more: Partial<Parameters<GetInventory['execute']>[0]> = {}) =>
    new GetInventory(users, store.inventoryPages, views()).execute({ name: 'seller', caller, sortOrder: 'asc', page: { page: 1, perPage: 50 }, textFormat: 'markup', ...more });

  it('creates a listing in the seller’s currency, estimating weight and format quantity from the release', async () => {
    const { listingId } = await create({ release_id: '10', condition: 'Mint (M)', price: '4.5', weight: 'auto', format_quantity: 'auto' });
    const stored = (await store.listings.byId(listingId))!;
    expect(stored.price.toString()).to.equal('4.50 GBP');
    expect(stored).to.deep.include({ sellerId: 1, status: 'For Sale', weight: 40, formatQuantity: 1, posted: clock.now() });
    const three = await create({ release_id: 11, condition: 'Mint (M)', price: 1, format_quantity: 'auto', weight: 'auto' });
    expect((await store.listings.byId(three.listingId))!).to.deep.include({ weight: 300, formatQuantity: 3 });
  });

  it('records listing.created, listing.changed and listing.deleted for the seller, with the listing as the API shows it to them; refusals record none', async () => {
    const { listingId } = await create({ release_id: '10', condition: 'Mint (M)', price: '4.5', location: 'Shelf 3' });
    await edit(listingId, { release_id: '10', condition: 'Near Mint (NM or M-)', price: '5', location: 'Shelf 4' });
    await rejection(edit(listingId, { release_id: '10', condition: 'Broken', price: '5' }));
    await rejection(remove(listingId, buyer));
    await remove(listingId);
    const recorded = await events.outbox.read({ userId: 1, after: 0, limit: 50 });
    expect(recorded.map((e) => [e.type, e.resource.type, e.resource.id])).to.deep.equal([
      ['listing.created', 'listing', String(listingId)],
      ['listing.changed', 'listing', String(listingId)],
      ['listing.deleted', 'listing', String(listingId)],
    ]);
    // The owner's private fields (here the location) are in the seller's body, as GET shows them to the seller.
    expect(recorded[0]!.resource.body).to.include({ id: listingId, condition: 'Mint (M)', location: 'Shelf 3' });
    expect(recorded[1]!.resource.body).to.include({ condition: 'Near Mint (NM or M-)', location: 'Shelf 4' });
    expect(recorded[2]!.resource.body).to.include({ id: listingId, status: 'For Sale' });
    expect(await events.outbox.read({ userId: 2, after: 0, limit: 50 })).to.deep.equal([]);
  });

  it('refuses by caller: 401 anonymous, 403 an application, 403 a user whose seller settings are incomplete', async () => {
    const body = { release_id: 10, condition: 'Mint (M)', price: 1 };
    expect(await rejection(create(body, ANONYMOUS))).to.be.instanceOf(Unauthenticated);
    expect(await rejection(create(body, app))).to.be.instanceOf(Forbidden);
    const incomplete = await rejection(create(body, buyer));
    expect(incomplete).to.be.instanceOf(Forbidden);
    expect(incomplete.message).to.equal("You don't have permission to access this resource.");
    expect((await store.inventoryPages.page({ sellerId: 2, statuses: null, sort: 'listed', sortOrder: 'asc', offset: 0, limit: 9 })).total).to.equal(0);
  });

  it('names every bad field at once, including an unknown or blocked release', async () => {
    const err = await rejection(create({ release_id: 99, condition: 'Mint', price: 0 }));
    expect(err).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
    expect(err.message).to.include('release_id: Release 99 not found.').and.include('condition must be one of').and.include('price must be greater than 0');
    expect((await rejection(create({ release_id: 12, condition: 'Mint (M)', price: 1 }))).message).to.equal('release_id: Release 12 is blocked from sale.');
    expect((await rejection(create({ price: '-1.234' }))).message).to.equal(
      'price must be a number, got "-1.234". release_id is required. condition is required.',
    );
    expect((await rejection(create([1]))).message).to.equal('The body must be a JSON object of listing fields.');
  });

  it('names a price refused in its currency in the order of the fields, among the edge’s problems', async () => {
    // 0.004 is a number (the edge passes it) but nothing once rounded to pence: the use case refuses it, between the
    // condition and the comments as the fields come.
    const err = await rejection(create({ release_id: 10, condition: 'Mint', price: 0.004, comments: ['x'] }));
    expect(err.message).to.equal(
      'condition must be one of "Mint (M)", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Very Good (VG)", "Good Plus (G+)", "Good (G)", "Fair (F)" or "Poor (P)", got "Mint". ' +
        'price must be greater than 0, got 0.004. comments must be text, got ["x"].',
    );
  });

  it('blocks a release: its For Sale listings suspended through their command, the others left as they are', async () => {
    const forSale = await create({ release_id: 10, condition: 'Mint (M)', price: 8 });
    const draft = await create({ release_id: 10, condition: 'Mint (M)', price: 8, status: 'Draft' });
    const other = await create({ release_id: 11, condition: 'Mint (M)', price: 8 });
    const ids = [forSale.listingId, draft.listingId, other.listingId];
    const block = new ReleaseMarketBlock(catalogue, store.blocked, store.listings, { forSaleIds: async () => ids }, uow, clock, events.recorder);
    const before = await events.outbox.lastId();
    clock.advance(60_000);
    expect(await block.execute({ releaseId: 10, blocked: true, reason: 'counterfeit' })).to.deep.equal({ changed: true, suspended: 1 });
    expect(await store.listings.byId(forSale.listingId)).to.deep.include({ status: 'Suspended', updated: clock.now() });
    expect((await store.listings.byId(draft.listingId))!.status).to.equal('Draft');
    expect((await store.listings.byId(other.listingId))!.status).to.equal('For Sale');
    // The suspended listing's seller is told, with the listing as it now is.
    const told = await events.outbox.read({ userId: 1, after: before, limit: 10 });
    expect(told.map((e) => [e.type, e.resource.id, e.resource.body.status, e.occurred])).to.deep.equal([['listing.changed', String(forSale.listingId), 'Suspended', clock.now()]]);
    expect(await block.execute({ releaseId: 10, blocked: true })).to.deep.equal({ changed: false, suspended: 0 });
    expect(await events.outbox.lastId()).to.equal(told[0]!.id);
    expect((await rejection(edit(forSale.listingId, { price: 1 }))).message).to.equal('This listing is Suspended and cannot be edited; it can only be deleted.');
  });

  it('shows a For Sale listing to anyone, converted on request; other statuses only to the seller', async () => {
    const { listingId } = await create({ release_id: 10, condition: 'Mint (M)', price: 8, comments: '[b]Hi[/b]' });
    const view = await get(listingId, buyer, 'USD');
    expect(view.price.toString()).to.equal('10.00 USD');
    expect(view.listing.price.toString()).to.equal('8.00 GBP');
    expect(view).to.deep.include({ comments: 'Hi', owner: false, inCart: false });
    expect(view.seller).to.deep.include({ payment: 'Cash', shipping: 'Post' });
    expect(view.release).to.deep.equal({
      id: 10, title: 'Ten', artist: 'Artist', format: 'Vinyl, 7"', catno: '', year: 2001, thumb: '', images: [],
      holding: { community: { inCollection: 0, inWantlist: 0 }, user: { inCollection: 0, inWantlist: 0 } },
    });
    expect((await get(listingId, ANONYMOUS)).release.images).to.equal(undefined);
    expect((await get(listingId, ANONYMOUS)).inCart).to.equal(undefined);
    expect((await get(listingId, seller)).owner).to.equal(true);
    expect((await rejection(get(listingId, buyer, 'EUR'))).message).to.equal('Invalid curr_abbr: no exchange rate from GBP to EUR is loaded.');
    carts.set(2, new Set([listingId]));
    expect((await get(listingId, buyer)).inCart).to.equal(true);
    await edit(listingId, { status: 'Draft' });
    for (const caller of [buyer, ANONYMOUS, app]) expect(await rejection(get(listingId, caller))).to.be.instanceOf(NotFound);
    expect((await get(listingId, seller)).listing.status).to.equal('Draft');
    expect(await rejection(get(999))).to.be.instanceOf(NotFound);
  });

  it('prices for the caller: in their currency unless one is asked, shipping to their country from the seller’s rates', async () => {
    const rates = shippingRates('default=10, europe=5, GB=2', 'GBP');
    await uow.run(() => store.sellers.put(sellerSettings(1, 'Cash', 'Post', clock.now(), { shippingRates: rates, minOrderTotal: null })));
    const { listingId } = await create({ release_id: 10, condition: 'Mint (M)', price: 8 });
    const londoner: Caller = { kind: 'user', userId: '2', username: 'buyer', via: 'token', currency: 'GBP', location: 'London, UK' };
    const berliner: Caller = { kind: 'user', userId: '2', username: 'buyer', via: 'token', currency: 'USD', location: 'Berlin, Germany' };
    const shown = async (caller: Caller, currency?: 'USD' | 'GBP') => {
      const v = await get(listingId, caller, currency);
      return [v.price.toString(), v.shippingPrice?.toString(), v.originalShippingPrice?.toString()];
    };
    expect(await shown(londoner)).to.deep.equal(['8.00 GBP', '2.00 GBP', '2.00 GBP']);
    expect(await shown(londoner, 'USD')).to.deep.equal(['10.00 USD', '2.50 USD', '2.00 GBP']);
    expect(await shown(berliner)).to.deep.equal(['10.00 USD', '6.25 USD', '5.00 GBP']);
    expect(await shown(ANONYMOUS)).to.deep.equal(['10.00 USD', '12.50 USD', '10.00 GBP']);
    expect(await shown(app)).to.deep.equal(['10.00 USD', '12.50 USD', '10.00 GBP']);
    const page = await inventory(londoner);
    expect(page.page.items.map((v) => [v.price.toString(), v.shippingPrice?.toString()])).to.deep.equal([['8.00 GBP', '2.00 GBP']]);
    expect(page.page.items[0]!.seller.minOrderTotal.toString()).to.equal('0.00 GBP');
  });

  it('shows no shipping price where the seller priced none', async () => {
    const { listingId } = await create({ release_id: 10, condition: 'Mint (M)', price: 8 });
    const view = await get(listingId);
    expect([view.shippingPrice, view.originalShippingPrice]).to.deep.equal([null, null]);
  });

  it('edits only the fields sent, in the currency asked or the seller’s; refuses other users and the lifecycle’s refusals whole', async () => {
    const { listingId } = await create({ release_id: 10, condition: 'Mint (M)', price: 8, location: 'A' });
    clock.advance(1000);
    await edit(listingId, { price: '9.99', allow_offers: 'true' });
    let l = (await store.listings.byId(listingId))!;
    expect(l.price.toString()).to.equal('9.99 GBP');
    expect(l).to.deep.include({ allowOffers: true, location: 'A', condition: 'Mint (M)' });
    await edit(listingId, { price: 3 }, seller, 'USD');
    l = (await store.listings.byId(listingId))!;
    expect(l.price.toString()).to.equal('3.00 USD');
    await edit(listingId, { comments: 'no price' });
    expect((await store.listings.byId(listingId))!.price.toString()).to.equal('3.00 USD');

    const before = await store.listings.byId(listingId);
    expect(await rejection(edit(listingId, { price: 1 }, buyer))).to.be.instanceOf(Forbidden);
    expect(await rejection(edit(listingId, { price: 1 }, app))).to.be.instanceOf(Forbidden);
    expect(await rejection(edit(listingId, { price: 1 }, ANONYMOUS))).to.be.instanceOf(Unauthenticated);
    expect(await rejection(edit(999, { price: 1 }))).to.be.instanceOf(NotFound);
    expect((await rejection(edit(listingId, { price: 1, condition: 'x' }))).message).to.include('condition must be one of');
    expect((await rejection(edit(listingId, { status: 'Expired' }))).message).to.equal('status must be "For Sale" or "Draft", got "Expired".');
    expect(await store.listings.byId(listingId)).to.deep.equal(before);

    await uow.run(async () => store.listings.save(withState(before!, { status: 'Sold' })));
    const sold = await rejection(edit(listingId, { price: 1 }));
    expect(sold).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
    expect(sold.message).to.equal('This listing is Sold and cannot be edited; it can only be deleted (list the item again as a new listing).');
    expect((await store.listings.byId(listingId))!.status).to.equal('Sold');
  });

  it('estimates auto weight from the listing’s own release when the edit names none', async () => {
    const { listingId } = await create({ release_id: 11, condition: 'Mint (M)', price: 8 });
    await edit(listingId, { weight: 'auto' });
    expect((await store.listings.byId(listingId))!.weight).to.equal(300);
    await edit(listingId, { release_id: 10, weight: 'auto' });
    expect((await store.listings.byId(listingId))!).to.deep.include({ releaseId: 10, weight: 40 });
  });

  it('serialises concurrent edits: each applies, none lost', async () => {
    const { listingId } = await create({ release_id: 10, condition: 'Mint (M)', price: 8 });
    await Promise.all([edit(listingId, { comments: 'a' }), edit(listingId, { location: 'L' }), edit(listingId, { allow_offers: true })]);
    expect((await store.listings.byId(listingId))!).to.deep.include({ comments: 'a', location: 'L', allowOffers: true });
  });

  it('deletes the seller’s listing from any status; refuses anyone else', async () => {
    const { listingId } = await create({ release_id: 10, condition: 'Mint (M)', price: 8 });
    expect(await rejection(remove(listingId, buyer))).to.be.instanceOf(Forbidden);
    expect(await rejection(remove(listingId, app))).to.be.instanceOf(Forbidden);
    expect(await rejection(remove(listingId, ANONYMOUS))).to.be.instanceOf(Unauthenticated);
    await uow.run(async () => store.listings.save(withState((await store.listings.byId(listingId))!, { status: 'Suspended' })));
    await remove(listingId);
    expect(await store.listings.byId(listingId)).to.equal(null);
    expect(await rejection(remove(listingId))).to.be.instanceOf(NotFound);
  });

  it('shows the inventory: the owner every status, anyone else For Sale only; owner-only sorts ignored for others', async () => {
    const a = (await create({ release_id: 10, condition: 'Mint (M)', price: 8, location: 'B' })).listingId;
    const b = (await create({ release_id: 11, condition: 'Mint (M)', price: 2, status: 'Draft', location: 'A' })).listingId;
    const c = (await create({ release_id: 10, condition: 'Mint (M)', price: 5, location: 'A0' })).listingId;
    const ids = (v: Awaited<ReturnType<typeof inventory>>) => v.page.items.map((i) => i.listing.id);
    expect(ids(await inventory(seller))).to.deep.equal([a, b, c]);
    expect(ids(await inventory(seller, { status: 'Draft' }))).to.deep.equal([b]);
    expect(ids(await inventory(seller, { sort: 'location' }))).to.deep.equal([b, c, a]);
    expect(ids(await inventory(seller, { sort: 'price', sortOrder: 'desc' }))).to.deep.equal([a, c, b]);
    for (const caller of [buyer, ANONYMOUS, app]) {
      expect(ids(await inventory(caller, { status: 'Draft' }))).to.deep.equal([a, c]);
      // Sorted by location these would be [c, a]: the owner-only sort is ignored, the default order (listed) kept.
      expect(ids(await inventory(caller, { sort: 'location' }))).to.deep.equal([a, c]);
      expect(ids(await inventory(caller, { sort: 'status', sortOrder: 'desc' }))).to.deep.equal([c, a]);
    }
    const page = await inventory(seller, { page: { page: 2, perPage: 1 } });
    expect([ids(page), page.page.total, page.page.page]).to.deep.equal([[b], 3, 2]);
    expect(await rejection(new GetInventory(users, store.inventoryPages, views()).execute({ name: 'nobody', caller: buyer, sortOrder: 'asc', page: { page: 1, perPage: 5 }, textFormat: 'markup' }))).to.be.instanceOf(NotFound);
    expect((await figures().forUser(1)).numForSale).to.equal(2);
  });

  it('lists the newest listings for sale of every seller with their releases and sellers, at most twelve, leaving out a deleted seller', async () => {
    const add = (sellerId: number, releaseId: number, status: 'For Sale' | 'Draft', minutes: number) =>
      uow.run(() =>
        store.listings.add(
          newListing(sellerId, { releaseId, condition: 'Mint (M)', price: Money.fromDecimal('5', 'GBP'), status }, new Date(clock.now().getTime() + minutes * 60_000)),
        ),
      );
    const recent = new ListRecentListings(store.inventoryPages, catalogue, users);
    expect(await recent.execute({ count: 5 })).to.deep.equal([]);
    const ten = await add(1, 10, 'For Sale', 1);
    const eleven = await add(2, 11, 'For Sale', 2);
    await add(1, 11, 'Draft', 3);
    const shown = (count: number) => recent.execute({ count }).then((all) => all.map((r) => [r.listing.id, r.release.title, r.release.artist, r.seller.username]));
    expect(await shown(5)).to.deep.equal([[eleven.id, 'Eleven', 'Someone', 'buyer'], [ten.id, 'Ten', 'Artist', 'seller']]);
    expect(await shown(1)).to.deep.equal([[eleven.id, 'Eleven', 'Someone', 'buyer']]);
    expect(await shown(0)).to.deep.equal([]);
    await uow.run(() => users.markDeleted(2, clock.now()));
    expect(await shown(5)).to.deep.equal([[ten.id, 'Ten', 'Artist', 'seller']]);
    for (let n = 0; n < 14; n++) await add(1, 10, 'For Sale', 10 + n);
    expect(await recent.execute({ count: 50 })).to.have.length(MAX_RECENT_LISTINGS);
  });
});
