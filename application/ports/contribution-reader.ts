import type { ContributionsQuery, SubmissionEntry } from '../contributions/read-models.js';
import type { Page, PageRequest } from '../shared/page.js';

/**
 * Reads a user's edit history joined to the catalogue: only records the catalogue holds are listed or counted
 * (history survives a record's absence, for example between dump imports, and shows again when it is back).
 */
export interface ContributionReader {
  /**
   * The artists, labels and releases a user submitted, as one list: artists, then labels, then releases, each in
   * the order they were submitted (ties by id); `total` counts all three.
   */
  submissions(userId: number, page: PageRequest): Promise<Page<SubmissionEntry>>;
  /** The ids of the distinct releases a user submitted or edited, in the asked order (see `CONTRIBUTION_SORTS`). */
  contributedReleases(userId: number, query: ContributionsQuery): Promise<Page<number>>;
  /** How many distinct releases a user submitted or edited: the `total` of `contributedReleases`. */
  releasesContributed(userId: number): Promise<number>;
}
