import type Koa from 'koa';
import { HttpMethodEnum } from 'koa-body';
import type { SignedRequest } from '../../../application/identity/oauth-verifier.js';
import { bodyReader } from '../body-reader.js';
import { refuseHostileBody, refuseHostileFormBody } from '../hostile-input.js';
import type { RequestView } from '../request-view.js';

/**
 * The parameters of an `Authorization: OAuth …` header (RFC 5849 §3.5.1): `name="value"` pairs separated by commas,
 * values percent-encoded; `realm` is left out. Undefined when the header cannot be read.
 */
export function oauthHeaderParameters(header: string): Map<string, string> | undefined {
  const match = /^oauth\s+(.*)$/is.exec(header.trim());
  if (!match) return undefined;
  const out = new Map<string, string>();
  const rest = match[1]!.trim();
  if (rest === '') return out;
  const pattern = /\s*([A-Za-z0-9_.~%-]+)\s*=\s*"([^"]*)"\s*(,|$)/y;
  let at = 0;
  while (at < rest.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(rest);
    if (!m) return undefined;
    at = pattern.lastIndex;
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(m[1]!);
      value = decodeURIComponent(m[2]!);
    } catch {
      return undefined;
    }
    if (name === 'realm') continue;
    if (out.has(name)) return undefined;
    out.set(name, value);
  }
  return out;
}

/** The query's parameters in order, decoded as a form is (`+` is a space), duplicates kept. */
export function queryParameters(ctx: RequestView): Array<[string, string]> {
  return [...new URLSearchParams(ctx.querystring)];
}

/**
 * The request as its client signed it: the method, the URL built from `BASE_URL` and the path and query as sent
 * (not the host the server saw: behind a proxy that differs), the header's OAuth parameters, and the query's and
 * form body's.
 */
export function signedRequest(
  ctx: RequestView,
  baseUrl: string,
  oauth: Map<string, string>,
  form: ReadonlyArray<readonly [string, string]> = [],
): SignedRequest {
  return { method: ctx.method, url: `${baseUrl}${ctx.originalUrl}`, oauth, parameters: [...queryParameters(ctx), ...form] };
}

/** An `application/x-www-form-urlencoded` body's parameters in order (none for another type), at most `maxBytes`. */
export async function formParameters(ctx: Koa.Context, maxBytes: number): Promise<Array<[string, string]>> {
  if (!ctx.is('application/x-www-form-urlencoded')) return [];
  await formReader(maxBytes)(ctx);
  // The body as sent, for its pairs in order with duplicates (OAuth signs them so); koa-body's object has neither.
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  refuseHostileFormBody(typeof raw === 'string' ? raw : '');
  const pairs = [...new URLSearchParams(typeof raw === 'string' ? raw : '')];
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of pairs) (fields[name] ??= []).push(value);
  refuseHostileBody(fields);
  return pairs;
}

const FORM_READERS = new Map<number, (ctx: Koa.Context) => Promise<unknown>>();

function formReader(maxBytes: number): (ctx: Koa.Context) => Promise<unknown> {
  let read = FORM_READERS.get(maxBytes);
  if (!read) {
    read = bodyReader({
      urlencoded: true,
      json: false,
      multipart: false,
      text: false,
      formLimit: maxBytes,
      includeUnparsed: true,
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.GET, HttpMethodEnum.DELETE],
    });
    FORM_READERS.set(maxBytes, read);
  }
  return read;
}
