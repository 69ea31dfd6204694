/** A user's ratings as a seller or buyer: the mean (percent positive), stars, and how many. */
export interface TradeRatings {
  readonly rating: number | null;
  readonly stars: number | null;
  readonly count: number;
}

/**
 * What the rest of the service knows of a user, counted from its own data when a profile is shown (never stored on
 * the user, so the figures cannot drift): collection and wantlist sizes and whether others may see them, lists,
 * listings, ratings given, contributions, and trade ratings. Each module that holds such data answers its part.
 */
export interface UserFigures {
  readonly numCollection: number;
  readonly collectionPublic: boolean;
  readonly numWantlist: number;
  readonly wantlistPublic: boolean;
  readonly numLists: number;
  readonly numPublicLists: number;
  readonly numForSale: number;
  readonly numPending: number;
  readonly releasesRated: number;
  readonly ratingAverage: number | null;
  readonly releasesContributed: number;
  readonly seller: TradeRatings;
  readonly buyer: TradeRatings;
  /** Entries of the user's order message logs the other party made and the user has not read (for the user alone). */
  readonly numUnread: number;
}

/** Every figure once (a record, so a figure added to `UserFigures` must be named here too). */
const EVERY_FIGURE: Record<keyof UserFigures, true> = {
  numCollection: true,
  collectionPublic: true,
  numWantlist: true,
  wantlistPublic: true,
  numLists: true,
  numPublicLists: true,
  numForSale: true,
  numPending: true,
  releasesRated: true,
  ratingAverage: true,
  releasesContributed: true,
  seller: true,
  buyer: true,
  numUnread: true,
};

/** The figures a profile shows to anyone but its user: all but those for the user alone (`numUnread`). */
export const PUBLIC_USER_FIGURES: readonly (keyof UserFigures)[] = (Object.keys(EVERY_FIGURE) as (keyof UserFigures)[]).filter((f) => f !== 'numUnread');

/**
 * The part of a user's figures one module counts (the collection module its collection and wantlist sizes, the lists
 * module its lists…). A profile merges every part over the defaults of `NO_USER_FIGURES`.
 */
export interface UserFiguresPart {
  /** The figures this part answers, so that a caller wanting only some of them asks only the parts that count those. */
  readonly answers: readonly (keyof UserFigures)[];
  forUser(userId: number): Promise<Partial<UserFigures>>;
}

export interface UserFiguresSource {
  /**
   * The user's figures; with `wanted`, only those are sure to be counted (the others may stand at their defaults), so
   * a page that shows one figure does not pay for every module's counts.
   */
  forUser(userId: number, wanted?: readonly (keyof UserFigures)[]): Promise<UserFigures>;
}

/**
 * A source that asks every part at once (or, with `wanted`, the parts that answer any of those figures) and lays
 * their answers over the figures of a service with none of that data.
 */
export function mergedUserFigures(parts: readonly UserFiguresPart[]): UserFiguresSource {
  return {
    async forUser(userId: number, wanted?: readonly (keyof UserFigures)[]): Promise<UserFigures> {
      const asked = wanted === undefined ? parts : parts.filter((p) => p.answers.some((figure) => wanted.includes(figure)));
      const answers = await Promise.all([NO_USER_FIGURES.forUser(userId), ...asked.map((p) => p.forUser(userId))]);
      return Object.assign({}, ...answers) as UserFigures;
    },
  };
}

/** The figures of a service where none of that data exists yet: no collections, lists, listings, ratings or trades. */
export const NO_USER_FIGURES: UserFiguresSource = {
  async forUser(): Promise<UserFigures> {
    const none: TradeRatings = { rating: null, stars: null, count: 0 };
    return {
      numCollection: 0,
      collectionPublic: true,
      numWantlist: 0,
      wantlistPublic: true,
      numLists: 0,
      numPublicLists: 0,
      numForSale: 0,
      numPending: 0,
      releasesRated: 0,
      ratingAverage: null,
      releasesContributed: 0,
      seller: none,
      buyer: none,
      numUnread: 0,
    };
  },
};
