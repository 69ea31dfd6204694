import { BadRequest, Invalid, UriTooLong, type ApplicationError } from '../../application/errors.js';

/**
 * What any request may carry, whatever its route (ADR 0028). Past these, a request is refused before a route, a use
 * case or a store sees it.
 */
export const INPUT_LIMITS = {
  /** Characters of the request target (path and query) as sent; Node refuses a target of 16 KiB with its headers (431). */
  urlLength: 8192,
  /** Levels of arrays and objects in a body; no body Spindle takes has more than 4. */
  bodyDepth: 32,
  /** Characters of one text (a value or a field name) in a body; the longest text field takes 10,000. */
  bodyText: 65_536,
} as const;

// Runs of percent-escapes: the bytes of one or more characters, decoded together.
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;
// What PostgreSQL refuses in text and JSON: U+0000, and a UTF-16 surrogate without its other half.
const FORBIDDEN = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The first character of `text` PostgreSQL would refuse, as `U+0000`, or undefined when there is none. */
function forbiddenIn(text: string): string | undefined {
  const found = FORBIDDEN.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** The refusal of a text whose percent-escapes are not UTF-8 or decode to a refused character. */
function escapesRefusal(text: string, where: string): ApplicationError | undefined {
  const raw = forbiddenIn(text);
  if (raw) return new BadRequest(`The ${where} contains a character that is not allowed (${raw}).`);
  if (!text.includes('%')) return undefined;
  for (const [run] of text.matchAll(ESCAPES)) {
    let decoded: string;
    try {
      decoded = UTF8.decode(Buffer.from(run.replace(/%/g, ''), 'hex'));
    } catch {
      return new BadRequest(`The ${where} contains a percent-encoding that is not UTF-8 (${run.slice(0, 24)}).`);
    }
    const refused = forbiddenIn(decoded);
    if (refused) return new BadRequest(`The ${where} contains a character that is not allowed (${refused}).`);
  }
  return undefined;
}

/**
 * Why a request's target and headers are refused before it is routed, or undefined to let it through: a target longer
 * than {@link INPUT_LIMITS} (414); a path, query or `Authorization` header (OAuth's values are percent-encoded) with a
 * percent-encoding that is not UTF-8, or that decodes to U+0000 (400). A malformed escape (`%zz`, a lone `%`) is left
 * alone: every reader keeps it as the text it is.
 */
export function requestRefusal(url: string, authorization: string | undefined): ApplicationError | undefined {
  if (url.length > INPUT_LIMITS.urlLength) {
    return new UriTooLong(`The request URL is longer than ${INPUT_LIMITS.urlLength} characters.`);
  }
  const mark = url.indexOf('?');
  const refused =
    escapesRefusal(mark === -1 ? url : url.slice(0, mark), 'request path') ??
    (mark === -1 ? undefined : escapesRefusal(url.slice(mark + 1), 'query string'));
  if (refused || !authorization) return refused;
  return escapesRefusal(authorization, 'Authorization header');
}

/**
 * Refuses (422) a form body (`application/x-www-form-urlencoded`, as sent) whose percent-escapes are not UTF-8: parsed
 * as it is, an invalid sequence (a lone surrogate's bytes, say) would become U+FFFD and be stored so. The characters
 * the escapes decode to are checked with the parsed fields (`refuseHostileBody`).
 */
export function refuseHostileFormBody(raw: string): void {
  if (!raw.includes('%')) return;
  for (const [run] of raw.matchAll(ESCAPES)) {
    try {
      UTF8.decode(Buffer.from(run.replace(/%/g, ''), 'hex'));
    } catch {
      throw new Invalid(`The request body contains a percent-encoding that is not UTF-8 (${run.slice(0, 24)}).`);
    }
  }
}

/**
 * Checks a parsed body (JSON, a form's fields, a multipart form's fields) before any route reads it: nested at most
 * {@link INPUT_LIMITS}.bodyDepth levels, every text (names too) at most {@link INPUT_LIMITS}.bodyText characters and
 * free of U+0000 and lone surrogates, every number finite. The first problem is a 422 naming the top-level field it is
 * in. Iterative, so a body nested a million levels deep costs no stack.
 */
export function refuseHostileBody(body: unknown): void {
  const pending: Array<readonly [unknown, number, string | undefined]> = [[body, 0, undefined]];
  while (pending.length > 0) {
    const [value, depth, field] = pending.pop()!;
    const inField = field === undefined ? '' : ` in the field ${field}`;
    if (typeof value === 'string') {
      textProblem(value, inField);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Invalid(`The request body contains a number out of range${inField}.`);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= INPUT_LIMITS.bodyDepth) throw new Invalid(`The request body is nested deeper than ${INPUT_LIMITS.bodyDepth} levels.`);
      if (Array.isArray(value)) {
        for (const item of value) pending.push([item, depth + 1, field]);
      } else {
        for (const [key, item] of Object.entries(value)) {
          textProblem(key, inField);
          pending.push([item, depth + 1, field ?? nameOf(key)]);
        }
      }
    }
  }
}

function textProblem(text: string, inField: string): void {
  if (text.length > INPUT_LIMITS.bodyText) {
    throw new Invalid(`The request body contains a text longer than ${INPUT_LIMITS.bodyText} characters${inField}.`);
  }
  const refused = forbiddenIn(text);
  if (refused) throw new Invalid(`The request body contains a character that is not allowed (${refused})${inField}.`);
}

// A field is named in a message only when its name is plain: a hostile name is not echoed back.
function nameOf(key: string): string | undefined {
  return /^[\w.[\]-]{1,64}$/.test(key) ? key : undefined;
}
