import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { formatQuantity, estimatedWeight } from '../../domain/catalogue/shipping-estimate.js';
import type { Format, Release } from '../../domain/catalogue/release.js';
import { releaseListing } from '../../domain/catalogue/release-summary.js';
import type { BlockedReleases } from '../../domain/marketplace/blocked-releases.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import {
  LISTING_REFUSAL,
  listingPrice,
  listingProblemsOf,
  type Listing,
  type ListingFields,
  type ListingProblem,
  type ResolvedListingFields,
} from '../../domain/marketplace/listing.js';
import { isCompleteSeller, type SellerSettings } from '../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import type { Money } from '../../domain/marketplace/money.js';
import { Forbidden, NotFound } from '../errors.js';
import type { CatalogueReader, Stored } from '../ports/catalogue-reader.js';
import type { TradeRatings } from '../ports/user-figures.js';
import type { Holding } from '../ports/community-figures.js';
import type { Image } from '../../domain/catalogue/media.js';
import { countryOf } from '../../domain/marketplace/countries.js';
import type { Caller } from '../shared/caller.js';
import { Refusal } from '../../domain/shared/refusal.js';
import { isMoneyRefusal } from '../../domain/marketplace/money-refusal.js';
import { LISTING_FIELD_ORDER, type CheckedListingFields } from './listing-input.js';

/** What a listing shows of its release: the values release lists show (empty when the release is no longer stored). */
export interface ListedRelease {
  readonly id: number;
  readonly title: string;
  readonly artist: string;
  readonly format: string;
  readonly catno: string;
  readonly year: number;
  readonly thumb: string;
}

/** What a listing shows of its release for one caller: the summary, image links and collection counts. */
export interface ListingRelease extends ListedRelease {
  /** The release's image objects linked for the caller: only for an authenticated caller, undefined otherwise. */
  readonly images: readonly Image[] | undefined;
  /** Everyone's collection and wantlist counts of the release, and the calling user's (null for anyone else). */
  readonly holding: Holding;
}

/** The seller as a listing shows them: their terms in the text format asked for, ratings and minimum order. */
export interface ListingSeller {
  readonly user: User;
  readonly payment: string;
  readonly shipping: string;
  readonly ratings: TradeRatings;
  /** The least an order must total, in the seller's currency (zero for no minimum). */
  readonly minOrderTotal: Money;
}

/** A listing as the caller may see it, with what its presentation needs beside the stored listing. */
export interface ListingView {
  readonly listing: Listing;
  readonly seller: ListingSeller;
  /** The price shown: in the caller's currency (see `callerCurrency`), the listing's own where it cannot be converted. */
  readonly price: Money;
  /**
   * The seller's shipping price for the caller's destination (see `callerCountry`) in the currency `price` is in;
   * null when the seller priced no shipping.
   */
  readonly shippingPrice: Money | null;
  /** The same in the currency the seller priced it in; null when none. */
  readonly originalShippingPrice: Money | null;
  /** The comments in the text format asked for. */
  readonly comments: string;
  readonly release: ListingRelease;
  /** Whether the caller is the listing's seller (who alone sees weight, format quantity, external id, location). */
  readonly owner: boolean;
  /** Whether the listing is in the caller's cart: only for a user caller, undefined for anyone else. */
  readonly inCart: boolean | undefined;
}

/** A single listing's view. */
export type ListingDetailView = ListingView;

/**
 * The country a caller's shipping is priced to: the one the calling user's profile location names (see `countryOf`),
 * or null (anyone else, or a location that names none), when the seller's default applies.
 */
export function callerCountry(caller: Caller): string | null {
  return caller.kind === 'user' ? countryOf(caller.location) : null;
}

/** The id of a user caller, or null for anyone else. */
export function callerUserId(caller: Caller): number | null {
  return caller.kind === 'user' ? Number(caller.userId) : null;
}

/** The user's seller settings when complete (both terms written), else 403 with the generic message. */
export async function requireSeller(sellers: SellerRepository, userId: number): Promise<SellerSettings> {
  const settings = await sellers.settingsOf(userId);
  if (!isCompleteSeller(settings)) throw new Forbidden();
  return settings;
}

/** The user, or the generic 404 (a user removed since the credentials were issued). */
export async function requireUserRecord(users: UserRepository, userId: number): Promise<User> {
  const user = await users.byId(userId);
  if (!user) throw new NotFound();
  return user;
}

