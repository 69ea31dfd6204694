import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../../../application/ports/logger.js';

/** Gives each request an id (echoed as `X-Request-Id`) and a child logger, and logs one line when it ends. */
export function requestLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const requestId = /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10, ip: ctx.ip },
        'request',
      );
    }
  };
}
