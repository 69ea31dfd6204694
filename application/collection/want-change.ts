import { bodyFields } from './collection-access.js';

/** The notes (and whether they are public) and rating of a want, from a JSON body or the query (clients send either). */
export interface WantChange {
  readonly notes?: unknown;
  readonly rating?: unknown;
  readonly notesPublic?: unknown;
}

/** The change a request carries: a body's fields win over the query's of the same name. */
export function wantChangeOf(query: Record<string, unknown>, body: unknown): WantChange {
  const fields = { ...pick(query), ...pick(bodyFields(body)) };
  return fields;
}

function pick(from: Record<string, unknown>): WantChange {
  const out: { notes?: unknown; rating?: unknown; notesPublic?: unknown } = {};
  if (from.notes !== undefined) out.notes = from.notes;
  if (from.rating !== undefined) out.rating = from.rating;
  if (from.notes_public !== undefined) out.notesPublic = from.notes_public;
  return out;
}
