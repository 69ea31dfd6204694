import type { User } from '../../domain/identity/accounts.js';
import { thumbOf } from '../catalogue/release-document.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import { Money } from '../../domain/marketplace/money.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import { shippingTo } from '../../domain/marketplace/shipping-rates.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { Invalid } from '../errors.js';
import { EMPTY_CARTS, type CartContents } from '../ports/cart-contents.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Holding, HoldingCounts } from '../ports/community-figures.js';
import { NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import type { UserFiguresSource } from '../ports/user-figures.js';
import { callerCurrency, isAuthenticated, type Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';
import { callerCountry, callerUserId, listedReleasesOf, type ListingRelease, type ListingSeller, type ListingView } from './listing-access.js';

/**
 * Converts amounts into the currency a caller sees prices in (`callerCurrency`), through the operator's rate table,
 * read only when some amount is in another currency. Asked for explicitly (`curr_abbr`), a currency the table cannot
 * convert into is a 422; the caller's own currency falls back to each amount's own when no rate is loaded.
 */
export async function priceConverter(
  rates: CurrencyRateRepository,
  caller: Caller,
  asked: Currency | undefined,
  amounts: Iterable<Money>,
): Promise<(amount: Money) => Money> {
  const target = callerCurrency(caller, asked);
  const from = new Set<Currency>();
  for (const amount of amounts) if (amount.currency !== target) from.add(amount.currency);
  if (from.size === 0) return (amount) => amount;
  const table = (await rates.current())?.rates ?? null;
  const convertible = (currency: Currency) => table !== null && table.has(currency) && table.has(target);
  if (asked !== undefined) {
    const missing = [...from].find((currency) => !convertible(currency));
    if (missing) throw new Invalid(`Invalid curr_abbr: no exchange rate from ${missing} to ${target} is loaded.`);
  }
  return (amount) => (amount.currency === target || !convertible(amount.currency) ? amount : amount.convertTo(target, table!));
}

/**
 * Builds what listings show beside their stored fields, for one caller, in batches: the seller's block (terms in the
 * text format asked for, trade ratings, minimum order), prices and the seller's shipping price for the caller's
 * destination in the caller's currency, the release summaries (one read per release; image links for authenticated
 * callers; collection and wantlist counts), the comments (one render), and whether each is in the caller's cart
 * (user callers only; nothing is in any cart where no module keeps carts).
 */
export class ListingViews {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly text: TextRenderer,
    private readonly sellers: SellerRepository,
    private readonly figures: UserFiguresSource,
    private readonly rates: CurrencyRateRepository,
    private readonly carts: CartContents = EMPTY_CARTS,
    private readonly holdings: HoldingCounts | undefined = undefined,
    private readonly imageLinks: ImageLinks = NO_IMAGE_LINKS,
  ) {}

  /** The views of listings of one seller, for the caller, prices in `currency` when asked (else the caller's). */
  async views(listings: readonly Listing[], user: User, caller: Caller, textFormat: TextFormat, currency?: Currency): Promise<ListingView[]> {
    const userId = callerUserId(caller);
    const ids = listings.map((l) => l.id);
    const [settings, figures] = await Promise.all([this.sellers.settingsOf(user.id), this.figures.forUser(user.id, ['seller'])]);
    const original = settings?.shippingRates ? shippingTo(settings.shippingRates, callerCountry(caller)) : null;
    const [releases, texts, inCart, convert] = await Promise.all([
      this.releases(listings.map((l) => l.releaseId), caller),
      this.text.render([settings?.paymentTerms ?? '', settings?.shippingTerms ?? '', ...listings.map((l) => l.comments)], textFormat),
      userId === null ? Promise.resolve(undefined) : this.carts.inCart(userId, ids),
      priceConverter(this.rates, caller, currency, [...listings.map((l) => l.price), ...(original ? [original] : [])]),
    ]);
    const seller: ListingSeller = {
      user,
      payment: texts[0]!,
      shipping: texts[1]!,
      ratings: figures.seller,
      minOrderTotal: settings?.minOrderTotal ?? Money.zero(settings?.shippingRates?.currency ?? listings[0]?.price.currency ?? 'USD'),
    };
    return listings.map((listing, i) => {
      const price = convert(listing.price);
      // Shipping is shown in the currency the price is shown in, so that a buyer adds like to like.
      const shown = original === null ? null : original.currency === price.currency ? original : convert(original);
      return {
        listing,
        seller,
        price,
        shippingPrice: shown !== null && shown.currency === price.currency ? shown : null,
        originalShippingPrice: original,
        comments: texts[i + 2]!,
        release: releases.get(listing.releaseId)!,
        owner: userId === listing.sellerId,
        inCart: inCart === undefined ? undefined : inCart.has(listing.id),
      };
    });
  }

  /** The release summaries of the listings' releases (`listedReleases`), with the caller's image links and counts. */
  private async releases(ids: readonly number[], caller: Caller): Promise<Map<number, ListingRelease>> {
    const distinctIds = [...new Set(ids)];
    const userId = caller.kind === 'user' ? caller.userId : null;
    const linked = isAuthenticated(caller);
    const [stored, holdings] = await Promise.all([
      this.catalogue.releasesOf(distinctIds),
      this.holdings ? this.holdings.forReleases(distinctIds, userId) : Promise.resolve(new Map<number, Holding>()),
    ]);
    const summaries = listedReleasesOf(distinctIds, stored);
    const images = linked
      ? await Promise.all(distinctIds.map((id) => this.imageLinks.links('release', id, stored.get(id)?.record.images ?? [], caller)))
      : undefined;
    const none = { inCollection: 0, inWantlist: 0 };
    const out = new Map<number, ListingRelease>();
    distinctIds.forEach((id, i) => {
      const summary = summaries.get(id)!;
      const linkedImages = images?.[i];
      out.set(id, {
        ...summary,
        thumb: linkedImages === undefined ? summary.thumb : thumbOf(linkedImages),
        images: linkedImages,
        holding: holdings.get(id) ?? { community: none, user: userId === null ? null : none },
      });
    });
    return out;
  }
}
