/** How many times an item is in collections and in wantlists. */
export interface CollectionCounts {
  /** Copies in collections (the API's `have` and `in_collection`). */
  readonly inCollection: number;
  /** Entries in wantlists (the API's `want` and `in_wantlist`). */
  readonly inWantlist: number;
}

/** The ratings users gave: how many, and their mean on the 1–5 scale (null when there are none). */
export interface RatingSummary {
  readonly count: number;
  readonly average: number | null;
}

/**
 * What is kept of an item's ratings: how many, and the sum of their values (whole numbers, so that adding and
 * taking away ratings never drifts). The summary shown is made from them by `ratingSummaryOf`.
 */
export interface RatingTotals {
  readonly count: number;
  readonly sum: number;
}

/**
 * The summary of rating totals as the API shows it, wherever it is shown (a release's `community.rating`, the
 * community rating, a profile's `rating_avg`): the mean rounded to two decimals (half up), null when nobody rated.
 */
export function ratingSummaryOf(totals: RatingTotals): RatingSummary {
  const { count, sum } = totals;
  if (count <= 0) return { count: 0, average: null };
  // Whole-number arithmetic: hundredths of the mean, rounded half up, without a float's near-halves.
  return { count, average: Math.floor((200 * sum + count) / (2 * count)) / 100 };
}

/**
 * What the users of the service say about one release, or about a master across all its versions: everyone's
 * collection and wantlist counts, the ratings, and the asking user's own counts (null when no user asked).
 */
export interface CommunitySummary {
  readonly community: CollectionCounts;
  readonly rating: RatingSummary;
  readonly user: CollectionCounts | null;
}

/**
 * Reads the community figures of catalogue items, a page of them at a time. The answer has an entry for every id
 * asked (zeros for an item nobody holds or rated, unknown ids included); `userId` names the user whose own counts
 * fill `user`, null for an anonymous caller. The users module answers from collections and wantlists, the ratings
 * module from ratings.
 */
export interface CommunityFigures {
  forReleases(releaseIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>>;
  /** Counted over every version of each master. */
  forMasters(masterIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, CommunitySummary>>;
}

/** Everyone's collection and wantlist counts of an item, and the asking user's (null when no user asked). */
export interface Holding {
  readonly community: CollectionCounts;
  readonly user: CollectionCounts | null;
}

/**
 * Reads collection and wantlist counts of catalogue items (the collection module's part of the community figures):
 * an entry for every id asked, zeros where nobody holds or wants it.
 */
export interface HoldingCounts {
  forReleases(releaseIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, Holding>>;
  /** Counted over every version of each master. */
  forMasters(masterIds: readonly number[], userId: string | null): Promise<ReadonlyMap<number, Holding>>;
}

/**
 * Reads the ratings of catalogue items (the ratings module's part of the community figures): an entry for every id
 * asked, `{count: 0, average: null}` where nobody rated it.
 */
export interface RatingCounts {
  forReleases(releaseIds: readonly number[]): Promise<ReadonlyMap<number, RatingSummary>>;
  /** Counted over every version of each master. */
  forMasters(masterIds: readonly number[]): Promise<ReadonlyMap<number, RatingSummary>>;
}

/** The entry for `id` in an answer of CommunityFigures; throws when the adapter left it out, breaking the port. */
export function summaryOf(answer: ReadonlyMap<number, CommunitySummary>, id: number): CommunitySummary {
  const summary = answer.get(id);
  if (!summary) throw new Error(`CommunityFigures gave no figures for ${id}`);
  return summary;
}
