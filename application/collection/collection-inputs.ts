/*
 * The inputs of the collection and wantlist use cases, checked at the edge (adapters/http/collection/
 * collection-bodies.ts); a want's change is the domain's own `WantEdit`.
 */

/**
 * A folder's name as written (the collection trims it and checks its length and that it is free). The edge checks
 * `name` when it is read, so a rename can answer the folder first.
 */
export interface FolderNameInput {
  readonly name: string;
}

/** Where to move an instance: a folder id (undefined: it stays where it is). */
export interface InstanceMoveInput {
  readonly folderId?: number;
}

/** An instance's new rating (undefined: unchanged). */
export interface InstanceRatingInput {
  readonly rating?: number;
}

/**
 * The value for a notes field as text, checked once the field is known: its refusals (no value, not text) name the
 * field, so the edge is given the field's name. A program gives `() => 'Mint (M)'`.
 */
export type NoteValueInput = (fieldName: string) => string;
