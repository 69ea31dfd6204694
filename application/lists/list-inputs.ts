import {
  isListItemKind,
  LIST_ITEM_KINDS,
  MAX_RECORD_ID,
  type ListDetailsChange,
  type ListItemChange,
  type ListItemRef,
} from '../../domain/lists/user-list.js';
import { Invalid } from '../errors.js';

/*
 * What clients send to change lists (a JSON body, a form), read into the domain's terms. Wrong types and shapes are
 * refused here (422, naming the field); the list's own rules (lengths, duplicates) are the aggregate's.
 */

type Body = Record<string, unknown>;

function objectBody(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new Invalid('The body must be a JSON object.');
  return body as Body;
}

function text(body: Body, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Invalid(`${key} must be a string.`);
  return value;
}

function flag(body: Body, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Invalid(`${key} must be true or false.`);
}

function wholeNumber(body: Body, key: string, max: number): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) throw new Invalid(`${key} must be a whole number from 1 to ${max}.`);
  return n;
}

/** The details of a new list: `name` (required), `description`, `public` (default false). */
export function newListFrom(input: unknown): { readonly name: string; readonly description: string; readonly isPublic: boolean } {
  const body = objectBody(input);
  const name = text(body, 'name');
  if (name === undefined) throw new Invalid('name is required.');
  return { name, description: text(body, 'description') ?? '', isPublic: flag(body, 'public') ?? false };
}

/** A change of a list's details: any of `name`, `description`, `public`. */
export function detailsChangeFrom(input: unknown): ListDetailsChange {
  const body = objectBody(input);
  const name = text(body, 'name');
  const description = text(body, 'description');
  const isPublic = flag(body, 'public');
  return {
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    ...(isPublic === undefined ? {} : { isPublic }),
  };
}

/** An item to add: `type` (release, master, artist or label), `id` (the record's), `comment`. */
export function newItemFrom(input: unknown): ListItemRef & { readonly comment: string } {
  const body = objectBody(input);
  const kind = body.type;
  if (!isListItemKind(kind)) throw new Invalid(`type must be one of ${LIST_ITEM_KINDS.join(', ')}.`);
  const catalogueId = wholeNumber(body, 'id', MAX_RECORD_ID);
  if (catalogueId === undefined) throw new Invalid('id is required.');
  return { kind, catalogueId, comment: text(body, 'comment') ?? '' };
}

/** A change of an item: `comment` and/or `position` (1 is first). */
export function itemChangeFrom(input: unknown): ListItemChange {
  const body = objectBody(input);
  const comment = text(body, 'comment');
  const position = wholeNumber(body, 'position', MAX_RECORD_ID);
  return { ...(comment === undefined ? {} : { comment }), ...(position === undefined ? {} : { position }) };
}
