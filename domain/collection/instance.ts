import { ratingOf } from './rating.js';

/**
 * One copy of a release in a collection. A release may be in a collection several times, each copy its own instance;
 * moving it between folders keeps its id. `notes` maps a field id to its value (values are checked against their
 * field by the collection, `Collection.note`).
 */
export class Instance {
  constructor(
    readonly id: number,
    readonly userId: number,
    readonly releaseId: number,
    readonly folderId: number,
    readonly rating: number,
    readonly dateAdded: Date,
    readonly notes: ReadonlyMap<number, string>,
  ) {}

  static added(id: number, userId: number, releaseId: number, folderId: number, at: Date): Instance {
    return new Instance(id, userId, releaseId, folderId, 0, at, new Map());
  }

  movedTo(folderId: number): Instance {
    return new Instance(this.id, this.userId, this.releaseId, folderId, this.rating, this.dateAdded, this.notes);
  }

  /** The instance rated `rating`, a whole number from 0 (not rated) to 5. */
  rated(rating: number): Instance {
    return new Instance(this.id, this.userId, this.releaseId, this.folderId, ratingOf(rating), this.dateAdded, this.notes);
  }

  /** The instance with a note set; an empty value removes the note. */
  noted(note: { fieldId: number; value: string }): Instance {
    const notes = new Map(this.notes);
    if (note.value === '') notes.delete(note.fieldId);
    else notes.set(note.fieldId, note.value);
    return new Instance(this.id, this.userId, this.releaseId, this.folderId, this.rating, this.dateAdded, notes);
  }

  /** The notes a caller may see, in field order: `visible` lists the fields they may see. */
  visibleNotes(visible: readonly { id: number }[]): { fieldId: number; value: string }[] {
    return visible.filter((f) => this.notes.has(f.id)).map((f) => ({ fieldId: f.id, value: this.notes.get(f.id)! }));
  }
}
