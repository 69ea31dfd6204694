import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../../../application/ports/logger.js';

/** A child logger made when first used: most requests log nothing but their one line. */
class LazyChildLogger implements Logger {
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

/**
 * Gives each request an id (echoed as `X-Request-Id`) and a child logger (`ctx.state.log`, made when first used), and
 * logs one line when it ends.
 */
export function requestLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
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
      const fields = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10, ip };
      // The request's id as the child logger adds it, without making one for this line alone.
      const child = log.existing;
      if (child) child.info(fields, 'request');
      else logger.info({ requestId, ...fields }, 'request');
    }
  };
}
