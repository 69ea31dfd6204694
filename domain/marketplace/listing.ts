import type { MediaCondition, SleeveCondition } from './conditions.js';
import type { Currency } from './currency.js';
import { LISTING_LIFECYCLE, type ListingMove, type ListingStatus } from './listing-status.js';
import { Money } from './money.js';
import { isMoneyRefusal, moneyRefusal } from './money-refusal.js';
import { isRefusal, Refusal } from '../shared/refusal.js';

/** The most a listing may ask, in major units of its currency. */
export const MAX_PRICE = 1_000_000_000;
/** The longest comments, external id and location a listing keeps. */
export const MAX_COMMENTS_LENGTH = 5000;
export const MAX_EXTERNAL_ID_LENGTH = 200;
export const MAX_LOCATION_LENGTH = 200;
/** The heaviest a listing may be, in grams, and the most items it may count. */
export const MAX_WEIGHT_GRAMS = 1_000_000;
export const MAX_FORMAT_QUANTITY = 1000;

/** A weight or a format quantity as given: a number, or `auto` (estimated from the release's formats). */
export type Estimable = number | 'auto';

/** One refused field of a listing: the field as the API names it, and why. */
export interface ListingProblem {
  readonly field: string;
  readonly message: string;
}

/** The `code` of a refusal of a listing's fields: its `problems` each name the field at fault. */
export const LISTING_REFUSAL = 'listing';

/** A refusal of a listing's fields: `invalid`, code LISTING_REFUSAL, the message every problem's in order. */
function listingRefusal(problems: readonly ListingProblem[]): Refusal {
  return Refusal.ofProblems(problems, LISTING_REFUSAL);
}

/**
 * The problems of a refusal of a listing's fields, each naming its field, or null when `err` is not one (callers that
 * check a listing in several steps merge them into one refusal).
 */
export function listingProblemsOf(err: unknown): readonly ListingProblem[] | null {
  // Every LISTING_REFUSAL is made in this file from ListingProblems.
  return isRefusal(err, 'invalid', LISTING_REFUSAL) ? (err.problems as readonly ListingProblem[]) : null;
}

/** What a seller says about an item: every field of a listing they choose. */
export interface ListingTerms {
  readonly releaseId: number;
  readonly condition: MediaCondition;
  readonly sleeveCondition: SleeveCondition | null;
  readonly price: Money;
  readonly comments: string;
  readonly allowOffers: boolean;
  readonly status: ListingStatus;
  /** Private to the seller. */
  readonly externalId: string | null;
  readonly location: string | null;
  /** Grams, or null when the seller gave none. */
  readonly weight: number | null;
  readonly formatQuantity: number | null;
}

/** A listing's state as stored and shown: its terms, whose it is, and when it was posted and last changed. */
export interface ListingRecord extends ListingTerms {
  /** A positive whole number, given by the repository when the listing is added. */
  readonly id: number;
  readonly sellerId: number;
  readonly posted: Date;
  readonly updated: Date;
}

/** A listing before the repository gives it an id (made by `newListing`, which checks the create rule). */
export type NewListing = Omit<ListingRecord, 'id'>;

/**
 * A listing's fields as a change gives them, each a value of its type: `undefined` where the field was not given,
 * `null` where an optional one is cleared. Weight and format quantity may still be `auto`, which the caller resolves
 * from the release's formats.
 */
export interface ListingFields {
  readonly releaseId?: number;
  readonly condition?: MediaCondition;
  readonly sleeveCondition?: SleeveCondition | null;
  readonly price?: Money;
  readonly comments?: string;
  readonly allowOffers?: boolean;
  readonly status?: ListingStatus;
  readonly externalId?: string | null;
  readonly location?: string | null;
  readonly weight?: Estimable | null;
  readonly formatQuantity?: Estimable | null;
}

/**
 * A listing's fields as written, before the price is read in a currency: the API's body and an upload's row alike
 * (decimal text for the price; weight and format quantity may still be `auto`).
 */
export type WrittenListingFields = Omit<ListingFields, 'price'> & { readonly price?: string };

const PRICE_TEXT = /^\s*\d+(\.\d+)?\s*$/;

