import { Refusal } from '../shared/refusal.js';
import type { Contribution, ContributionKind } from './contribution.js';

/**
 * The edit history. Entries are only ever added (history is not rewritten); a record has at most one submitter.
 * Writes run inside the caller's `UnitOfWork`. The lists the API shows are read through `ContributionReader`
 * (application/ports), which joins the history to the catalogue.
 */
export interface ContributionRepository {
  /**
   * Adds an entry. Throws {@link alreadySubmitted}'s Refusal when it is a submission of a record that has a submission already
   * (of two concurrent ones, exactly one is added).
   */
  add(entry: Contribution): Promise<void>;
  /** A user's entries, oldest first (ties by id). */
  ofUser(userId: number): Promise<Contribution[]>;
  /** The user recorded as the submitter of a record, or null when none is. */
  submitterOf(kind: ContributionKind, catalogueId: number): Promise<number | null>;
}

/**
 * A record has a submitter already: a second submission of it is refused, a `conflict` Refusal with the code
 * `already submitted`. Contribution repositories throw it from `add`.
 */
export function alreadySubmitted(kind: ContributionKind, catalogueId: number): Refusal {
  const named = kind[0]!.toUpperCase() + kind.slice(1);
  return new Refusal('conflict', `${named} ${catalogueId} has a submitter already; record an edit instead.`, { code: 'already submitted' });
}
