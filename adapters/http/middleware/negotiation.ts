import type Koa from 'koa';

import type { TextFormat } from '../../../domain/text/text-format.js';

// ---------------------------------------------------------------------------------------------------------------
// Version and text format (Accept)
// ---------------------------------------------------------------------------------------------------------------

export interface NegotiationOptions {
  /** The brand word as configured; media types use it lower-cased. */
  readonly brand: string;
}

/**
 * Chooses the text format from `Accept` into `ctx.state.textFormat` and reports it, after the rest of the chain (also
 * when that throws), as `X-{Brand}-Media-Type: {brand}.v2; format={html|plaintext|{brand}}`.
 */
export function negotiation(options: NegotiationOptions): Koa.Middleware {
  const report = mediaTypeReport(options.brand);
  return async function negotiationMiddleware(ctx, next) {
    ctx.state.textFormat = selectTextFormat(ctx.get('Accept'), options.brand);
    ctx.vary('Accept');
    try {
      await next();
    } finally {
      ctx.set(report.name, report.value(textFormatOf(ctx)));
    }
  };
}

/** The header that reports the negotiated format: `X-{Brand}-Media-Type: {brand}.v2; format={html|plaintext|{brand}}`. */
export interface MediaTypeReport {
  readonly name: string;
  value(format: TextFormat): string;
}

export function mediaTypeReport(brand: string): MediaTypeReport {
  const lower = brand.toLowerCase();
  const values: Record<TextFormat, string> = {
    markup: `${lower}.v2; format=${lower}`,
    html: `${lower}.v2; format=html`,
    plaintext: `${lower}.v2; format=plaintext`,
  };
  return { name: `X-${brand}-Media-Type`, value: (format) => values[format] };
}

/** The text format the negotiation middleware chose for this request (`markup` when it did not run). */
export function textFormatOf(ctx: Koa.Context): TextFormat {
  const format: unknown = ctx.state.textFormat;
  return format === 'html' || format === 'plaintext' ? format : 'markup';
}

interface Choice {
  /** `undefined`: a range that accepts the default representation (`*` / `application/json`), not a named format. */
  readonly format: TextFormat | undefined;
  readonly q: number;
  readonly index: number;
}

/**
 * The text format an `Accept` value asks for: among `application/vnd.{brand}.v2.{html|plaintext|{brand}}+json` and
 * the ranges that also cover the default JSON (any type, `application/*`, `application/json`), the one with the highest
 * q-value, a named format before a wildcard at equal q, then the first listed. Missing, unparsable or only unknown
 * types give the default, `markup`. Case-insensitive throughout.
 */
export function selectTextFormat(accept: string | undefined, brand: string): TextFormat {
  if (accept === undefined || accept.trim() === '') return 'markup';
  const vendor = vendorPattern(brand);
  const choices: Choice[] = [];
  splitOutsideQuotes(accept.toLowerCase(), ',').forEach((entry, index) => {
    const [range, ...params] = splitOutsideQuotes(entry, ';').map((s) => s.trim());
    const q = qualityOf(params);
    if (q <= 0) return;
    if (range === '*/*' || range === 'application/*' || range === 'application/json') {
      choices.push({ format: undefined, q, index });
      return;
    }
    const token = vendor.exec(range)?.[1];
    if (token === undefined) return;
    const format: TextFormat | undefined =
      token === brand.toLowerCase() ? 'markup' : token === 'html' ? 'html' : token === 'plaintext' ? 'plaintext' : undefined;
    if (format !== undefined) choices.push({ format, q, index });
  });
  choices.sort(
    (x, y) => y.q - x.q || Number(y.format !== undefined) - Number(x.format !== undefined) || x.index - y.index,
  );
  return choices[0]?.format ?? 'markup';
}

/** The `q` parameter, 1 when absent; a malformed one counts as 1 rather than discarding the range. */
const VENDOR_PATTERNS = new Map<string, RegExp>();

/** `application/vnd.{brand}.v2.{format}+json`, compiled once per brand (every request with an Accept header asks). */
function vendorPattern(brand: string): RegExp {
  let pattern = VENDOR_PATTERNS.get(brand);
  if (!pattern) {
    const b = brand.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`^application/vnd\\.${b}\\.v2\\.([a-z0-9]+)\\+json$`);
    VENDOR_PATTERNS.set(brand, pattern);
  }
  return pattern;
}

function qualityOf(params: readonly string[]): number {
  for (const param of params) {
    const [name, value] = param.split('=', 2).map((s) => s.trim());
    if (name !== 'q' || value === undefined) continue;
    const q = Number(value);
    return Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 1;
  }
  return 1;
}

function splitOutsideQuotes(value: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && quoted && i + 1 < value.length) current += value[i++];
    else if (c === separator && !quoted) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current);
  return parts;
}

// ---------------------------------------------------------------------------------------------------------------
// JSONP (?callback=)
// ---------------------------------------------------------------------------------------------------------------

/** A callback is a JavaScript identifier or a dotted path of them (`cb`, `$.app.receive`): nothing else reaches the script. */
export const JSONP_CALLBACK_PATTERN = /^[A-Za-z_$][0-9A-Za-z_$]*(?:\.[A-Za-z_$][0-9A-Za-z_$]*)*$/;
export const JSONP_CALLBACK_MAX_LENGTH = 128;
/** The 422 message for a callback that fails the rules; the value itself is never echoed. */
export const INVALID_CALLBACK_MESSAGE =
  `Invalid callback: expected a JavaScript identifier or a dotted path of identifiers, at most ${JSONP_CALLBACK_MAX_LENGTH} characters.`;
