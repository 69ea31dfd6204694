import { Refusal } from '../shared/refusal.js';
import { ratingOf } from './rating.js';

export const WANT_NOTES_LIMIT = 2_000;

/**
 * A release on a user's wantlist, with the user's notes, whether they show to others (`notesPublic`; the owner always
 * sees them) and rating (0: not rated).
 */
export class Want {
  constructor(
    readonly userId: number,
    readonly releaseId: number,
    readonly notes: string,
    readonly rating: number,
    readonly dateAdded: Date,
    readonly notesPublic: boolean = false,
  ) {}

  static added(userId: number, releaseId: number, at: Date): Want {
    return new Want(userId, releaseId, '', 0, at, false);
  }

  /** The want with the fields a client sent changed (undefined: unchanged), each checked. */
  edited(change: { notes?: unknown; rating?: unknown; notesPublic?: unknown }): Want {
    const notes = change.notes === undefined ? this.notes : wantNotes(change.notes);
    const rating = change.rating === undefined ? this.rating : ratingOf(change.rating);
    const notesPublic = change.notesPublic === undefined ? this.notesPublic : notesPublicOf(change.notesPublic);
    return new Want(this.userId, this.releaseId, notes, rating, this.dateAdded, notesPublic);
  }
}

/** Whether a want's notes are public: a boolean, or its text (`true`/`false`, `1`/`0`, as a query string has it). */
export function notesPublicOf(raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw;
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim().toLowerCase() : undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new Refusal('invalid', 'Invalid notes_public: expected true or false.');
}

/** Notes of a want: text of at most 2,000 characters (numbers read as their text). */
export function wantNotes(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new Refusal('invalid', 'Invalid notes: expected text.');
  const notes = String(raw).replace(/\r\n?/g, '\n');
  if (notes.length > WANT_NOTES_LIMIT) throw new Refusal('invalid', `Invalid notes: at most ${WANT_NOTES_LIMIT} characters.`);
  return notes;
}