/**
 * A price in the seller's currency: a number (or decimal text) of at most MAX_PRICE, rounded half up to the
 * currency's minor unit (`12.345` USD → 12.35, `100.5` JPY → 101: the public API rounds written prices too rather
 * than refusing them), positive once rounded. Throws a problem's message otherwise (negative, not a number, zero).
 * With `extraDecimals` `refuse`, more decimals than the currency has are refused instead (the order amounts: a
 * shipping charge or a refund names an exact sum).
 */
export function listingPrice(value: unknown, currency: Currency, extraDecimals: 'round' | 'refuse' = 'round'): Money {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value : undefined;
  if (text === undefined || !PRICE_TEXT.test(text) || /e/i.test(text)) {
    throw moneyRefusal(`price must be a number, got ${JSON.stringify(value)}.`);
  }
  let price: Money;
  try {
    price = Money.fromDecimal(text.trim(), currency);
  } catch (err) {
    // An amount beyond what Money holds is beyond MAX_PRICE too: say so, naming the field.
    if (!(isMoneyRefusal(err))) throw err;
    throw moneyRefusal(`price may be at most ${MAX_PRICE}, got ${text.trim()}.`);
  }
  const digits = (text.trim().split('.')[1] ?? '').replace(/0+$/, '').length;
  const allowed = price.toDecimalString().split('.')[1]?.length ?? 0;
  if (extraDecimals === 'refuse' && digits > allowed) {
    throw moneyRefusal(`price may have at most ${allowed} decimal${allowed === 1 ? '' : 's'} in ${currency}, got ${text.trim()}.`);
  }
  if (!price.isPositive()) throw moneyRefusal(`price must be greater than 0, got ${text.trim()}.`);
  if (price.isGreaterThan(Money.fromDecimal(MAX_PRICE, currency))) throw moneyRefusal(`price may be at most ${MAX_PRICE}, got ${text.trim()}.`);
  return price;
}

/** Resolved fields: weight and format quantity no longer `auto`. */
export type ResolvedListingFields = Omit<ListingFields, 'weight' | 'formatQuantity'> & {
  readonly weight?: number | null;
  readonly formatQuantity?: number | null;
};

/**
 * A new listing from a create request's fields: release, condition and price are required (each missing one is a
 * problem), the status For Sale unless Draft is asked, offers not allowed unless asked.
 */
export function newListing(sellerId: number, fields: ResolvedListingFields, now: Date): NewListing {
  const problems: ListingProblem[] = [];
  if (fields.releaseId === undefined) problems.push({ field: 'release_id', message: 'release_id is required.' });
  if (fields.condition === undefined) problems.push({ field: 'condition', message: 'condition is required.' });
  if (fields.price === undefined) problems.push({ field: 'price', message: 'price is required.' });
  if (problems.length > 0) throw listingRefusal(problems);
  return {
    sellerId,
    releaseId: fields.releaseId!,
    condition: fields.condition!,
    sleeveCondition: fields.sleeveCondition ?? null,
    price: fields.price!,
    comments: fields.comments ?? '',
    allowOffers: fields.allowOffers ?? false,
    status: fields.status ?? 'For Sale',
    externalId: fields.externalId ?? null,
    location: fields.location ?? null,
    weight: fields.weight ?? null,
    formatQuantity: fields.formatQuantity ?? null,
    posted: now,
    updated: now,
  };
}

const EQUAL_TERMS = [
  'releaseId',
  'condition',
  'sleeveCondition',
  'comments',
  'allowOffers',
  'status',
  'externalId',
  'location',
  'weight',
  'formatQuantity',
] as const;

/**
 * A stored listing, the marketplace's aggregate: its state is private, read through getters (or whole through
 * `toView`), and changed only by its commands, each of which consults the listing lifecycle (LISTING_LIFECYCLE):
 * `edit` (the seller's change of its terms), `sell` and `suspend` (the service's moves). A refused command changes
 * nothing. Repositories make one from a stored record (`restore`) and store `toView()`.
 */
export class Listing {
  private constructor(private state: ListingRecord) {}

  /** The listing a repository has stored (or has just added, with its id). */
  static restore(record: ListingRecord): Listing {
    return new Listing(record);
  }

