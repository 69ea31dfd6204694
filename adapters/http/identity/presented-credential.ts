import type { PresentedCredential } from '../../../application/identity/credentials.js';
import type { RequestView } from '../request-view.js';
import { oauthHeaderParameters, signedRequest } from './signed-request.js';

/** `key=value` pairs after the scheme word, separated by commas, values optionally quoted. */
function pairs(text: string): Map<string, string> | undefined {
  const out = new Map<string, string>();
  for (const part of text.split(',')) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    if (eq <= 0) return undefined;
    const name = trimmed.slice(0, eq).trim();
    let value = trimmed.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (out.has(name)) return undefined;
    out.set(name, value);
  }
  return out;
}

/** A query parameter given once as a string; a repeated parameter is `undefined`-worthy as malformed. */
function single(value: string | string[] | undefined): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

function fromPairs(found: Map<string, string>, where: string): PresentedCredential {
  const key = found.get('key');
  const secret = found.get('secret');
  const token = found.get('token');
  if (token !== undefined && (key !== undefined || secret !== undefined)) {
    return { kind: 'malformed', reason: `Send either a token or a key and secret ${where}, not both.` };
  }
  if (token !== undefined) {
    return token === '' ? { kind: 'malformed', reason: `The token ${where} is empty.` } : { kind: 'token', token };
  }
  if (key !== undefined || secret !== undefined) {
    if (!key || !secret) return { kind: 'malformed', reason: `A consumer key needs its secret ${where}, and a secret its key.` };
    return { kind: 'key', key, secret };
  }
  return { kind: 'none' };
}

/**
 * Reads what a request presents to say who it is: `key`+`secret` or `token` in the query, or an `Authorization`
 * header `{Brand} key=…, secret=…` / `{Brand} token=…` (the scheme word in any case). A header of another scheme is
 * refused, as are two different credentials at once. `Authorization: OAuth …` is an OAuth 1.0a signed request.
 */
export function presentedCredential(ctx: RequestView, brand: string, baseUrl: string): PresentedCredential {
  const query = ctx.query;
  const values = { key: single(query.key), secret: single(query.secret), token: single(query.token) };
  if (values.key === null || values.secret === null || values.token === null) {
    return { kind: 'malformed', reason: 'Each of key, secret and token may be given once.' };
  }
  const inQuery = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== null) inQuery.set(name, value);
  const fromQuery = fromPairs(inQuery, 'in the query');

  const header = ctx.get('Authorization').trim();
  if (header === '') return fromQuery;
  const space = header.search(/\s/);
  const scheme = space === -1 ? header : header.slice(0, space);
  if (scheme.toLowerCase() === 'oauth') {
    const oauth = oauthHeaderParameters(header);
    if (!oauth) return { kind: 'malformed', reason: 'The OAuth Authorization header cannot be read: name="value" pairs, comma-separated.' };
    if (fromQuery.kind !== 'none') return { kind: 'malformed', reason: 'Send one credential: OAuth, or a key and secret or token, not both.' };
    return { kind: 'oauth', request: signedRequest(ctx, baseUrl, oauth) };
  }
  if (scheme.toLowerCase() !== brand.toLowerCase()) {
    return { kind: 'malformed', reason: `The Authorization header's scheme must be ${brand} or OAuth.` };
  }
  const found = pairs(space === -1 ? '' : header.slice(space + 1));
  if (!found) return { kind: 'malformed', reason: `The Authorization header must read "${brand} token=…" or "${brand} key=…, secret=…".` };
  const unknown = [...found.keys()].filter((k) => k !== 'key' && k !== 'secret' && k !== 'token');
  if (unknown.length > 0) return { kind: 'malformed', reason: `Unknown field ${unknown[0]} in the Authorization header.` };
  const fromHeader = fromPairs(found, 'in the Authorization header');
  if (fromHeader.kind === 'none') {
    return { kind: 'malformed', reason: `The Authorization header must read "${brand} token=…" or "${brand} key=…, secret=…".` };
  }
  if (fromQuery.kind === 'none' || fromHeader.kind === 'malformed') return fromHeader;
  if (fromQuery.kind === 'malformed') return fromQuery;
  if (JSON.stringify(fromQuery) === JSON.stringify(fromHeader)) return fromHeader;
  return { kind: 'malformed', reason: 'Send one credential: the query and the Authorization header name different ones.' };
}
