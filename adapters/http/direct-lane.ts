import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import { BadRequest, Unauthenticated } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';
import type { OutageDetector } from '../../application/ports/outage-detector.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import { ANONYMOUS, isAuthenticated } from '../../application/shared/caller.js';
import type { CredentialResolver } from './credentials.js';
import { requestRefusal } from './hostile-input.js';
import type { SpindleState } from './http-state.js';
import { corsResponseHeaders } from './middleware/cors.js';
import { errorAnswer } from './middleware/errors.js';
import { mediaTypeReport, selectTextFormat, type MediaTypeReport } from './middleware/negotiation.js';
import { clientIp, type RateLimiter, type RateLimitVerdict } from './middleware/rate-limit.js';
import { LazyChildLogger, logRequest, requestIdOf } from './middleware/request-log.js';
import { refusesUserAgent } from './middleware/user-agent.js';
import { securityResponseHeaders, type SecurityHeaderSettings } from './middleware/security-headers.js';
import type { RequestMetrics } from './metrics/prometheus-metrics.js';
import type { RequestView } from './request-view.js';

/** A route's answer: the body and its `Content-Type` (status 200); failures are thrown as application errors. */
export interface DirectAnswer {
  readonly type: string;
  readonly body: string;
}

/**
 * A read the direct lane answers without Koa: a GET of one canonical path shape. The route module that owns the path
 * also registers it on the Koa router with the same `answer`, so both ways give the same bytes.
 */
export interface DirectRoute {
  /** The route's path pattern as the Koa router has it (`/releases/:id`): the `route` label of its metrics. */
  readonly route: string;
  /** The whole path as sent (no `//`, no trailing `/`, nothing percent-encoded), its parameters as groups. */
  readonly path: RegExp;
  answer(params: readonly string[], query: ParsedUrlQuery, state: SpindleState): Promise<DirectAnswer>;
}

/** The conventions the lane applies, as the Koa chain is configured with them (see `createHttpApp`). */
export interface DirectLaneSettings {
  readonly baseUrl: string;
  readonly brand: string;
  readonly trustProxy: boolean;
  readonly blockGenericUserAgents: boolean;
  readonly anonymousPerWindow: number;
  readonly authenticatedPerWindow: number;
}

export interface DirectLaneDependencies {
  readonly settings: DirectLaneSettings;
  readonly logger: Logger;
  /** Tells a dependency's outage from other failures (as the Koa chain's error middleware is given it). */
  readonly outages?: OutageDetector;
  /** The application's one limiter, shared with the Koa chain's middleware. */
  readonly limiter: RateLimiter;
  readonly credentials: CredentialResolver;
  readonly requestScope?: RequestScope;
  readonly routes: readonly DirectRoute[];
  /** Where each answered request is recorded (as the Koa chain records its own). */
  readonly metrics?: RequestMetrics;
  /** What decides the security headers (as the Koa chain's `securityHeaders` is given it). */
  readonly security: SecurityHeaderSettings;
}

