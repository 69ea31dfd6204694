import { currencyOrDollars } from '../../domain/marketplace/currency.js';
import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import type { FeeRule } from '../../domain/marketplace/fee-rule.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { countryOf } from '../../domain/marketplace/countries.js';
import { isMoneyRefusal } from '../../domain/marketplace/money-refusal.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { shippingTo } from '../../domain/marketplace/shipping-rates.js';
import { OWN_LISTING_MESSAGE, purchaseProblem } from '../../domain/orders/cart.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import type { CheckoutTerms } from '../../domain/orders/checkout-terms.js';
import { Order } from '../../domain/orders/order.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import { Conflict, Invalid, Unauthenticated } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireConfirmedEmail, type Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { partiesViews, type OrderView } from './order-access.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { ACCOUNT_DELETED } from '../identity/hold-account.js';
import type { NewEvent } from '../../domain/events/event.js';

/** The message of a 422 for a checkout with nothing (of the seller asked) in the cart. */
export const EMPTY_CART_MESSAGE = 'Your cart is empty.';


/**
 * `POST /marketplace/checkout`: the user buys what is in their cart (or only one seller's listings of it), one order
 * per seller in status New Order, and the listings become Sold and leave the cart, all in one unit of work: either
 * all of it happens or none. 401/403 for anyone but a user; 422 for bad terms (every problem at once), an empty cart (or
 * none of the seller's), a missing conversion rate, the buyer's own listing; 409 when any listing is no longer For
 * Sale (the message names them all). Each order's shipping starts as the seller's shipping price for the buyer's
 * country (their profile location), converted into the order's currency, when the seller set one (else nothing, until
 * the seller invoices). It answers each order made as its buyer reads it (`GetOrder`'s view), built inside the same
 * unit of work, so what it answers is what it stored. The events (`order.created` for the buyer and the seller of each
 * order, `listing.sold` for each listing's seller) are appended last in the same unit of work.
 *
 * A listing is sold once only: the listings are locked (`lockForUpdate`) before their status is read, so of two
 * checkouts of one listing the second waits for the first and then finds it Sold (or, when both were the same
 * buyer's, finds it gone from the cart: the cart is read again under the locks). Locks are taken in one order by
 * every checkout (the buyer's and sellers' accounts by id, shared, then listings by id, then the sellers' order numbers by seller id, then the listings are saved by
 * release and id, which locks their releases' rows in that order) so checkouts do not deadlock each other; the unit
 * of work given may retry on a deadlock the database still reports with others.
 */
export class CheckOut {
  constructor(
    private readonly carts: CartRepository,
    private readonly listings: ListingRepository,
    private readonly orders: OrderRepository,
    private readonly users: UserRepository,
    private readonly catalogue: CatalogueReader,
    private readonly rates: CurrencyRateRepository,
    private readonly feeRule: FeeRule,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly events: EventRecorder,
    private readonly sellers: SellerRepository | null = null,
  ) {}

