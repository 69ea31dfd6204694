import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import type { Container } from 'inversify';
import type { MediaCondition, SleeveCondition } from '../../domain/marketplace/conditions.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import { newListing, type NewListing } from '../../domain/marketplace/listing.js';
import type { ListingStatus } from '../../domain/marketplace/listing-status.js';
import type { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import { Money } from '../../domain/marketplace/money.js';
import { isMoneyRefusal } from '../../domain/marketplace/money-refusal.js';
import { CORE } from '../core/core-tokens.js';
import { DEMO_USERS } from '../identity/identity-module.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';
import { SELLERS } from './seller-tokens.js';

/** The demo user who sells (identity's demo accounts: a seller and a buyer). */
export const DEMO_SELLER = DEMO_USERS[0];

/** The demo seller's currency and terms, in the markup format. */
export const DEMO_SELLER_SETTINGS = {
  currency: 'GBP',
  payment:
    '[b]PayPal[/b] (friends and family not accepted) or bank transfer within the UK.\n' +
    'Payment within 7 days of the invoice, please; items are held for you until then.',
  shipping:
    '[b]Shipped from Bristol, UK[/b], in sturdy mailers with stiffeners, records out of their sleeves.\n' +
    'UK: £3.50 first item, £1 each further. Europe: £9. Rest of the world: £14, tracked.\n' +
    'Combined shipping on every order, sent with [url=https://www.royalmail.com]Royal Mail[/url].',
  /** The shipping price per order by destination, as the terms say it, and the minimum order. */
  shippingPrice: 'default=14, europe=9, GB=3.50',
  minOrderTotal: '5',
} as const;

/**
 * The demo listings: [place among the demo releases, media, sleeve, price, currency ("own": the seller's; 1 and 2:
 * two others), status, comments]. Most are For Sale in the seller's own currency; a few keep the currencies they were
 * priced in before the seller moved to pounds, so the market figures show prices in three currencies. Prices are
 * written for currencies of about a pound's worth (PRICED_AS_WRITTEN); in any other, they are pounds converted
 * through the rate table.
 */
type Plan = readonly [place: number, media: MediaCondition, sleeve: SleeveCondition | null, price: string, currency: 'own' | 1 | 2, status: ListingStatus, comments: string];
const PRICED_AS_WRITTEN: readonly Currency[] = ['GBP', 'USD', 'EUR', 'CAD', 'CHF'];
const PLANS: readonly Plan[] = [
  [0, 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', '24.00', 'own', 'For Sale', 'Played [b]once[/b]; the sleeve has light ring wear.'],
  [1, 'Very Good Plus (VG+)', 'Very Good (VG)', '12.50', 'own', 'For Sale', 'A few light marks that do not play. [i]Original inner sleeve.[/i]'],
  [2, 'Mint (M)', 'Mint (M)', '35.00', 'own', 'For Sale', '[b]Still sealed.[/b] Hype sticker on the shrink.'],
  [3, 'Very Good (VG)', 'Good Plus (G+)', '6.00', 'own', 'For Sale', 'Surface noise in quiet passages; [u]priced to sell[/u].'],
  [4, 'Near Mint (NM or M-)', 'Generic', '9.99', 'own', 'For Sale', 'In a generic company sleeve. Graded by eye [i]and[/i] by ear.'],
  [5, 'Good Plus (G+)', 'No Cover', '3.00', 'own', 'For Sale', 'Disc only, no cover. Plays through with crackle.'],
  [6, 'Very Good Plus (VG+)', 'Near Mint (NM or M-)', '18.00', 1, 'For Sale', 'Listed before I moved to pounds; [b]price in US dollars[/b].'],
  [7, 'Near Mint (NM or M-)', 'Very Good Plus (VG+)', '21.00', 2, 'For Sale', 'Priced in euros. Shrink still on the sleeve.'],
  [8, 'Very Good (VG)', 'Not Graded', '15.00', 2, 'For Sale', 'Spine split on the sleeve; [i]the record is clean[/i].'],
  [9, 'Mint (M)', 'Mint (M)', '40.00', 'own', 'Draft', 'Draft: still grading this one.'],
  [1, 'Fair (F)', 'Poor (P)', '2.00', 'own', 'Expired', 'A second, well-loved copy; the listing ran out.'],
];

/**
 * Makes the demo seller a complete seller (currency and terms, unless they are one already) with a handful of listings
 * of the demo releases, when they have none yet: inventories, listings and the releases' market figures show content
 * on a fresh `npm start`. The listings are written through the listing repository, in one unit of work.
 */
export async function seedDemoMarketplace(container: Container, log: (line: string) => void): Promise<void> {
  const seller = await container.get(IDENTITY.UserRepository).byLoginName(DEMO_SELLER);
  if (!seller) {
    log(`marketplace: no user ${DEMO_SELLER}; demo listings left out`);
    return;
  }
  const listings = container.get(MARKETPLACE.ListingRepository);
  const held = await container.get(MARKETPLACE.InventoryPages).page({ sellerId: seller.id, statuses: null, sort: 'listed', sortOrder: 'asc', offset: 0, limit: 1 });
  if (held.total > 0) {
    log(`marketplace: ${DEMO_SELLER} has listings already; demo listings left out`);
    return;
  }
  const releases = await container.get(CATALOGUE.Samples).lowestIds('release', 10);
  if (releases.length === 0) {
    log('marketplace: the catalogue holds no releases; demo listings left out');
    return;
  }


  const table = (await container.get(MARKETPLACE.GetCurrencyRates).execute())?.rates;
  const uow = container.get(PERSISTENCE.UnitOfWork);
  // The settings and the listings together: a failure leaves the demo seller as it was.
  const { own, made } = await uow.run(async () => {
    let settings = await container.get(SELLERS.GetSellerSettings).execute({ name: DEMO_SELLER, actor: 'operator' });
    // A seller already keeps their currency and terms; the shipping price and minimum order are added when missing
    // (in the seller's currency, the amounts as written).
    const { currency, payment, shipping, shippingPrice, minOrderTotal } = DEMO_SELLER_SETTINGS;
    const terms = settings.complete ? {} : { currency, paymentTerms: payment, shippingTerms: shipping };
    const amounts = settings.shippingRates === null ? { shippingPrice, minOrderTotal } : {};
    if (Object.keys(terms).length + Object.keys(amounts).length > 0) {
      settings = (await container.get(SELLERS.SetSellerSettings).execute({ name: DEMO_SELLER, actor: 'operator', change: () => ({ fields: { ...terms, ...amounts } }) })).after;
    }
    const own = settings.currency as Currency;
    const made = demoListings(seller.id, releases, own, table, container.get(CORE.Clock).now());
    for (const listing of made) await listings.add(listing);
    return { own, made };
  });
  const forSale = made.filter((l) => l.status === 'For Sale');
  const currencies = [...new Set(forSale.map((l) => l.price.currency))];
  log(
    `marketplace: ${DEMO_SELLER} sells in ${own} with ${made.length} listings (${forSale.length} For Sale in ${currencies.join(', ')}, ` +
      `${made.length - forSale.length} Draft or Expired)`,
  );
}

/** The planned listings of the seller over the releases (again from the first when there are fewer), posted a day apart. */
function demoListings(sellerId: number, releases: readonly number[], own: Currency, table: CurrencyRates | undefined, now: Date): NewListing[] {
  const others = (['USD', 'EUR', 'CAD'] as const).filter((c) => c !== own).slice(0, 2);
  const priced = (amount: string, which: Plan[4]): Money => {
    const currency = which === 'own' ? own : others[which - 1]!;
    if (PRICED_AS_WRITTEN.includes(currency) || !table) return Money.fromDecimal(amount, currency);
    try {
      return Money.fromDecimal(amount, 'GBP').convertTo(currency, table);
    } catch (err) {
      if (isMoneyRefusal(err)) return Money.fromDecimal(amount, currency); // a table without the currency
      throw err;
    }
  };
  const day = 24 * 60 * 60 * 1000;
  return PLANS.map(([place, condition, sleeveCondition, price, currency, status, comments], i) => {
    const listing = newListing(
      sellerId,
      {
        releaseId: releases[place % releases.length]!,
        condition,
        sleeveCondition,
        price: priced(price, currency),
        comments,
        allowOffers: i % 3 === 0,
        status: status === 'Draft' ? 'Draft' : 'For Sale',
        externalId: `DEMO-${String(i + 1).padStart(3, '0')}`,
        location: `Shelf ${String.fromCharCode(65 + (i % 4))}${1 + (i % 3)}`,
        weight: 230,
        formatQuantity: 1,
      },
      new Date(now.getTime() - (PLANS.length - i) * day),
    );
    // The lifecycle has no seller command that expires a listing (listings run out with time); this one stands for
    // a listing whose time ran out.
    return status === 'Expired' ? { ...listing, status: 'Expired' } : listing;
  });
}
