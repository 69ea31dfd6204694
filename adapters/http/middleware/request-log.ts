import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../../../application/ports/logger.js';

/** A child logger made when first used: most requests log nothing but their one line. */
export class LazyChildLogger implements Logger {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly fields: object,
  ) {}

  /** The child logger, if anything was logged through it. */
  get existing(): Logger | undefined {
    return this.made;
  }

  private get logger(): Logger {
    return (this.made ??= this.parent.child(this.fields));
  }

  debug(fields: object, message?: string): void {
    this.logger.debug(fields, message);
  }

  info(fields: object, message?: string): void {
    this.logger.info(fields, message);
  }

  warn(fields: object, message?: string): void {
    this.logger.warn(fields, message);
  }

  error(fields: object, message?: string): void {
    this.logger.error(fields, message);
  }

  child(fields: object): Logger {
    return this.logger.child(fields);
  }
}

/** The request's id: the client's `X-Request-Id` when it is a plain token of at most 64 characters, else a new UUID. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** What the one line logged per request says. */
export interface RequestLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  readonly ip: string;
}

/** Logs a request's one line, through its child logger if one was made (which adds the id), else with the id. */
export function logRequest(logger: Logger, log: LazyChildLogger, requestId: string, line: RequestLine): void {
  const fields = { ...line, ms: Math.round(line.ms * 10) / 10 };
  const child = log.existing;
  if (child) child.info(fields, 'request');
  else logger.info({ requestId, ...fields }, 'request');
}

/**
 * Gives each request an id (echoed as `X-Request-Id`) and a child logger (`ctx.state.log`, made when first used), and
 * logs one line when it ends.
 */
export function requestLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    const log = new LazyChildLogger(logger, { requestId });
    ctx.state.log = log;
    ctx.set('X-Request-Id', requestId);
    // Read now: once a client has gone (e.g. after a 413 to a body it was still sending) the socket is gone too.
    const ip = ctx.ip;
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logRequest(logger, log, requestId, { method: ctx.method, path: ctx.path, status: ctx.status, ms, ip });
    }
  };
}
