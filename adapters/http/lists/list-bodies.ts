import { IsIn, IsOptional, IsString, ValidateBy } from 'class-validator';
import type { NewListInput, NewListItemInput } from '../../../application/lists/list-inputs.js';
import { isListItemKind, LIST_ITEM_KINDS, MAX_RECORD_ID, type ListDetailsChange, type ListItemChange } from '../../../domain/lists/user-list.js';
import { validateBody } from '../query.js';

/*
 * What clients send to change lists (a JSON body, a form of the lists pages), checked into the use cases' inputs.
 * Wrong types and shapes are refused here (422, naming the field; a field sent as null counts as absent); the
 * list's own rules (lengths, duplicates) are the aggregate's.
 */

const NOT_AN_OBJECT = { notAnObject: 'The body must be a JSON object.' } as const;

/** A text field: a string when given. */
const Text = (key: string): PropertyDecorator => {
  return (prototype, property) => {
    IsOptional()(prototype, property);
    IsString({ message: `${key} must be a string.` })(prototype, property);
  };
};

/** A required text field: a string; absent (or null) is `${key} is required.`. */
const RequiredText = (key: string): PropertyDecorator =>
  ValidateBy({
    name: 'requiredText',
    validator: {
      validate: (value: unknown) => typeof value === 'string',
      defaultMessage: (args) => (args?.value === undefined || args.value === null ? `${key} is required.` : `${key} must be a string.`),
    },
  });

/** A yes/no field: true or false, as JSON or as the text `true`/`false` of a form. */
const Flag = (key: string): PropertyDecorator => {
  return (prototype, property) => {
    IsOptional()(prototype, property);
    IsIn([true, 'true', false, 'false'], { message: `${key} must be true or false.` })(prototype, property);
  };
};

/** A whole number from 1 to `max`, as a JSON number or digits in text; absent (or null) is `${key} is required.` when `required`. */
const WholeNumber = (key: string, max: number, required = false): PropertyDecorator => {
  return (prototype, property) => {
    if (!required) IsOptional()(prototype, property);
    ValidateBy({
      name: 'wholeNumber',
      validator: {
        validate: (value: unknown) => wholeNumberOf(value) !== undefined,
        defaultMessage: (args) =>
          required && (args?.value === undefined || args.value === null) ? `${key} is required.` : `${key} must be a whole number from 1 to ${max}.`,
      },
    })(prototype, property);
  };
};

function wholeNumberOf(value: unknown, max = MAX_RECORD_ID): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : undefined;
}

const text = (value: string | null | undefined): string | undefined => value ?? undefined;
const flag = (value: boolean | string | null | undefined): boolean | undefined =>
  value === undefined || value === null ? undefined : value === true || value === 'true';

/** `POST /lists`: `name` (required), `description`, `public` (default false). */
export class NewListBody {
  @RequiredText('name') name?: string | null;
  @Text('description') description?: string | null;
  @Flag('public') public?: boolean | string | null;
}

/** `POST /lists/{id}`: any of `name`, `description`, `public`; what is not sent stays. */
export class ListDetailsBody {
  @Text('name') name?: string | null;
  @Text('description') description?: string | null;
  @Flag('public') public?: boolean | string | null;
}

/** `POST /lists/{id}/items`: `type` (release, master, artist or label), `id` (the record's), `comment`. */
export class NewListItemBody {
  @ValidateBy({ name: 'listItemKind', validator: { validate: (value: unknown) => isListItemKind(value), defaultMessage: () => `type must be one of ${LIST_ITEM_KINDS.join(', ')}.` } })
  type?: unknown;

  @WholeNumber('id', MAX_RECORD_ID, true) id?: unknown;
  @Text('comment') comment?: string | null;
}

/** `POST /lists/{id}/items/{type}/{item_id}`: `comment` and/or `position` (1 is first). */
export class ListItemChangeBody {
  @Text('comment') comment?: string | null;
  @WholeNumber('position', MAX_RECORD_ID) position?: unknown;
}

/** The details of a new list a body carries, checked. */
export function newListInput(body: unknown): NewListInput {
  const dto = validateBody(NewListBody, body, NOT_AN_OBJECT);
  return { name: dto.name!, description: text(dto.description) ?? '', isPublic: flag(dto.public) ?? false };
}

/** The change of a list's details a body carries, checked: only the fields sent. */
export function listDetailsInput(body: unknown): ListDetailsChange {
  const dto = validateBody(ListDetailsBody, body, NOT_AN_OBJECT);
  const name = text(dto.name);
  const description = text(dto.description);
  const isPublic = flag(dto.public);
  return {
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    ...(isPublic === undefined ? {} : { isPublic }),
  };
}

/** The item to add a body carries, checked. */
export function newListItemInput(body: unknown): NewListItemInput {
  const dto = validateBody(NewListItemBody, body, NOT_AN_OBJECT);
  return { kind: dto.type as NewListItemInput['kind'], catalogueId: wholeNumberOf(dto.id)!, comment: text(dto.comment) ?? '' };
}

/** The change of an item a body carries, checked: only the fields sent. */
export function listItemChangeInput(body: unknown): ListItemChange {
  const dto = validateBody(ListItemChangeBody, body, NOT_AN_OBJECT);
  const comment = text(dto.comment);
  const position = dto.position === undefined || dto.position === null ? undefined : wholeNumberOf(dto.position);
  return { ...(comment === undefined ? {} : { comment }), ...(position === undefined ? {} : { position }) };
}
