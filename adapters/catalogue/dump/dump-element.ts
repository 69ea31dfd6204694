import { MAX_CATALOGUE_ID } from '../../../domain/catalogue/catalogue-ids.js';

/**
 * One element of a dump record as the parser built it: attributes as given, child elements in order, and the text
 * directly inside it (only meaningful for leaf elements; between child elements it is pretty-printing whitespace).
 */
export interface DumpElement {
  readonly name: string;
  /** Names and values in turn: `[name1, value1, …]` (see `attr`). */
  readonly attributes: readonly string[];
  children: DumpElement[];
  text: string;
}

/** Shared by every leaf so that leaves allocate no array; never pushed to (the parser replaces it first). */
export const NO_CHILDREN: DumpElement[] = [];

/** Whether the text has a character other than XML whitespace (most texts answer at their first character). */
function hasContent(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return true;
  }
  return false;
}

/**
 * The text of an element. Text that is only whitespace is pretty-printing (`<anv>\n      </anv>` in the 2023 dumps)
 * and becomes ''; any other text is kept exactly, with its inner and outer whitespace (profiles keep their `\r\n`).
 */
export function textOf(el: DumpElement): string {
  const t = el.text;
  return hasContent(t) ? t : '';
}

/** An attribute's value, or '' when absent or whitespace only. */
export function attr(el: DumpElement, name: string): string {
  const a = el.attributes;
  for (let i = 0; i < a.length; i += 2) {
    if (a[i] === name) {
      const v = a[i + 1]!;
      return hasContent(v) ? v : '';
    }
  }
  return '';
}

/** An integer from text, as `parseInt` reads it ('' and garbage give 0). */
export function toInt(text: string): number {
  // Plain digits (nearly every number of a dump) are read here; anything else as `parseInt` reads it.
  const length = text.length;
  if (length > 0 && length < 16) {
    let value = 0;
    let i = 0;
    for (; i < length; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    if (i === length) return value;
  }
  const n = parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
}

/** The smallest whole number the catalogue's number columns hold (`int4`); the largest is `MAX_CATALOGUE_ID`. */
const MIN_INT4 = -2_147_483_648;

/**
 * A number the catalogue also keeps in a column of its own (a reference to a record, a master's year), as `toInt`
 * reads it, or 0 when it does not fit one (beyond ±2³¹): a reference to an id no record can have links nothing, like
 * a missing one.
 */
export function toInt32(text: string): number {
  const n = toInt(text);
  return n >= MIN_INT4 && n <= MAX_CATALOGUE_ID ? n : 0;
}

/**
 * A record's id from its text: decimal digits only (whitespace around them allowed), from 1 to `MAX_CATALOGUE_ID`;
 * anything else ('', `abc`, `12abc`, `-3`, `0`, too large) gives 0, which no record has: the reader skips the record.
 */
export function toId(text: string): number {
  const t = text.trim();
  if (t.length === 0 || t.length > 10) return 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) return 0;
  }
  const n = Number(t);
  return n <= MAX_CATALOGUE_ID ? n : 0;
}

/** The texts of the non-blank children (`<genres><genre>…`), in order. */
export function texts(el: DumpElement): string[] {
  const out: string[] = [];
  for (const c of el.children) {
    const t = textOf(c);
    if (t !== '') out.push(t);
  }
  return out;
}
