import { PageRequests } from '../../adapters/http/web-pages/page-requests.js';
import http from 'node:http';
import Router from '@koa/router';
import fc from 'fast-check';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { handleClientError } from '../../adapters/http/client-errors.js';
import type { SpindleState } from '../../adapters/http/http-state.js';
import type { RouteModule } from '../../adapters/http/route-module.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import { MARKETPLACE } from '../../composition/marketplace/marketplace-tokens.js';
import { CALLERS, openMatrix, type CallerKind, type MatrixParties, type MatrixWorld } from './authorization-matrix.js';
import { TEST_RATE_ENTRIES } from './fee-bounds.js';
import { AGENT } from './test-app.js';

/**
 * The fuzz test's world: the authorization matrix's (two users, an application, a catalogue), with a rate table as an
 * operator's server has one (without it, a fee in another currency is the documented 503).
 */
export async function openFuzzWorld(): Promise<MatrixWorld> {
  const world = await openMatrix();
  await world.container.get(MARKETPLACE.SetCurrencyRates).execute({ entries: TEST_RATE_ENTRIES, source: 'test-rates.csv' });
  return world;
}

/** One route of the router table: its method, its path as registered, and its parameters' names. */
export interface TableRoute {
  readonly method: string;
  readonly path: string;
  readonly params: readonly string[];
}

/**
 * Every route every module registers, read from the router itself (each module's `register` on a fresh router,
 * then its layers), so a new route is in the table without anyone listing it. HEAD goes with GET.
 */
export function routeTable(container: Container): { routes: TableRoute[]; webPage: (path: string, accept?: string) => boolean } {
  const modules = container.getAll(HTTP.Routes) as RouteModule[];
  const router = new Router<SpindleState>();
  for (const module of modules) module.register(router);
  const routes: TableRoute[] = [];
  for (const layer of router.stack) {
    const params = (layer.paramNames as ReadonlyArray<{ name: string }>).map((p) => p.name);
    for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path), params });
  }
  // As the server decides (PageRequests): a declared page path, or a browser's Accept on a path outside the API.
  const pages = new PageRequests(modules, routes.map((r) => r.path));
  // Asked of the path as sent (a refusal before routing) and as the server's normalizePath leaves it (repeated and
  // trailing slashes), as the response checker does.
  const isPage = (path: string, accept: string): boolean => pages.isPage({ path, get: (field: string) => (field.toLowerCase() === 'accept' ? accept : '') });
  const normal = (path: string): string => path.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
  return { routes, webPage: (path, accept = '') => isPage(path, accept) || isPage(normal(path), accept) };
}