/** Response headers carried into the JSONP `meta` object, besides `status`. */
export const JSONP_META_HEADER_PATTERN = /^(?:x-[a-z0-9]+-ratelimit(?:-used|-remaining)?|retry-after|link)$/i;

/** True when `name` may be used as a JSONP callback. */
export function isValidJsonpCallback(name: unknown): name is string {
  return typeof name === 'string' && name.length <= JSONP_CALLBACK_MAX_LENGTH && JSONP_CALLBACK_PATTERN.test(name);
}

/**
 * With `?callback=name`, answers `200 text/javascript; charset=utf-8` with `name({"meta": {...}, "data": ...})`
 * behind an empty block comment (which defuses content-sniffing attacks such as Rosetta Flash): `meta` holds
 * `status` (the real status) and the rate-limit, `Retry-After` and `Link` headers (Link as `[url, {rel: …}]` pairs),
 * `data` the JSON body (`{}` when there is none). Sits above the error middleware, so error bodies are wrapped too.
 * An invalid callback gets a plain-JSON 422 and the request goes no further. Streamed bodies (CSV downloads) are
 * passed through unwrapped, and so are the web pages (`exempt`).
 */
export function jsonp(options: { readonly exempt?: (ctx: Koa.Context) => boolean } = {}): Koa.Middleware {
  return async function jsonpMiddleware(ctx, next) {
    const callback: unknown = ctx.query.callback;
    if (callback === undefined || options.exempt?.(ctx)) {
      await next();
      return;
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!isValidJsonpCallback(callback)) {
      ctx.status = 422;
      ctx.type = 'application/json';
      ctx.body = `{"message": ${JSON.stringify(INVALID_CALLBACK_MESSAGE)}}`;
      return;
    }
    await next();

    const data = dataText(ctx);
    if (data === undefined) return;
    const meta = [['status', ctx.status] as const, ...metaHeaders(ctx.res)]
      .map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`)
      .join(', ');
    ctx.body = escapeLineTerminators(`/**/ ${callback}({"meta": {${meta}}, "data": ${data}})`);
    ctx.type = 'text/javascript; charset=utf-8';
    ctx.status = 200;
  };
}

/** The body as JSON text, or undefined for a body that is streamed (left as it is). */
function dataText(ctx: Koa.Context): string | undefined {
  const body: unknown = ctx.body;
  if (body === null || body === undefined) return '{}';
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const text = body.toString().trim();
    if (text === '') return '{}';
    if (/[/+]json$/.test(ctx.response.type)) {
      try {
        JSON.parse(text);
        return text; // already valid JSON: kept byte for byte, e.g. the exact `{"message": "..."}` error form
      } catch {
        // not JSON after all: sent as a string below
      }
    }
    return JSON.stringify(text);
  }
  if (isStreamed(body)) return undefined;
  return JSON.stringify(body);
}

function isStreamed(body: unknown): boolean {
  return (
    (typeof body === 'object' && body !== null && typeof (body as { pipe?: unknown }).pipe === 'function') ||
    body instanceof Blob ||
    body instanceof ReadableStream ||
    body instanceof Response
  );
}

function metaHeaders(res: Koa.Context['res']): Array<readonly [string, unknown]> {
  const entries: Array<readonly [string, unknown]> = [];
  // OutgoingMessage#getRawHeaderNames (Node ≥ 15.13) keeps the case the headers were set in (`X-Discogs-Ratelimit`);
  // @types/node declares it on ClientRequest only.
  const raw = res as typeof res & { getRawHeaderNames?: () => string[] };
  const names = typeof raw.getRawHeaderNames === 'function' ? raw.getRawHeaderNames() : res.getHeaderNames();
  for (const name of names) {
    if (!JSONP_META_HEADER_PATTERN.test(name)) continue;
    const header = res.getHeader(name);
    const value = Array.isArray(header) ? header.join(', ') : String(header);
    entries.push([name, name.toLowerCase() === 'link' ? parseLinkHeader(value) : value]);
  }
  return entries;
}

// A link is `<url>` then `; name[=value]` parameters, a value a token or a quoted string that may hold `,` and `;`.
const LINK = /<([^>]*)>((?:\s*;\s*[^;,=\s]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^;,]*))?)*)/g;
const LINK_PARAM = /;\s*([^;,=\s]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^;,]*))?/g;

/** `<u1>; rel="next", <u2>; rel="last"` → `[["u1", {"rel": "next"}], ["u2", {"rel": "last"}]]` (RFC 8288 syntax). */
export function parseLinkHeader(value: string): Array<[string, Record<string, string>]> {
  const links: Array<[string, Record<string, string>]> = [];
  for (const match of value.matchAll(LINK)) {
    const params: Record<string, string> = {};
    for (const [, key, raw = ''] of match[2].matchAll(LINK_PARAM)) {
      const v = raw.trim();
      params[key.toLowerCase()] = v.startsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
    }
    links.push([match[1], params]);
  }
  return links;
}

/** U+2028/U+2029 are legal in JSON strings but end a line in pre-ES2019 JavaScript; escape them for old engines. */
function escapeLineTerminators(script: string): string {
  return script.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
