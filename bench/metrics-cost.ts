/*
 * What the request metrics cost (ADR 0045). Two measures, printed:
 * 1. `PrometheusMetrics.observe` alone, ns per call, over 200 series (methods × routes × statuses as a busy instance
 *    has them);
 * 2. whole requests through the HTTP application (the Koa chain: request log, CORS, User-Agent rule, negotiation,
 *    errors, rate limit, router; a route answering a small JSON body), over a keep-alive HTTP connection pool, with the
 *    metrics recording and with `observe` replaced by a no-op (the middleware's two clock reads stay), in alternating
 *    rounds so that drift of the machine falls on both: µs per request (median of the rounds) and the difference.
 * Run: npx tsc -p . && node dist/bench/metrics-cost.js [--rounds 6] [--requests 4000] [--concurrency 16]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { createHttpApp } from '../adapters/http/app.js';
import { PrometheusMetrics } from '../adapters/http/metrics/prometheus-metrics.js';
import type { RouteModule } from '../adapters/http/route-module.js';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { InMemoryRateLimitStore } from '../adapters/rate-limit/in-memory-rate-limit-store.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { loadConfig } from '../composition/config.js';

const opts = new Command()
  .option('--rounds <n>', 'rounds of each variant', (v) => Number(v), 6)
  .option('--requests <n>', 'requests per round', (v) => Number(v), 4000)
  .option('--concurrency <n>', 'requests in flight', (v) => Number(v), 16)
  .parse()
  .opts<{ rounds: number; requests: number; concurrency: number }>();

function observeCost(): number {
  const metrics = new PrometheusMetrics([]);
  const methods = ['GET', 'POST', 'PUT', 'DELETE'];
  const statuses = [200, 201, 404, 422, 429];
  const routes = Array.from({ length: 10 }, (_, i) => `/route/${i}/:id`);
  const series = methods.flatMap((m) => statuses.flatMap((s) => routes.map((r) => [m, r, s] as const)));
  const calls = 1_000_000;
  for (let i = 0; i < 100_000; i++) metrics.observe(...series[i % series.length]!, 0.002);
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) metrics.observe(...series[i % series.length]!, (i % 100) / 10_000);
  return Number(process.hrtime.bigint() - started) / calls;
}

const pingRoutes: RouteModule = {
  register(router) {
    router.get('/ping/:id', (ctx) => {
      ctx.body = { id: Number(ctx.params.id), ok: true };
    });
  },
};

async function serve(recording: boolean): Promise<{ url: URL; close(): Promise<void> }> {
  const config = loadConfig({ RATE_LIMIT_ANONYMOUS: '10000000', LOG_LEVEL: 'silent' });
  const metrics = new PrometheusMetrics([]);
  if (!recording) metrics.observe = () => undefined;
  const app = createHttpApp({
    settings: config,
    logger: createPinoLogger('silent'),
    rateLimitStore: new InMemoryRateLimitStore(new SystemClock()),
    routes: [pingRoutes],
    metrics,
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}`), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function round(url: URL, agent: http.Agent): Promise<number> {
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path: `/ping/${next % 1000}`, agent, headers: { 'User-Agent': 'SpindleBench/1.0' } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
    });
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (next < opts.requests) {
        next++;
        await one();
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1000 / opts.requests;
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  console.log(`observe(): ${observeCost().toFixed(0)} ns per call (200 series)`);
  const on = await serve(true);
  const off = await serve(false);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  await round(on.url, agent);
  await round(off.url, agent);
  const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
  for (let r = 0; r < opts.rounds; r++) {
    const order = r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const which of order) times[which].push(await round(which === 'on' ? on.url : off.url, agent));
  }
  agent.destroy();
  await on.close();
  await off.close();
  const [a, b] = [median(times.on), median(times.off)];
  console.log(`requests: ${opts.rounds} rounds × ${opts.requests}, ${opts.concurrency} in flight, wall time per request (median of rounds)`);
  console.log(`  metrics recording: ${a.toFixed(1)} µs   rounds: ${times.on.map((t) => t.toFixed(1)).join(' ')}`);
  console.log(`  observe a no-op:   ${b.toFixed(1)} µs   rounds: ${times.off.map((t) => t.toFixed(1)).join(' ')}`);
  console.log(`  difference:        ${(a - b).toFixed(2)} µs per request (${(((a - b) / b) * 100).toFixed(1)} %)`);
}

await main();
