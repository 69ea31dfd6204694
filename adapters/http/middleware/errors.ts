import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import {
  ApplicationError,
  BadRequest,
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  QueryTimeExceeded,
  RateLimited,
  Unauthenticated,
  Unavailable,
  UnsupportedMediaType,
  PayloadTooLarge,
  UriTooLong,
} from '../../../application/errors.js';
import type { Logger } from '../../../application/ports/logger.js';
import { Refusal, type RefusalKind } from '../../../domain/shared/refusal.js';
import type { OutageDetector } from '../../../application/ports/outage-detector.js';
import { messageBody } from '../json-body.js';

const STATUS: ReadonlyArray<readonly [abstract new (...args: never[]) => ApplicationError, number]> = [
  [NotFound, 404],
  [BadRequest, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [Invalid, 422],
  [Conflict, 409],
  [UnsupportedMediaType, 415],
  [PayloadTooLarge, 413],
  [UriTooLong, 414],
  [RateLimited, 429],
  [Unavailable, 503],
  [QueryTimeExceeded, 500],
];

/** The status of each kind of the domain's one refusal (a rule said no). */
const REFUSAL_STATUS: Readonly<Record<RefusalKind, number>> = {
  invalid: 422,
  forbidden: 403,
  conflict: 409,
  'not-found': 404,
};

/** What a use case may refuse with: an application error, or the domain's refusal passed on unchanged. */
export type Refused = ApplicationError | Refusal;

/**
 * The status a typed application error or a domain refusal answers with, or undefined for anything else (a 500).
 */
export function statusOf(err: unknown): number | undefined {
  if (err instanceof Refusal) return REFUSAL_STATUS[err.kind];
  return err instanceof ApplicationError ? STATUS.find(([cls]) => err instanceof cls)?.[1] : undefined;
}

/** Messages for statuses set by the routing layer rather than thrown by a use case. */
const ROUTING_MESSAGES: Readonly<Record<number, string>> = {
  404: NotFound.GENERIC,
  405: 'The method is not allowed for the requested URL.',
  501: 'The method is not implemented by this server.',
};

/**
 * The refusal a failure is answered as: itself when it is an application error or a domain refusal,
 * {@link Unavailable} when the outage detector calls it a dependency's outage, else undefined (a client error of Koa
 * or the body parser, or a 500).
 */
export function refusalOf(err: unknown, outages: OutageDetector | undefined): Refused | undefined {
  if (statusOf(err) !== undefined) return err as Refused;
  return outages?.isOutage(err) ? new Unavailable(outages.retryAfterSeconds) : undefined;
}

/** The `Retry-After` a refusal carries (429, 503), or undefined. */
export function retryAfterOf(err: unknown): string | undefined {
  return err instanceof RateLimited || err instanceof Unavailable ? String(err.retryAfterSeconds) : undefined;
}

export interface ErrorHandlerOptions {
  readonly baseUrl: string;
  readonly logger: Logger;
  readonly outages?: OutageDetector;
  /**
   * Answers a failed request as a page instead of JSON (on the web pages: the refusal, the router's 404 or 405, a
   * client error, a 500), given the answer the API would give and the refusal behind it if any; false to leave it to
   * the JSON.
   */
  readonly page?: (ctx: Koa.Context, answer: ErrorAnswer, refusal: Refused | undefined) => Promise<boolean>;
}

/**
 * The one place errors become responses: typed application errors and domain refusals (and outages, as
 * {@link Unavailable}) map to their status and `{"message": ...}`, or to a page where `page` takes them; body-parser
 * errors keep their 4xx status; anything else is a 500 whose message carries a code that is logged with the error. A
 * status set without a body (unknown path, 405 from the router) gets its message too.
 */
export function errorHandler(options: ErrorHandlerOptions): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body == null && ROUTING_MESSAGES[ctx.status] && ctx.method !== 'HEAD') {
        const status = ctx.status;
        const message = ROUTING_MESSAGES[status]!;
        const answer = { status, headers: [], body: messageBody(message), message };
        if (options.page && (await options.page(ctx, answer, undefined).catch(() => false))) return;
        ctx.type = 'application/json';
        ctx.body = messageBody(ROUTING_MESSAGES[status]!);
        ctx.status = status;
      } else if (ctx.method === 'OPTIONS' && ctx.status === 200 && (ctx.body == null || ctx.body === '')) {
        ctx.body = null;
        ctx.status = 204;
      }
    } catch (err) {
      await options.outages?.examine(err);
      const refusal = refusalOf(err, options.outages);
      const log = (ctx.state as { log?: Logger }).log ?? options.logger;
      const answer = errorAnswer(refusal ?? err, { baseUrl: options.baseUrl, log, method: ctx.method, path: ctx.path, outages: options.outages });
      // A page that cannot be rendered leaves the failure to the JSON answer below.
      if (options.page && (await options.page(ctx, answer, refusal).catch(() => false))) return;
      ctx.status = answer.status;
      for (const [name, value] of answer.headers) ctx.set(name, value);
      ctx.type = 'application/json';
      ctx.body = answer.body;
    }
  };
}

/** The answer to a request that failed: its status, the headers the error adds, and the JSON body. */
export interface ErrorAnswer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
  /** The body's message (what a page shows). */
  readonly message: string;
}

/**
 * What an error thrown while answering becomes (the one mapping, for the Koa chain and the direct lane alike): a typed
 * application error or a domain refusal its status and exact message (`Retry-After` for 429 and 503,
 * `WWW-Authenticate` for 401); a
 * failure that the outage detector calls a dependency's outage the 503 of {@link Unavailable}, logged by the detector
 * once per outage rather than here per request; a client
 * error of Koa or the body parser its status (400 as 422) and a plain message; anything else a 500 whose code is
 * logged with the error.
 */
export function errorAnswer(
  err: unknown,
  context: {
    readonly baseUrl: string;
    readonly log: Logger;
    readonly method: string;
    readonly path: string;
    readonly outages?: OutageDetector;
  },
): ErrorAnswer {
  const refusal = refusalOf(err, context.outages);
  if (refusal !== undefined) {
    const headers: Array<readonly [string, string]> = [];
    const retryAfter = retryAfterOf(refusal);
    if (retryAfter !== undefined) headers.push(['Retry-After', retryAfter]);
    if (refusal instanceof Unauthenticated) headers.push(['WWW-Authenticate', `OAuth realm="${context.baseUrl}"`]);
    return { status: statusOf(refusal)!, headers, body: messageBody(refusal.message), message: refusal.message };
  }
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Errors from the body parser and Koa itself (malformed JSON, body too large): client errors, not ours.
    const message = clientErrorMessage(err as Error & { expose?: boolean }, status);
    return { status: status === 400 ? 422 : status, headers: [], body: messageBody(message), message };
  }
  const code = randomBytes(6).toString('hex');
  context.log.error({ err, code, method: context.method, path: context.path }, 'request failed');
  const message = `An internal server error occurred. (code: ${code})`;
  return { status: 500, headers: [], body: messageBody(message), message };
}

function clientErrorMessage(err: Error & { expose?: boolean }, status: number): string {
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'Unsupported media type.';
  if (err instanceof SyntaxError || /json/i.test(err.message)) return 'The request body is not valid JSON.';
  return err.expose ? err.message : 'The request could not be processed.';
}
