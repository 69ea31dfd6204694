import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { currencyOrDollars, type Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { Money } from '../../domain/marketplace/money.js';
import { isMoneyRefusal } from '../../domain/marketplace/money-refusal.js';
import { purchaseProblem } from '../../domain/orders/cart.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';

/** One listing in a cart: whether it can still be bought, and its price in the buyer's currency (null without a rate). */
export interface CartLine {
  readonly listing: Listing;
  readonly addedAt: Date;
  readonly buyable: boolean;
  readonly buyerPrice: Money | null;
}

/**
 * A cart's listings of one seller, and what checking them out would cost: the buyable ones' prices added up in the
 * seller's currency (what the order's total will be) and in the buyer's; null where a rate is missing.
 */
export interface CartSellerGroup {
  readonly seller: User;
  readonly currency: Currency;
  readonly lines: readonly CartLine[];
  readonly total: Money | null;
  readonly buyerTotal: Money | null;
}

/** A buyer's cart, by seller (in the order the sellers' first listings were put in). */
export interface CartView {
  readonly buyer: User;
  readonly currency: Currency;
  readonly count: number;
  readonly sellers: readonly CartSellerGroup[];
}

/** `GET /marketplace/cart`: the caller's cart (401/403 for anyone but a user). */
export class GetCart {
  constructor(
    private readonly carts: CartRepository,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly rates: CurrencyRateRepository,
  ) {}

  async execute(input: { readonly caller: Caller }): Promise<CartView> {
    const buyerId = requireUserCaller(input.caller);
    const buyer = await this.users.byId(buyerId);
    if (!buyer) throw new Error(`The calling user ${buyerId} is gone`);
    const currency = currencyOrDollars(buyer.currency);
    const rates = (await this.rates.current())?.rates ?? null;
    const groups = new Map<number, { seller: User; lines: CartLine[] }>();
    let count = 0;
    for (const item of await this.carts.items(buyerId)) {
      const listing = await this.listings.byId(item.listingId);
      if (!listing) continue;
      let group = groups.get(listing.sellerId);
      if (!group) {
        const seller = await this.users.byId(listing.sellerId);
        if (!seller) continue;
        group = { seller, lines: [] };
        groups.set(listing.sellerId, group);
      }
      group.lines.push({
        listing,
        addedAt: item.addedAt,
        buyable: purchaseProblem(listing, buyerId) === null,
        buyerPrice: convert(listing.price, currency, rates),
      });
      count++;
    }
    const sellers = [...groups.values()].map(({ seller, lines }): CartSellerGroup => {
      const sellerCurrency = currencyOrDollars(seller.currency);
      const buyable = lines.filter((l) => l.buyable).map((l) => l.listing.price);
      return { seller, currency: sellerCurrency, lines, total: sum(buyable, sellerCurrency, rates), buyerTotal: sum(buyable, currency, rates) };
    });
    return { buyer, currency, count, sellers };
  }
}

function convert(price: Money, currency: Currency, rates: CurrencyRates | null): Money | null {
  if (price.currency === currency) return price;
  if (!rates) return null;
  try {
    return price.convertTo(currency, rates);
  } catch (err) {
    if (isMoneyRefusal(err)) return null;
    throw err;
  }
}

function sum(prices: readonly Money[], currency: Currency, rates: CurrencyRates | null): Money | null {
  let total = Money.zero(currency);
  for (const p of prices) {
    const converted = convert(p, currency, rates);
    if (!converted) return null;
    total = total.plus(converted);
  }
  return total;
}
