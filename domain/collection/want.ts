import { invalid } from './collection-error.js';
import { ratingOf } from './rating.js';

export const WANT_NOTES_LIMIT = 2_000;

/** A release on a user's wantlist, with the user's notes and rating (0: not rated). */
export class Want {
  constructor(
    readonly userId: number,
    readonly releaseId: number,
    readonly notes: string,
    readonly rating: number,
    readonly dateAdded: Date,
  ) {}

  static added(userId: number, releaseId: number, at: Date): Want {
    return new Want(userId, releaseId, '', 0, at);
  }

  /** The want with the fields a client sent changed (undefined: unchanged), each checked. */
  edited(change: { notes?: unknown; rating?: unknown }): Want {
    const notes = change.notes === undefined ? this.notes : wantNotes(change.notes);
    const rating = change.rating === undefined ? this.rating : ratingOf(change.rating);
    return new Want(this.userId, this.releaseId, notes, rating, this.dateAdded);
  }
}

/** Notes of a want: text of at most 2,000 characters (numbers read as their text). */
export function wantNotes(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw invalid('Invalid notes: expected text.');
  const notes = String(raw).replace(/\r\n?/g, '\n');
  if (notes.length > WANT_NOTES_LIMIT) throw invalid(`Invalid notes: at most ${WANT_NOTES_LIMIT} characters.`);
  return notes;
}
