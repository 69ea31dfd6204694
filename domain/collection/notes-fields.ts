import { MEDIA_CONDITIONS } from '../marketplace/conditions.js';
import { Refusal } from '../shared/refusal.js';

interface FieldBase {
  /** Unique within the user's collection; the defaults are 1, 2 and 3. */
  readonly id: number;
  readonly name: string;
  /** 1-based order in which fields are shown. */
  readonly position: number;
  /** Whether others see the field's values (when the collection itself may be seen). */
  readonly public: boolean;
}

/** A field whose value is one of a list of options (or empty). */
export interface DropdownField extends FieldBase {
  readonly type: 'dropdown';
  readonly options: readonly string[];
}

/** A free-text field; `lines` is how many lines its box shows. */
export interface TextareaField extends FieldBase {
  readonly type: 'textarea';
  readonly lines: number;
}

/** One of the user's notes fields: what an instance's `notes` entries refer to by `field_id`. */
export type NotesField = DropdownField | TextareaField;

export const FIELD_LIMITS = {
  name: 100,
  options: 100,
  option: 100,
  minLines: 1,
  maxLines: 20,
  /** Characters of a textarea value. */
  text: 2_000,
  fields: 30,
} as const;

/** Grading of media, as the marketplace grades it (its media conditions). */
export const MEDIA_GRADES = MEDIA_CONDITIONS;

/** Grading of sleeves: the media grades and three more. */
export const SLEEVE_GRADES = [...MEDIA_GRADES, 'Generic', 'No Cover', 'Not Graded'] as const;

/**
 * The three fields every collection starts with (the API has no call to create fields): the media and sleeve
 * condition dropdowns, shown to others, and a private Notes box.
 */
export const DEFAULT_FIELDS: readonly NotesField[] = [
  { id: 1, name: 'Media Condition', type: 'dropdown', position: 1, public: true, options: [...MEDIA_GRADES] },
  { id: 2, name: 'Sleeve Condition', type: 'dropdown', position: 2, public: true, options: [...SLEEVE_GRADES] },
  { id: 3, name: 'Notes', type: 'textarea', position: 3, public: false, lines: 3 },
];

/** A field's name: trimmed, 1 to 100 characters. */
export function fieldName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new Refusal('invalid', 'Invalid field name: it may not be empty.');
  if (name.length > FIELD_LIMITS.name) throw new Refusal('invalid', `Invalid field name: at most ${FIELD_LIMITS.name} characters.`);
  return name;
}

/** A dropdown's options: 1 to 100 distinct non-empty texts of at most 100 characters each, trimmed, in order. */
export function dropdownOptions(raw: readonly string[]): string[] {
  const options: string[] = [];
  for (const o of raw) {
    const option = o.trim();
    if (option === '') continue;
    if (option.length > FIELD_LIMITS.option) throw new Refusal('invalid', `Invalid option "${option.slice(0, 20)}…": at most ${FIELD_LIMITS.option} characters.`);
    if (options.includes(option)) throw new Refusal('invalid', `Invalid options: "${option}" is given twice.`);
    options.push(option);
  }
  if (options.length === 0) throw new Refusal('invalid', 'Invalid options: a dropdown needs at least one option.');
  if (options.length > FIELD_LIMITS.options) throw new Refusal('invalid', `Invalid options: at most ${FIELD_LIMITS.options}.`);
  return options;
}

/** A textarea's line count: a whole number from 1 to 20 (NaN, what a form's text that is no number reads as, is refused). */
export function textareaLines(n: number): number {
  if (!Number.isInteger(n) || n < FIELD_LIMITS.minLines || n > FIELD_LIMITS.maxLines) {
    throw new Refusal('invalid', `Invalid lines: expected a whole number from ${FIELD_LIMITS.minLines} to ${FIELD_LIMITS.maxLines}.`);
  }
  return n;
}

/**
 * A value for `field`, checked against the field: a dropdown takes one of its options exactly (or empty text, which
 * clears the value); a textarea takes text of at most 2,000 characters. Line breaks are kept as sent (`\r\n` read as
 * `\n`). (That a value was sent, and as text, the edge checks: see `noteValueInput`.)
 */
export function noteValue(field: NotesField, text: string): string {
  const value = text.replace(/\r\n?/g, '\n');
  if (field.type === 'dropdown') {
    if (value === '' || field.options.includes(value)) return value;
    throw new Refusal('invalid', `Invalid value for ${field.name}: "${value}" is not one of its options (${field.options.join(', ')}).`);
  }
  if (value.length > FIELD_LIMITS.text) throw new Refusal('invalid', `Invalid value for ${field.name}: at most ${FIELD_LIMITS.text} characters.`);
  return value;
}

/** The field with that id, or a not-found refusal. */
export function fieldById(fields: readonly NotesField[], id: number): NotesField {
  const field = fields.find((f) => f.id === id);
  if (!field) throw new Refusal('not-found', 'Field not found.');
  return field;
}