const EMPTY_QUERY: ParsedUrlQuery = Object.freeze(Object.create(null) as ParsedUrlQuery);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The hottest reads (a catalogue record by id) answered without Koa's machinery: the request log line and id, the
 * User-Agent rule, media type negotiation, credentials, the rate limit, the error mapping and the route's answer run
 * as plain calls of the same functions the Koa middleware call, in the same order, so each response is the one the
 * Koa chain gives (status, headers, body byte for byte; `test/integration/http/direct-lane.test.ts` compares them).
 * Everything else, and every request of these paths that the lane would answer differently, goes to Koa untouched:
 * another method, a path in any other spelling (the chain's path tolerance), JSONP (`callback`), a User-Agent the
 * API refuses, and a URL or `Authorization` header the chain refuses as hostile (`requestRefusal`). The decision is taken before anything is counted or read.
 *
 * Why (ADR 0026): Koa's context, its compose chain of ten middleware and the router's match over every route cost
 * more CPU per request than reading and filling the release itself; on the read benchmark that was half of the
 * request.
 */
export class DirectLane {
  private readonly report: MediaTypeReport;
  /** The CORS headers of every API response, flat for writeHead. */
  private readonly cors: readonly string[];

  constructor(private readonly deps: DirectLaneDependencies) {
    this.report = mediaTypeReport(deps.settings.brand);
    this.cors = corsResponseHeaders(deps.settings.brand).flat();
  }

  /** The server's request listener: the lane's paths here, the rest to `fallback` (the Koa application's callback). */
  listener(fallback: RequestListener): RequestListener {
    const routes = this.deps.routes;
    if (routes.length === 0) return fallback;
    const { blockGenericUserAgents } = this.deps.settings;
    return (req, res) => {
      if (req.method !== 'GET') return fallback(req, res);
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      const path = mark === -1 ? url : url.slice(0, mark);
      for (const route of routes) {
        const match = route.path.exec(path);
        if (match === null) continue;
        const querystring = mark === -1 ? '' : url.slice(mark + 1);
        const query = querystring === '' ? EMPTY_QUERY : parseQuery(querystring);
        if (
          query.callback !== undefined ||
          refusesUserAgent(req.headers['user-agent'] ?? '', blockGenericUserAgents, req.headers.origin ?? '') ||
          requestRefusal(url, req.headers.authorization) !== undefined
        ) {
          return fallback(req, res);
        }
        void this.serve(req, res, route, match.slice(1), { path, url, querystring, query });
        return;
      }
      return fallback(req, res);
    };
  }

  private serve(
    req: IncomingMessage,
    res: ServerResponse,
    route: DirectRoute,
    params: readonly string[],
    sent: { readonly path: string; readonly url: string; readonly querystring: string; readonly query: ParsedUrlQuery },
  ): void {
    const { settings, logger } = this.deps;
    const started = process.hrtime.bigint();
    const view = new LaneRequest(req, sent.path, sent.url, sent.querystring, sent.query);
    const requestId = requestIdOf(view.get('X-Request-Id'));
    const log = new LazyChildLogger(logger, { requestId });
    const ip = koaIp(req, settings.trustProxy);
    const state = { requestId, log, textFormat: selectTextFormat(view.get('Accept'), settings.brand), caller: ANONYMOUS } as SpindleState;
    // The response's headers as one flat list of names and values, for writeHead.
    // `Vary` as the chain writes it: the CORS rule adds `Origin`, negotiation `Accept`.
    const headers: string[] = ['X-Request-Id', requestId, 'Vary', 'Origin, Accept', ...this.cors];
    for (const [name, value] of securityResponseHeaders(this.deps.security, req)) headers.push(name, value);
    const send = (status: number, answer: DirectAnswer): void => {
      headers.push(this.report.name, this.report.value(state.textFormat));
      if (!res.destroyed) {
        // The body as the string it is: written after the head in one piece (Node joins a string body to the head),
        // its length counted in UTF-8 bytes without encoding it first.
        headers.push('Content-Type', answer.type, 'Content-Length', String(Buffer.byteLength(answer.body)));
        res.writeHead(status, headers);
        res.end(answer.body);
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logRequest(logger, log, requestId, { method: 'GET', path: sent.path, status, ms, ip });
      this.deps.metrics?.observe('GET', route.route, status, ms / 1000);
    };
    const fail = (err: unknown): void => {
      const failed = errorAnswer(err, { baseUrl: settings.baseUrl, log, method: 'GET', path: sent.path, outages: this.deps.outages });
      for (const [name, value] of failed.headers) headers.push(name, value);
      send(failed.status, { type: JSON_TYPE, body: failed.body });
    };
    let answered: Promise<DirectAnswer>;
    try {
      const scope = this.deps.requestScope;
      answered = scope ? scope.run(() => this.answer(view, route, params, state, headers)) : this.answer(view, route, params, state, headers);
    } catch (err) {
      fail(err);
      return;
    }
    // One promise settled per request: the route's answer (or the credentials' when some were presented).
    answered.then((answer) => send(200, answer), fail);
  }

  /**
   * Credentials, the rate limit (its headers added whatever follows), the refusal of bad credentials, the route. A
   * request with no credentials on a store that counts in this process waits for nothing but the route's answer.
   */
  private answer(
    view: LaneRequest,
    route: DirectRoute,
    params: readonly string[],
    state: SpindleState,
    headers: string[],
  ): Promise<DirectAnswer> {
    if (!presentsCredentials(view)) return this.limited(view, route, params, state, headers);
    return this.deps.credentials.resolve(view).then(
      (caller) => {
        state.caller = caller;
        return this.limited(view, route, params, state, headers);
      },
      (err: unknown) => {
        if (!(err instanceof Unauthenticated) && !(err instanceof BadRequest)) throw err;
        state.credentialError = err;
        return this.limited(view, route, params, state, headers);
      },
    );
  }

  private limited(
    view: LaneRequest,
    route: DirectRoute,
    params: readonly string[],
    state: SpindleState,
    headers: string[],
  ): Promise<DirectAnswer> {
    const { settings, limiter } = this.deps;
    const limit = isAuthenticated(state.caller) ? settings.authenticatedPerWindow : settings.anonymousPerWindow;
    const counted = limiter.count(clientIp(view, settings.trustProxy), limit, state.log);
    const proceed = (verdict: RateLimitVerdict): Promise<DirectAnswer> => {
      for (const [name, value] of verdict.headers) headers.push(name, value);
      if (verdict.refusal) throw verdict.refusal;
      if (state.credentialError) throw state.credentialError;
      return route.answer(params, view.query, state);
    };
    return counted instanceof Promise ? counted.then(proceed) : proceed(counted);
  }
}

/**
 * Whether a request presents anything the credential resolver reads (the `Authorization` header, or `key`, `secret`
 * or `token` in the query); without any, every resolver answers anonymous, so the lane skips the call.
 */
function presentsCredentials(view: LaneRequest): boolean {
  const q = view.query;
  return view.get('Authorization') !== '' || q.key !== undefined || q.secret !== undefined || q.token !== undefined;
}

/** The address Koa's `ctx.ip` gives (the request log's): the first `X-Forwarded-For` entry behind a trusted proxy. */
function koaIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    const first = value ? value.split(',')[0]!.trim() : '';
    if (first !== '') return first;
  }
  return req.socket.remoteAddress ?? '';
}

/** The lane's view of a request, as Koa's context shows it to the credential resolver and the rate limit. */
class LaneRequest implements RequestView {
  readonly method = 'GET';

  constructor(
    readonly req: IncomingMessage,
    readonly path: string,
    readonly originalUrl: string,
    readonly querystring: string,
    readonly query: ParsedUrlQuery,
  ) {}

  get(field: string): string {
    const value = this.req.headers[field.toLowerCase()];
    if (value === undefined) return '';
    return Array.isArray(value) ? value.join(', ') : value;
  }
}