/** Whether the caller may see the listing: a For Sale listing anyone, any other only its seller. */
export function mayView(listing: Listing, caller: Caller): boolean {
  return listing.status === 'For Sale' || callerUserId(caller) === listing.sellerId;
}

/** Keeps the first problem of each field, in order. */
function distinct(problems: readonly ListingProblem[]): ListingProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => (seen.has(p.field) ? false : (seen.add(p.field), true)));
}

const FIELD_RANK = new Map<string, number>(LISTING_FIELD_ORDER.map((f, i) => [f, i]));

/**
 * The input's fields with the price read in `currency` (`listingPrice`: rounded to the currency, positive, at most
 * MAX_PRICE); a price it refuses joins the edge's problems, in field order.
 */
function fieldsIn(input: CheckedListingFields, currency: Currency): { fields: ListingFields; problems: ListingProblem[] } {
  const { price, ...rest } = input.fields;
  const problems = [...input.problems];
  if (price === undefined) return { fields: rest, problems };
  try {
    return { fields: { ...rest, price: listingPrice(price, currency) }, problems };
  } catch (err) {
    if (!isMoneyRefusal(err)) throw err;
    problems.push({ field: 'price', message: err.message });
    problems.sort((a, b) => (FIELD_RANK.get(a.field) ?? 0) - (FIELD_RANK.get(b.field) ?? 0));
    return { fields: rest, problems };
  }
}

/**
 * A request's listing fields, checked and resolved: every field's rule (the edge's problems, then the price read in
 * `currency`), then the release (it must be stored and not blocked from sale), then `weight` and `format_quantity` of
 * `auto` estimated from the release's formats (or from `fallbackReleaseId`'s, the listing's own release, when the
 * request names none). Then `complete` (the create rule, or the edit rule) runs on the resolved fields. Every problem
 * is reported at once, as a 422 whose message names each bad field.
 */
export async function checkedFields<T>(
  input: CheckedListingFields,
  currency: Currency,
  catalogue: CatalogueReader,
  blocked: BlockedReleases,
  fallbackReleaseId: number | null,
  complete: (fields: ResolvedListingFields) => T,
): Promise<T> {
  const { fields, problems } = fieldsIn(input, currency);
  let release: Stored<Release> | null = null;
  if (fields.releaseId !== undefined) {
    release = await catalogue.release(fields.releaseId);
    if (!release) problems.push({ field: 'release_id', message: `release_id: Release ${fields.releaseId} not found.` });
    else if (await blocked.isBlocked(fields.releaseId)) {
      problems.push({ field: 'release_id', message: `release_id: Release ${fields.releaseId} is blocked from sale.` });
    }
  } else if (fallbackReleaseId !== null && (fields.weight === 'auto' || fields.formatQuantity === 'auto')) {
    release = await catalogue.release(fallbackReleaseId);
  }
  const estimate = (value: ListingFields['weight'], of: (formats: readonly Format[]) => number): number | null | undefined =>
    value === 'auto' ? (release ? of(release.record.formats) : null) : value;
  const resolved: ResolvedListingFields = {
    ...fields,
    weight: estimate(fields.weight, estimatedWeight),
    formatQuantity: estimate(fields.formatQuantity, formatQuantity),
  };
  let result: T | undefined;
  try {
    result = complete(resolved);
  } catch (err) {
    const refused = listingProblemsOf(err);
    if (!refused) throw err;
    problems.push(...refused);
  }
  if (problems.length > 0) throw Refusal.ofProblems(distinct(problems), LISTING_REFUSAL);
  return result!;
}

/** The release summaries of the listings' releases, read together, once per release. */
export async function listedReleases(catalogue: CatalogueReader, ids: readonly number[]): Promise<Map<number, ListedRelease>> {
  return listedReleasesOf(ids, await catalogue.releasesOf(ids));
}

/** The release summaries of the listings' releases from the releases read (a release not read: an empty summary). */
export function listedReleasesOf(ids: readonly number[], stored: ReadonlyMap<number, Stored<Release>>): Map<number, ListedRelease> {
  const out = new Map<number, ListedRelease>();
  new Set(ids).forEach((id) => {
    const record = stored.get(id)?.record;
    if (!record) {
      out.set(id, { id, title: '', artist: '', format: '', catno: '', year: 0, thumb: '' });
      return;
    }
    const row = releaseListing(record);
    out.set(id, { id, title: record.title, artist: row.artist, format: row.format, catno: row.catno, year: row.year, thumb: row.thumb });
  });
  return out;
}
