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
}

/**
 * The part of a user's figures one module counts (the collection module its collection and wantlist sizes, the lists
 * module its lists…). A profile merges every part over the defaults of `NO_USER_FIGURES`.
 */
export interface UserFiguresPart {
  forUser(userId: number): Promise<Partial<UserFigures>>;
}

export interface UserFiguresSource {
  forUser(userId: number): Promise<UserFigures>;
}

/** A source that asks every part at once and lays their answers over the figures of a service with none of that data. */
export function mergedUserFigures(parts: readonly UserFiguresPart[]): UserFiguresSource {
  return {
    async forUser(userId: number): Promise<UserFigures> {
      const answers = await Promise.all([NO_USER_FIGURES.forUser(userId), ...parts.map((p) => p.forUser(userId))]);
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
    };
  },
};
