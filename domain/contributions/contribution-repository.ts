import type { Contribution, ContributionKind } from './contribution.js';

/**
 * The edit history. Entries are only ever added (history is not rewritten); a record has at most one submitter.
 * Writes run inside the caller's `UnitOfWork`. The lists the API shows are read through `ContributionReader`
 * (application/ports), which joins the history to the catalogue.
 */
export interface ContributionRepository {
  /**
   * Adds an entry. Throws {@link AlreadySubmitted} when it is a submission of a record that has a submission already
   * (of two concurrent ones, exactly one is added).
   */
  add(entry: Contribution): Promise<void>;
  /** A user's entries, oldest first (ties by id). */
  ofUser(userId: number): Promise<Contribution[]>;
  /** The user recorded as the submitter of a record, or null when none is. */
  submitterOf(kind: ContributionKind, catalogueId: number): Promise<number | null>;
}

/** A record has a submitter already: a second submission of it is refused. */
export class AlreadySubmitted extends Error {
  constructor(
    readonly kind: ContributionKind,
    readonly catalogueId: number,
  ) {
    super(`${kind} ${catalogueId} has a submitter already`);
    this.name = 'AlreadySubmitted';
  }
}
