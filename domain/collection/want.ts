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

  /** The want with the fields given changed (undefined: unchanged), each checked: notes of at most 2,000 characters, a rating from 0 to 5. */
  edited(change: WantEdit): Want {
    const notes = change.notes === undefined ? this.notes : wantNotes(change.notes);
    const rating = change.rating === undefined ? this.rating : ratingOf(change.rating);
    const notesPublic = change.notesPublic ?? this.notesPublic;
    return new Want(this.userId, this.releaseId, notes, rating, this.dateAdded, notesPublic);
  }
}

/** A change of a want's notes (and whether they are public) and rating: only the fields given change. */
export interface WantEdit {
  readonly notes?: string;
  readonly rating?: number;
  readonly notesPublic?: boolean;
}

/**
 * What is wrong with a want's notes (line ends read as `\n`), as the 422 says it; undefined when they are at most
 * 2,000 characters. The edge checks bodies with it; {@link wantNotes} guards the want with the same words.
 */
export function wantNotesProblem(notes: string): string | undefined {
  return normalized(notes).length > WANT_NOTES_LIMIT ? `Invalid notes: at most ${WANT_NOTES_LIMIT} characters.` : undefined;
}

const normalized = (notes: string): string => notes.replace(/\r\n?/g, '\n');

/** Notes of a want: text of at most 2,000 characters, line ends as `\n`. */
export function wantNotes(notes: string): string {
  const problem = wantNotesProblem(notes);
  if (problem !== undefined) throw new Refusal('invalid', problem);
  return normalized(notes);
}
