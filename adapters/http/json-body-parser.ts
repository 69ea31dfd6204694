import type Koa from 'koa';
import { bodyReader } from './body-reader.js';

/**
 * The body parser for routes that take a body (JSON or form-encoded). Mounted per route rather than for the whole
 * application, so a body sent to a read-only URL is answered 405, not parsed. Malformed JSON and oversized bodies
 * reach the error middleware, which answers 422 and 413 with a message; a hostile body (see `bodyReader`) is a 422
 * before the route runs.
 */
export function jsonBodyParser(maxBodyBytes: number): Koa.Middleware {
  const read = bodyReader({
    json: true,
    urlencoded: true,
    multipart: false,
    text: false,
    jsonStrict: true,
    jsonLimit: maxBodyBytes,
    formLimit: maxBodyBytes,
  });
  return async (ctx, next) => {
    await read(ctx);
    await next();
  };
}

/** The body `jsonBodyParser` parsed for the request (undefined when none was sent). */
export function requestBody(ctx: { request: unknown }): unknown {
  return (ctx.request as { body?: unknown }).body;
}
