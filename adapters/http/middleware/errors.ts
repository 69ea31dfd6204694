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
} from '../../../application/errors.js';
import type { Logger } from '../../../application/ports/logger.js';
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
  [RateLimited, 429],
  [Unavailable, 503],
  [QueryTimeExceeded, 500],
];

/** The status a typed application error answers with, or undefined for anything else (a 500). */
export function statusOf(err: unknown): number | undefined {
  return err instanceof ApplicationError ? STATUS.find(([cls]) => err instanceof cls)?.[1] : undefined;
}

/** Messages for statuses set by the routing layer rather than thrown by a use case. */
const ROUTING_MESSAGES: Readonly<Record<number, string>> = {
  404: NotFound.GENERIC,
  405: 'The method is not allowed for the requested URL.',
  501: 'The method is not implemented by this server.',
};

/**
 * The one place errors become responses: typed application errors map to their status and `{"message": ...}`;
 * body-parser errors keep their 4xx status; anything else is a 500 whose message carries a code that is logged
 * with the error. A status set without a body (unknown path, 405 from the router) gets its message too.
 */
export function errorHandler(options: { baseUrl: string; logger: Logger }): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body == null && ROUTING_MESSAGES[ctx.status] && ctx.method !== 'HEAD') {
        const status = ctx.status;
        ctx.type = 'application/json';
        ctx.body = messageBody(ROUTING_MESSAGES[status]!);
        ctx.status = status;
      } else if (ctx.method === 'OPTIONS' && ctx.status === 200 && (ctx.body == null || ctx.body === '')) {
        ctx.body = null;
        ctx.status = 204;
      }
    } catch (err) {
      const mapped = statusOf(err);
      if (mapped !== undefined) {
        ctx.status = mapped;
        if (err instanceof RateLimited || err instanceof Unavailable) ctx.set('Retry-After', String(err.retryAfterSeconds));
        if (err instanceof Unauthenticated) ctx.set('WWW-Authenticate', `OAuth realm="${options.baseUrl}"`);
        ctx.type = 'application/json';
        ctx.body = messageBody((err as Error).message);
        return;
      }
      const status = (err as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // Errors from the body parser and Koa itself (malformed JSON, body too large): client errors, not ours.
        ctx.status = status === 400 ? 422 : status;
        ctx.type = 'application/json';
        ctx.body = messageBody(clientErrorMessage(err as Error & { expose?: boolean }, status));
        return;
      }
      const code = randomBytes(6).toString('hex');
      const log = (ctx.state as { log?: Logger }).log ?? options.logger;
      log.error({ err, code, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.type = 'application/json';
      ctx.body = messageBody(`An internal server error occurred. (code: ${code})`);
    }
  };
}

function clientErrorMessage(err: Error & { expose?: boolean }, status: number): string {
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'Unsupported media type.';
  if (err instanceof SyntaxError || /json/i.test(err.message)) return 'The request body is not valid JSON.';
  return err.expose ? err.message : 'The request could not be processed.';
}
