import type { InventoryView } from '../../../application/marketplace/get-inventory.js';
import type { ListingDetailView, ListingView } from '../../../application/marketplace/listing-access.js';
import type { TradeRatings } from '../../../application/ports/user-figures.js';
import { CURRENCIES, type Currency } from '../../../domain/marketplace/currency.js';
import type { Money } from '../../../domain/marketplace/money.js';
import { formatMoney } from '../../../domain/marketplace/money-format.js';
import { collectionStats, imageBody, loginOf, timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { ApiSchema } from '../api-shapes.js';
import type { ApiUrls } from '../urls.js';

/**
 * The stable number of each currency in `original_price.curr_id`: its place in the spec's list of codes, counted from
 * 1 (USD 1, GBP 2, EUR 3, CAD 4, AUD 5, JPY 6, CHF 7, MXN 8, BRL 9, NZD 10, SEK 11, ZAR 12). Never renumbered:
 * a new currency gets the next number.
 */
export const CURRENCY_IDS: Readonly<Record<Currency, number>> = Object.fromEntries(CURRENCIES.map((c, i) => [c, i + 1])) as Record<
  Currency,
  number
>;

/** A seller's trade ratings as a listing shows them: the rating as text with one decimal ("100.0"; "0" when none). */
export function sellerStats(r: TradeRatings): ApiSchema<'ListingSeller'>['stats'] {
  return { rating: r.rating === null ? '0' : r.rating.toFixed(1), stars: r.stars ?? 0, total: r.count };
}

/** An amount as `price` and `shipping_price` write it. */
function price(m: Money): ApiSchema<'Price'> {
  return { currency: m.currency, value: m.toNumber() };
}

/** An amount as `original_price` and `original_shipping_price` write it: in the seller's currency, with its number. */
function originalPrice(m: Money): ApiSchema<'OriginalPrice'> {
  return { curr_abbr: m.currency, curr_id: CURRENCY_IDS[m.currency], formatted: formatMoney(m), value: m.toNumber() };
}

/**
 * Shapes listings into the API's JSON, in the public API's key order as far as the spec's fields allow: the seller
 * named as the dialect names users, with their terms, ratings and minimum order (single listings and inventory
 * entries alike, as the public API sends them); the release's artist, title, format and counts, its images for an
 * authenticated caller; `shipping_price` and `original_shipping_price` for the caller's destination (`{}` when the
 * seller priced no shipping, as the public API writes it); the owner's private fields (weight, format quantity,
 * external id, location, quantity) only to the owner, `in_cart` only to a user.
 */
export class ListingPresenter {
  constructor(
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
  ) {}

  listingUrl(id: number): string {
    return this.urls.api(`/marketplace/listings/${id}`);
  }

  created(listingId: number): ApiSchema<'ListingCreated'> {
    return { listing_id: listingId, resource_url: this.listingUrl(listingId) };
  }

  listing(v: ListingDetailView): ApiSchema<'Listing'> {
    return this.common(v);
  }

  inventory(v: InventoryView): ApiSchema<'Listing'>[] {
    return v.page.items.map((item) => this.common(item));
  }

  private seller(v: ListingView): ApiSchema<'ListingSeller'> {
    const s = v.seller;
    const u = s.user;
    return {
      id: u.id,
      ...loginOf(this.dialect, u.username),
      resource_url: this.urls.user(u.username),
      url: this.urls.user(u.username),
      html_url: this.urls.webPage(`/user/${encodeURIComponent(u.username)}`),
      uid: u.id,
      avatar_url: this.urls.avatar(u.username),
      min_order_total: s.minOrderTotal.toNumber(),
      shipping: s.shipping,
      payment: s.payment,
      stats: sellerStats(s.ratings),
    };
  }

  private release(v: ListingView): ApiSchema<'ListingRelease'> {
    const r = v.release;
    const format = r.format === '' ? '' : ` (${r.format})`;
    return {
      id: r.id,
      description: r.artist === '' && r.title === '' ? '' : `${r.artist} - ${r.title}${format}`,
      artist: r.artist,
      title: r.title,
      format: r.format,
      year: r.year,
      catalog_number: r.catno,
      resource_url: this.urls.release(r.id),
      thumbnail: r.thumb,
      ...(r.images === undefined ? {} : { images: r.images.map(imageBody) }),
      stats: collectionStats(r.holding),
    };
  }

  private common(v: ListingView): ApiSchema<'Listing'> {
    const l = v.listing;
    return {
      id: l.id,
      resource_url: this.listingUrl(l.id),
      uri: this.urls.webPage(`/sell/item/${l.id}`),
      status: l.status,
      price: price(v.price),
      original_price: originalPrice(l.price),
      shipping_price: v.shippingPrice === null ? {} : price(v.shippingPrice),
      original_shipping_price: v.originalShippingPrice === null ? {} : originalPrice(v.originalShippingPrice),
      allow_offers: l.allowOffers,
      condition: l.condition,
      sleeve_condition: l.sleeveCondition ?? '',
      posted: timestamp(l.posted),
      ships_from: v.seller.user.location,
      comments: v.comments,
      seller: this.seller(v),
      release: this.release(v),
      audio: false,
      ...(v.owner
        ? { weight: l.weight, format_quantity: l.formatQuantity, external_id: l.externalId, location: l.location, quantity: 1 }
        : {}),
      ...(v.inCart === undefined ? {} : { in_cart: v.inCart }),
    };
  }
}
