import { IsString, ValidateBy, ValidateIf } from 'class-validator';
import type { FolderNameInput, InstanceMoveInput, InstanceRatingInput, NoteValueInput } from '../../../application/collection/collection-inputs.js';
import { Invalid } from '../../../application/errors.js';
import type { CheckedInput } from '../../../application/shared/checked-input.js';
import { ratingOf, ratingProblem } from '../../../domain/collection/rating.js';
import { wantNotesProblem, type WantEdit } from '../../../domain/collection/want.js';
import { validateBody } from '../query.js';

/*
 * What clients send to change a collection and a wantlist (JSON or form bodies; a want's fields may come in the query
 * too), checked into the use cases' inputs. Types, shapes and the words a client writes (`"3"` for 3, `1` for true)
 * are read here (422 naming the field); the collection's own rules (names free and not blank, a folder that receives
 * releases, a note among its field's options) are the aggregate's.
 */

const NOT_AN_OBJECT = 'The body must be a JSON object.';

/** A body's fields: no body (or an empty text one) has none; a body that is not an object is a 422. */
function bodyObject(body: unknown): Readonly<Record<string, unknown>> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new Invalid(NOT_AN_OBJECT);
  return body as Readonly<Record<string, unknown>>;
}

/** A field is checked when sent; null is a value (and refused as one). */
const sent = ValidateIf((_dto: object, value: unknown) => value !== undefined);

/** A whole number of 0 or more, as a JSON number or digits in text; undefined for anything else. */
function wholeNumberOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** Yes or no as clients write it: a boolean, or `true`/`false`/`1`/`0` in any case (a query's text, a number). */
function yesOrNo(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim().toLowerCase() : undefined;
  return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
}

/** The collection's rating words (domain/collection/rating.ts) as a constraint. */
const Rating = (): PropertyDecorator =>
  ValidateBy({ name: 'rating', validator: { validate: (value: unknown) => ratingProblem(value) === undefined, defaultMessage: (args) => ratingProblem(args?.value) ?? '' } });

/** `POST /s/{name}/collection/folders` and `…/folders/{id}`: the folder's `name` (required). */
export class FolderBody {
  @IsString({ message: 'Invalid name: expected the folder name as text.' }) name?: unknown;
}

/** `POST …/instances/{instance_id}`: the move, `folder_id`. */
export class InstanceMoveBody {
  @sent
  @ValidateBy({
    name: 'folderId',
    validator: {
      validate: (value: unknown) => wholeNumberOf(value) !== undefined,
      defaultMessage: (args) => `Invalid folder_id: expected a whole number, got ${JSON.stringify(args?.value)}.`,
    },
  })
  folder_id?: unknown;
}

/** `POST …/instances/{instance_id}`: the `rating`, 0 (none) to 5. */
export class InstanceRatingBody {
  @sent @Rating() rating?: unknown;
}

/** `PUT` and `POST /s/{name}/wants/{release_id}`: `notes` (text, numbers read as text), `rating`, `notes_public`. */
export class WantBody {
  @sent
  @ValidateBy({
    name: 'wantNotes',
    validator: {
      validate: (value: unknown) => (typeof value === 'string' || typeof value === 'number') && wantNotesProblem(String(value)) === undefined,
      defaultMessage: (args) =>
        typeof args?.value === 'string' || typeof args?.value === 'number' ? (wantNotesProblem(String(args.value)) ?? '') : 'Invalid notes: expected text.',
    },
  })
  notes?: unknown;

  @sent @Rating() rating?: unknown;

  @sent
  @ValidateBy({ name: 'yesOrNo', validator: { validate: (value: unknown) => yesOrNo(value) !== undefined, defaultMessage: () => 'Invalid notes_public: expected true or false.' } })
  notes_public?: unknown;
}

/**
 * The folder name a body carries: the body is checked as an object now, its `name` when it is read (a getter), so
 * that a rename answers a body that is no object, then the folder (404, or a fixed one), then the name, as it did.
 */
export function folderNameInput(body: unknown): FolderNameInput {
  const fields = bodyObject(body);
  return {
    get name(): string {
      return validateBody(FolderBody, fields).name as string;
    },
  };
}

/**
 * An instance's change, as two inputs of one body: the move (`folder_id`; the body refused here when it is not an
 * object) and the rating, which EditInstance reads after finding the instance and the folder it moves to.
 */
export function instanceChange(body: unknown): { move: CheckedInput<InstanceMoveInput>; rating: CheckedInput<InstanceRatingInput> } {
  return {
    move: () => {
      const dto = validateBody(InstanceMoveBody, bodyObject(body));
      return dto.folder_id === undefined ? {} : { folderId: wholeNumberOf(dto.folder_id)! };
    },
    rating: () => {
      const dto = validateBody(InstanceRatingBody, bodyObject(body));
      return dto.rating === undefined ? {} : { rating: ratingOf(dto.rating) };
    },
  };
}

/**
 * The value for a notes field: `?value=` when given, else a body's `value` (a body that is not an object gives
 * none), the last of several; checked as text when the use case names the field (numbers read as their text).
 */
export function noteValueInput(query: Readonly<Record<string, string | string[] | undefined>>, body: unknown): NoteValueInput {
  const given = query.value !== undefined ? query.value : typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).value : undefined;
  const value = Array.isArray(given) ? given.at(-1) : given;
  return (field) => {
    if (value === undefined || value === null) throw new Invalid(`Invalid value for ${field}: a value is required (empty text clears it).`);
    if (typeof value !== 'string' && typeof value !== 'number') throw new Invalid(`Invalid value for ${field}: expected text.`);
    return String(value);
  };
}

/** A want's fields from the query (its last values) or a body, the body's winning. */
function wantFields(query: Readonly<Record<string, unknown>>, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const from of [query, body]) {
    for (const key of ['notes', 'rating', 'notes_public'] as const) if (from[key] !== undefined) fields[key] = from[key];
  }
  return fields;
}

/**
 * The change of a want a request carries: a body that is not an object is refused at once (422, before the path's
 * user is looked up, as always); its fields are checked when the use case reads them, once the want is found.
 */
export function wantChange(query: Readonly<Record<string, unknown>>, body: unknown): CheckedInput<WantEdit> {
  const fields = wantFields(query, bodyObject(body));
  return () => {
    const dto = validateBody(WantBody, fields);
    return {
      ...(dto.notes === undefined ? {} : { notes: String(dto.notes as string | number) }),
      ...(dto.rating === undefined ? {} : { rating: ratingOf(dto.rating) }),
      ...(dto.notes_public === undefined ? {} : { notesPublic: yesOrNo(dto.notes_public)! }),
    };
  };
}