/** A request the fuzzer makes: who sends it, and every byte it sends. */
export interface HostileRequest {
  readonly route: TableRoute;
  readonly caller: CallerKind;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** The text of a request, shortened where it is long: for fast-check's counterexample and the long run's report. */
export function describeRequest(r: HostileRequest): string {
  const short = (s: string): string => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} characters)` : s);
  const body =
    r.body === undefined ? '(no body)' : typeof r.body === 'string' ? short(JSON.stringify(r.body)) : `(${r.body.length} bytes) ${r.body.toString('hex').slice(0, 120)}`;
  const headers = Object.entries(r.headers).map(([k, v]) => `${k}: ${short(JSON.stringify(v))}`).join('; ');
  return `${r.method} ${short(r.path)} as ${r.caller} [route ${r.route.method} ${r.route.path}] headers {${headers}} body ${body}`;
}

// Texts a hostile client puts anywhere: what PostgreSQL refuses, what Unicode forbids, what numbers and paths abuse.
const HOSTILE_TEXTS = [
  '\0', 'a\0b', '\ud800', '\udfff', 'x\udc00y', '\ufffe', '\u202e', '..', '../..', '.', '%', '%%', '%zz', '%00', '%FF',
  '-1', '0', '1e400', '-0', '99999999999999999999', '2147483648', '9007199254740993', 'NaN', 'Infinity', 'null', 'true',
  '[]', '{}', ' ', '\t\n', "'; drop table app_user; --", '<script>', '😀', 'é',
];
// Percent-encodings a hostile client writes by hand: NUL, bytes that are not UTF-8, an encoded surrogate, overlongs.
const HOSTILE_ESCAPES = ['%00', '%FF', '%C0%AF', '%ED%A0%80', '%E2%82', '%2e%2e', '%2F', '%25', '%0A', '%F4%90%80%80', '%', '%Z'];

/** Percent-encodes text as UTF-8 (a lone surrogate becomes U+FFFD's bytes, as any client's encoder would write). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

const shortText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
// In bodies, also texts around the limits of a field and of any text (65,536), and far past them.
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: shortText },
  { weight: 1, arbitrary: fc.constantFrom(100, 201, 2_001, 10_001, 65_536, 65_537, 200_000).map((n) => 'x'.repeat(n)) },
);

/** A path or query piece: a plausible value, hostile text encoded, or a hand-written escape (with text around it). */
function urlPiece(plausible: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...plausible) },
    { weight: 3, arbitrary: shortText.map(encode) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('', 'a', '10'), fc.constantFrom(...HOSTILE_ESCAPES), fc.constantFrom('', 'b', '%41')).map((p) => p.join('')) },
    // Long pieces: below the URL limit (8,192: handlers see them), past it (414), past Node's 16 KiB (431).
    { weight: 1, arbitrary: fc.constantFrom(20, 300, 4_000, 9_000, 17_000).map((n) => '9'.repeat(n)) },
  );
}

// Plausible values of the route parameters, so that some requests reach the handlers past the 404s.
function plausibleParam(name: string, parties: MatrixParties): string[] {
  if (name === 'name') return [parties.owner.name, parties.other.name, 'nobody'];
  if (name === 'type') return ['release', 'master', 'artist', 'label'];
  if (name === 'currency') return ['USD', 'EUR', 'usd'];
  if (name === 'price') return ['10', '10.50', '0'];
  if (name === 'signature' || name === 'owner' || name === 'file') return parties.imagePath.split('/').slice(2);
  return ['1', '5', '10', '11', '0'];
}

const QUERY_KEYS = ['page', 'per_page', 'sort', 'sort_order', 'q', 'type', 'curr_abbr', 'status', 'value', 'rating', 'notes', 'folder_id', 'f', 'token', 'key', 'secret', 'next', 'oauth_token'];

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded',
  'multipart/form-data', 'multipart/form-data; boundary=x', 'text/plain', 'text/csv', 'application/xml', 'application/octet-stream', '*/*', ';;', 'json',
];
const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br', 'zstd', 'identity', 'gzip, gzip', 'GZIP', 'x-gzip', 'compress'];
const ACCEPTS = [
  'application/json', 'application/vnd.discogs.v2.html+json', 'application/vnd.discogs.v2.plaintext+json', 'text/html', '*/*', 'image/png',
  'application/vnd.nonsense.v99+json', ';q=x', 'application/json;q=0', '\u00ff\u00fe',
];

// Field names the routes read, so hostile values land in real fields.
const FIELDS = ['release_id', 'price', 'condition', 'sleeve_condition', 'status', 'comments', 'name', 'notes', 'profile', 'rating', 'value', 'description', 'items', 'comment', 'message', 'location', 'home_page', 'curr_abbr', 'listing_ids', 'public', 'folder_id', 'username', 'password', 'csrf', 'oauth_token', 'shipping'];

const jsonLeaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 53 + 1, -1, 0, 1e308, null, true, false, 10, '10.00', 'Mint (M)', 'New Order'),
);

/** A body: JSON with hostile fields or nested deep, a form, text that is not what its type says, or bytes. */
const hostileBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), hostileText), fc.oneof(jsonLeaf, fc.array(jsonLeaf, { maxLength: 4 }), fc.jsonValue({ maxDepth: 4 })), { maxKeys: 5 }).map((o) => JSON.stringify(o)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FIELDS), fc.nat({ max: 20_000 })).map(([f, n]) => `{"${f}":${'['.repeat(n)}${']'.repeat(n)}}`) },
  { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`) },
  { weight: 1, arbitrary: fc.constantFrom('{"price": 1e400}', '{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"\\u0000":1}', '[', 'null', '1', '"x"', '{"a":1,}', '') },
  { weight: 2, arbitrary: fc.array(fc.tuple(fc.constantFrom(...FIELDS), urlPiece(['x', '10'])), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)) },
);

/**
 * Requests to the routes of the table: any route (its parameters plausible or hostile, with `..` and huge numbers),
 * any caller of the authorization matrix, a hostile query, lying `Content-Type` and `Content-Encoding`, junk `Accept`,
 * and on every method but GET a body (or none).
 */
