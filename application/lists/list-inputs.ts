import type { ListItemRef } from '../../domain/lists/user-list.js';

/*
 * The inputs of the list use cases, checked at the edge (adapters/http/lists/list-bodies.ts for the API and the
 * lists pages); a change of details or of an item is the domain's own `ListDetailsChange`, `ListItemChange`.
 */

/** The details of a new list. */
export interface NewListInput {
  readonly name: string;
  readonly description: string;
  readonly isPublic: boolean;
}

/** An item to add: the record and the owner's comment on it. */
export interface NewListItemInput extends ListItemRef {
  readonly comment: string;
}
