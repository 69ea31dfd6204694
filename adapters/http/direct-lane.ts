import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import { BadRequest, Unauthenticated } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';
import type { RequestScope } from '../../application/ports/request-scope.js';
import { ANONYMOUS, isAuthenticated } from '../../application/shared/caller.js';
import type { CredentialResolver } from './credentials.js';
import type { SpindleState } from './http-state.js';
import { errorAnswer } from './middleware/errors.js';
import { mediaTypeReport, selectTextFormat, type MediaTypeReport } from './middleware/negotiation.js';
import { clientIp, type RateLimiter } from './middleware/rate-limit.js';
import { LazyChildLogger, logRequest, requestIdOf } from './middleware/request-log.js';
import { refusesUserAgent } from './middleware/user-agent.js';
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
  /** The application's one limiter, shared with the Koa chain's middleware. */
  readonly limiter: RateLimiter;
  readonly credentials: CredentialResolver;
  readonly requestScope?: RequestScope;
  readonly routes: readonly DirectRoute[];
}

const EMPTY_QUERY: ParsedUrlQuery = Object.freeze(Object.create(null) as ParsedUrlQuery);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The hottest reads (a catalogue record by id) answered without Koa's machinery: the request log line and id, the
 * User-Agent rule, media type negotiation, credentials, the rate limit, the error mapping and the route's answer run
 * as plain calls of the same functions the Koa middleware call, in the same order, so each response is the one the
 * Koa chain gives (status, headers, body byte for byte; `test/integration/http/direct-lane.test.ts` compares them).
 * Everything else, and every request of these paths that the lane would answer differently, goes to Koa untouched:
 * another method, a path in any other spelling (the chain's path tolerance), JSONP (`callback`), and a User-Agent the
 * API refuses. The decision is taken before anything is counted or read.
 *
 * Why (ADR 0026): Koa's context, its compose chain of ten middleware and the router's match over every route cost
 * more CPU per request than reading and filling the release itself; on the read benchmark that was half of the
 * request.
 */
export class DirectLane {
  private readonly report: MediaTypeReport;

  constructor(private readonly deps: DirectLaneDependencies) {
    this.report = mediaTypeReport(deps.settings.brand);
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
        if (query.callback !== undefined || refusesUserAgent(req.headers['user-agent'] ?? '', blockGenericUserAgents)) {
          return fallback(req, res);
        }
        void this.serve(req, res, route, match.slice(1), { path, url, querystring, query });
        return;
      }
      return fallback(req, res);
    };
  }

  private async serve(
    req: IncomingMessage,
    res: ServerResponse,
    route: DirectRoute,
    params: readonly string[],
    sent: { readonly path: string; readonly url: string; readonly querystring: string; readonly query: ParsedUrlQuery },
  ): Promise<void> {
    const { settings, logger } = this.deps;
    const started = process.hrtime.bigint();
    const view = new LaneRequest(req, sent.path, sent.url, sent.querystring, sent.query);
    const requestId = requestIdOf(view.get('X-Request-Id'));
    const log = new LazyChildLogger(logger, { requestId });
    const ip = koaIp(req, settings.trustProxy);
    const state = { requestId, log, textFormat: selectTextFormat(view.get('Accept'), settings.brand), caller: ANONYMOUS } as SpindleState;
    const headers: Array<readonly [string, string]> = [
      ['X-Request-Id', requestId],
      ['Vary', 'Accept'],
    ];
    let status = 200;
    let answer: DirectAnswer;
    try {
      const work = () => this.answer(view, route, params, state, headers);
      answer = await (this.deps.requestScope ? this.deps.requestScope.run(work) : work());
    } catch (err) {
      const failed = errorAnswer(err, { baseUrl: settings.baseUrl, log, method: 'GET', path: sent.path });
      status = failed.status;
      headers.push(...failed.headers);
      answer = { type: JSON_TYPE, body: failed.body };
    }
    headers.push([this.report.name, this.report.value(state.textFormat)]);
    if (!res.destroyed) {
      // The body encoded once (its length is the encoded one's), and the headers as one flat list to writeHead:
      // no header map kept for a response nothing else will touch.
      const body = Buffer.from(answer.body);
      const raw: string[] = [];
      for (const [name, value] of headers) raw.push(name, value);
      raw.push('Content-Type', answer.type, 'Content-Length', String(body.length));
      res.writeHead(status, raw);
      res.end(body);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logRequest(logger, log, requestId, { method: 'GET', path: sent.path, status, ms, ip });
  }

  /** Credentials, the rate limit (its headers added whatever follows), the refusal of bad credentials, the route. */
  private async answer(
    view: LaneRequest,
    route: DirectRoute,
    params: readonly string[],
    state: SpindleState,
    headers: Array<readonly [string, string]>,
  ): Promise<DirectAnswer> {
    const { settings, credentials, limiter } = this.deps;
    if (presentsCredentials(view)) {
      try {
        state.caller = await credentials.resolve(view);
      } catch (err) {
        if (!(err instanceof Unauthenticated) && !(err instanceof BadRequest)) throw err;
        state.credentialError = err;
      }
    }
    const limit = isAuthenticated(state.caller) ? settings.authenticatedPerWindow : settings.anonymousPerWindow;
    const verdict = await limiter.count(clientIp(view, settings.trustProxy), limit, state.log);
    headers.push(...verdict.headers);
    if (verdict.refusal) throw verdict.refusal;
    if (state.credentialError) throw state.credentialError;
    return route.answer(params, view.query, state);
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