export function hostileRequests(routes: readonly TableRoute[], parties: MatrixParties): fc.Arbitrary<HostileRequest> {
  return fc
    .record({ route: fc.constantFrom(...routes), caller: fc.constantFrom(...CALLERS) })
    .chain(({ route, caller }) =>
      fc.record({
        params: fc.tuple(...route.params.map((p) => urlPiece(plausibleParam(p, parties))), fc.constant('')),
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), urlPiece(['x'])), urlPiece(['1', 'x', 'desc', 'Mint%20(M)'])), { maxLength: 3 }),
        contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 3 }),
        contentEncoding: fc.option(fc.constantFrom(...CONTENT_ENCODINGS), { freq: 2 }),
        accept: fc.option(fc.constantFrom(...ACCEPTS), { freq: 2 }),
        body: route.method === 'GET' ? fc.constant(undefined) : fc.option(hostileBody, { freq: 4, nil: undefined }),
      }).map(({ params, query, contentType, contentEncoding, accept, body }) => {
        let path = route.path;
        route.params.forEach((name, i) => {
          path = path.replace(new RegExp(`:${name}(?![\\w])`), params[i]!);
        });
        const q = query.filter(([k]) => k !== 'callback').map(([k, v]) => `${k}=${v}`).join('&');
        const headers: Record<string, string> = {};
        if (contentType !== null && body !== undefined) headers['Content-Type'] = contentType;
        if (contentEncoding !== null) headers['Content-Encoding'] = contentEncoding;
        if (accept !== null) headers.Accept = accept;
        const hostile: HostileRequest = { route, caller, method: route.method, path: q === '' ? path : `${path}?${q}`, headers, body };
        return Object.assign(hostile, { [fc.toStringMethod]: () => describeRequest(hostile) });
      }),
    );
}

/**
 * The application behind a server as the process makes it: with the answer to what Node's HTTP parser refuses (a URL
 * and headers over 16 KiB is 431 in JSON), which supertest's own server would answer with an empty body. Listening on
 * a port of 127.0.0.1 from the start (close it when done): supertest sends every request to it, where it would
 * otherwise start the server for each request and close it again after.
 */
export async function serverOf(app: Koa): Promise<http.Server> {
  const server = http.createServer(app.callback());
  server.on('clientError', handleClientError);
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return server;
}

/** Sends a request as its caller (the matrix's credentials), its body as the bytes it is. */
export function sendHostile(server: http.Server, r: HostileRequest, parties: MatrixParties): request.Test {
  let req = request(server)[r.method.toLowerCase() as 'get'](r.path).set('User-Agent', AGENT);
  if (r.caller === 'application') req = req.set('Authorization', `Service key=${parties.application.key}, secret=${parties.application.secret}`);
  if (r.caller === 'another user') req = req.set('Authorization', `Service token=${parties.other.token}`);
  if (r.caller === 'owner') req = req.set('Authorization', `Service token=${parties.owner.token}`);
  for (const [name, value] of Object.entries(r.headers)) req = req.set(name, value);
  // Bytes as they are: superagent would send a Buffer as JSON of its own.
  if (r.body !== undefined) req = req.serialize((b: unknown) => b as string).send(r.body);
  return req;
}

// The OAuth token endpoints answer their own refusals in text/plain, as OAuth clients read them (spec/GAPS.md).
const PLAIN_TEXT_ERRORS = /^\/oauth\/(?:request|access)_token$/;

/**
 * What is wrong with an answer, or undefined: any 5xx; an API error (4xx, not a web page) whose body is not exactly
 * `{"message": string}` (but the OAuth token endpoints' 400 and 401, text/plain as documented). 2xx and 3xx bodies
 * are whatever they are; web pages answer HTML.
 */
export function answerProblem(res: { status: number; text: string; type: string }, path: string, webPage: boolean): string | undefined {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 300)}`;
  if (res.status < 400 || webPage) return undefined;
  if (PLAIN_TEXT_ERRORS.test(path) && (res.status === 400 || res.status === 401) && res.type === 'text/plain' && res.text !== '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `answered ${res.status} with a body that is not JSON (${res.type}): ${JSON.stringify(res.text.slice(0, 200))}`;
  }
  const keys = body !== null && typeof body === 'object' ? Object.keys(body) : [];
  const message = (body as { message?: unknown } | null)?.message;
  if (keys.length !== 1 || keys[0] !== 'message' || typeof message !== 'string') {
    return `answered ${res.status} with an error body that is not {"message": string}: ${res.text.slice(0, 200)}`;
  }
  return undefined;
}