  async execute(input: { readonly caller: Caller; readonly body: CheckedInput<CheckoutTerms> }): Promise<OrderView[]> {
    const buyerId = requireConfirmedEmail(input.caller);
    const terms = input.body();
    const buyer = await this.users.byId(buyerId);
    if (!buyer) throw new Error(`The calling user ${buyerId} is gone`);
    let sellerOnly: User | null = null;
    if (terms.seller !== null) {
      sellerOnly = await this.users.byLoginName(terms.seller);
      if (!sellerOnly) throw new Invalid(`Your cart has no listings of ${terms.seller}.`);
    }
    return this.uow.run(async () => {
      const now = this.clock.now();
      const items = await this.carts.items(buyerId);
      if (items.length === 0) throw new Invalid(EMPTY_CART_MESSAGE);
      // The buyer's and the sellers' accounts first (shared: checkouts do not wait for each other), so an account
      // deletion (which locks its account for update, then removes its listings and looks for open orders) either
      // waits for this checkout's orders or is waited for (ADR 0060).
      const sellerIds: number[] = [];
      // One after another: the transaction's one connection takes one query at a time.
      for (const item of items) {
        const listing = await this.listings.byId(item.listingId);
        if (listing) sellerIds.push(listing.sellerId);
      }
      const live = await this.users.lock([buyerId, ...sellerIds], 'share');
      if (!live.some((u) => u.id === buyerId)) throw new Unauthenticated(ACCOUNT_DELETED);
      const locked = await this.listings.lockForUpdate(items.map((i) => i.listingId));
      // Read again under the locks: a checkout of the same cart that held them (a second click) has emptied it since.
      const still = await this.carts.inCart(buyerId, locked.map((l) => l.id));
      const position = new Map(items.map((item, index) => [item.listingId, index]));
      const bought = locked
        .filter((l) => still.has(l.id) && (sellerOnly === null || l.sellerId === sellerOnly.id))
        .sort((a, b) => position.get(a.id)! - position.get(b.id)!);
      if (bought.length === 0) throw new Invalid(sellerOnly ? `Your cart has no listings of ${sellerOnly.username}.` : EMPTY_CART_MESSAGE);
      if (bought.some((l) => purchaseProblem(l, buyerId) === 'own')) throw new Invalid(OWN_LISTING_MESSAGE);
      const gone = bought.filter((l) => purchaseProblem(l, buyerId) === 'not for sale').map((l) => l.id);
      if (gone.length > 0) {
        throw new Conflict(
          gone.length === 1
            ? `Listing ${gone[0]} is no longer for sale; take it out of your cart and check out again.`
            : `Listings ${gone.join(', ')} are no longer for sale; take them out of your cart and check out again.`,
        );
      }

      const bySeller = new Map<number, Listing[]>();
      for (const l of bought) bySeller.set(l.sellerId, [...(bySeller.get(l.sellerId) ?? []), l]);
      const rates = (await this.rates.current())?.rates ?? CurrencyRates.fromEntries([]);
      const placed: Order[] = [];
      for (const sellerId of [...bySeller.keys()].sort((a, b) => a - b)) {
        const seller = await this.users.byId(sellerId);
        if (!seller) throw new Error(`The seller ${sellerId} of a locked listing is gone`);
        const number = await this.orders.nextNumber(sellerId);
        // The seller's shipping price for the buyer's country, as their listings showed it (ADR 0032); none without one.
        const shippingRates = (await this.sellers?.settingsOf(sellerId))?.shippingRates ?? null;
        const shipping = shippingRates ? shippingTo(shippingRates, countryOf(buyer.location)) : undefined;
        const order = underMoneyRule(() =>
          Order.place({
            sellerId,
            number,
            buyerId,
            currency: currencyOrDollars(seller.currency),
            listings: bySeller.get(sellerId)!,
            feeRule: this.feeRule,
            rates,
            shippingAddress: terms.shippingAddress,
            additionalInstructions: terms.additionalInstructions,
            shipping,
            now,
          }),
        );
        await this.orders.add(order);
        placed.push(order);
      }
      const byRelease = [...bought].sort((a, b) => a.releaseId - b.releaseId || a.id - b.id);
      for (const l of byRelease) {
        l.sell(now);
        await this.listings.save(l);
      }
      await this.carts.removeAll(buyerId, bought.map((l) => l.id));
      const access = { orders: this.orders, users: this.users, catalogue: this.catalogue, events: this.events };
      const views: OrderView[] = [];
      const events: NewEvent[] = [];
      for (const order of placed) {
        const both = await partiesViews(access, order);
        events.push(...this.events.orderEvents(['order.created'], both, now));
        views.push(both[0]!);
      }
      events.push(...(await this.events.listingEvents('listing.sold', byRelease, now)));
      await this.events.append(events);
      return views;
    });
  }
}

function underMoneyRule<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (isMoneyRefusal(err)) throw new Invalid(`These listings cannot be checked out now: ${err.message}`);
    throw err;
  }
}
