import { Instance } from '../../../domain/collection/instance.js';
import { Want } from '../../../domain/collection/want.js';
import type { CollectionInstanceRow, WantRow } from './collection-rows.js';

/** The one mapping of an instance's row: the notes' field ids are the JSON object's keys. */
export function instanceOf(r: CollectionInstanceRow): Instance {
  const notes = (r.notes ?? {}) as Record<string, string>;
  return new Instance(
    r.id,
    r.user.id,
    r.releaseId,
    r.folderId,
    r.rating,
    new Date(r.dateAdded),
    new Map(Object.entries(notes).map(([k, v]) => [Number(k), v])),
  );
}

/** An instance's row. */
export function instanceRowOf(i: Instance) {
  return {
    id: i.id,
    user: i.userId,
    folderId: i.folderId,
    releaseId: i.releaseId,
    rating: i.rating,
    dateAdded: i.dateAdded,
    notes: Object.fromEntries(i.notes),
  };
}

/** The one mapping of a want's row. */
export function wantOf(r: WantRow): Want {
  return new Want(r.user.id, r.releaseId, r.notes, r.rating, new Date(r.dateAdded), r.notesPublic);
}

/** A want's row. */
export function wantRowOf(w: Want) {
  return { user: w.userId, releaseId: w.releaseId, notes: w.notes, notesPublic: w.notesPublic, rating: w.rating, dateAdded: w.dateAdded };
}
