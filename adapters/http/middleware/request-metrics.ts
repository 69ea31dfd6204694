import type Koa from 'koa';
import { UNMATCHED_ROUTE, type RequestMetrics } from '../metrics/prometheus-metrics.js';

/** The methods counted by name; any other is counted as `OTHER`, so that a client cannot add series at will. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request's method as a metric label. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/**
 * Records every request the Koa chain answers in `metrics`: its method, the path pattern of the route that took it
 * (`/releases/:id`, as the router matched it after path tolerance; never the raw URL, whose ids would make a series
 * per record), its final status and its duration. Mounted first, so it times the whole chain.
 */
export function requestMetrics(metrics: RequestMetrics): Koa.Middleware {
  return async function requestMetricsMiddleware(ctx, next) {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(methodLabel(ctx.method), typeof route === 'string' ? route : UNMATCHED_ROUTE, ctx.status, seconds);
    }
  };
}