  get id(): number {
    return this.state.id;
  }
  get sellerId(): number {
    return this.state.sellerId;
  }
  get releaseId(): number {
    return this.state.releaseId;
  }
  get condition(): MediaCondition {
    return this.state.condition;
  }
  get sleeveCondition(): SleeveCondition | null {
    return this.state.sleeveCondition;
  }
  get price(): Money {
    return this.state.price;
  }
  get comments(): string {
    return this.state.comments;
  }
  get allowOffers(): boolean {
    return this.state.allowOffers;
  }
  get status(): ListingStatus {
    return this.state.status;
  }
  /** Private to the seller. */
  get externalId(): string | null {
    return this.state.externalId;
  }
  get location(): string | null {
    return this.state.location;
  }
  /** Grams, or null when the seller gave none. */
  get weight(): number | null {
    return this.state.weight;
  }
  get formatQuantity(): number | null {
    return this.state.formatQuantity;
  }
  get posted(): Date {
    return this.state.posted;
  }
  get updated(): Date {
    return this.state.updated;
  }

  /** The listing's state as a plain record, for repositories, read models and presenters. */
  toView(): ListingRecord {
    return this.state;
  }

  /**
   * The seller's edit: only in a status the lifecycle lets be edited (For Sale, Draft, Expired), to a status an edit
   * may set (For Sale or Draft); the fields given replace the stored ones, the rest stay. An edit of a listing in any
   * other status is refused whole (an `invalid` listing refusal naming `status`): it may only be deleted.
   */
  edit(fields: ResolvedListingFields, now: Date): void {
    const rule = LISTING_LIFECYCLE[this.status];
    if (!rule.editable) {
      throw listingRefusal([
        {
          field: 'status',
          message: `This listing is ${this.status} and cannot be edited; it can only be deleted${this.status === 'Sold' ? ' (list the item again as a new listing)' : ''}.`,
        },
      ]);
    }
    if (fields.status !== undefined && !rule.editTo.includes(fields.status)) {
      throw listingRefusal([{ field: 'status', message: `status may only be set to ${rule.editTo.join(' or ')}.` }]);
    }
    const was = this.state;
    const pick = <K extends keyof ListingTerms>(key: K): ListingTerms[K] => (fields[key] === undefined ? was[key] : (fields[key] as ListingTerms[K]));
    this.state = {
      id: was.id,
      sellerId: was.sellerId,
      posted: was.posted,
      releaseId: pick('releaseId'),
      condition: pick('condition'),
      sleeveCondition: pick('sleeveCondition'),
      price: pick('price'),
      comments: pick('comments'),
      allowOffers: pick('allowOffers'),
      status: pick('status'),
      externalId: pick('externalId'),
      location: pick('location'),
      weight: pick('weight'),
      formatQuantity: pick('formatQuantity'),
      updated: now,
    };
  }

  /**
   * Whether an edit would change nothing: every field it gives equal to the listing's, a price equal in amount and
   * currency (whatever the listing's status: an unchanged row of an exported file is no edit at all).
   */
  isUnchangedBy(fields: ResolvedListingFields): boolean {
    for (const k of EQUAL_TERMS) {
      const v = fields[k];
      if (v !== undefined && v !== this.state[k]) return false;
    }
    const price = fields.price;
    return price === undefined || (price.currency === this.price.currency && price.minorUnits === this.price.minorUnits);
  }

  /** Whether the lifecycle lets the service make this move on the listing in its status. */
  canMove(move: ListingMove): boolean {
    return LISTING_LIFECYCLE[this.status].moves[move] !== undefined;
  }

  /** Sold by a checkout: only a For Sale listing can be (an `invalid` listing refusal otherwise). */
  sell(now: Date): void {
    this.move('sell', now);
  }

  /** Suspended, its release blocked from sale by the operator: only a For Sale listing can be. */
  suspend(now: Date): void {
    this.move('suspend', now);
  }

  /** A move of the service, to the status the lifecycle table gives; refused where it gives none. */
  private move(move: ListingMove, now: Date): void {
    const to = LISTING_LIFECYCLE[this.status].moves[move];
    if (to === undefined) throw listingRefusal([{ field: 'status', message: `Listing ${this.id} is not for sale.` }]);
    this.state = { ...this.state, status: to, updated: now };
  }
}
