/*
 * A rolling restart of one of two instances under load (ADR 0047), in one process: two servers on STORAGE=memory, a
 * small balancer in front as HAProxy is configured in deploy/ (round robin over the servers in rotation, each taken
 * out after one `/readyz` that is not 200, asked every `--check-ms`; a request whose connection could not be made,
 * ECONNREFUSED, is retried once on the other, as `retry-on conn-failure`; nothing else is retried, since a request an
 * instance took may have had its effect), `--concurrency` clients each sending request after request over kept-alive
 * connections. Half a second in, the first server is stopped; the run ends once the stop has. Printed per variant:
 * requests answered, requests lost (sent and not answered: a reset, a closed socket), and how long the stop took.
 * Variants: `main` (the build in /work/main or --main-dist, before this ADR: no drain, no Connection: close), and this
 * build with SHUTDOWN_DRAIN_SECONDS 0 and 1.
 * Run: npx tsc -p . && node dist/bench/shutdown-under-load.js [--rounds 3] [--concurrency 16] [--check-ms 200]
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../composition/config.js';
import type { RunningServer, ServerOptions } from '../composition/server.js';

const opts = new Command()
  .option('--rounds <n>', 'runs of each variant', (v) => Number(v), 3)
  .option('--concurrency <n>', 'clients', (v) => Number(v), 16)
  .option('--check-ms <n>', "the balancer's health-check interval", (v) => Number(v), 200)
  .option('--main-dist <dir>', 'the build of the version before', '/work/main/dist')
  .parse()
  .opts<{ rounds: number; concurrency: number; checkMs: number; mainDist: string }>();

type Start = (config: ReturnType<typeof loadConfig>, logger: ReturnType<typeof createPinoLogger>, options: ServerOptions) => Promise<RunningServer>;

interface Backend {
  readonly url: string;
  readonly agent: http.Agent;
  inRotation: boolean;
}

function send(backend: Backend, p: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${backend.url}${p}`, { agent: backend.agent, headers: { 'User-Agent': 'SpindleBench/1.0' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function run(start: Start, drainSeconds: number): Promise<{ answered: number; lost: number; stopMs: number }> {
  const env = { STORAGE: 'memory', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', RATE_LIMIT_ANONYMOUS: '10000000', SHUTDOWN_DRAIN_SECONDS: String(drainSeconds) };
  const logger = createPinoLogger('silent');
  const servers = [await start(loadConfig(env), logger, { demo: false }), await start(loadConfig(env), logger, { demo: false })];
  const backends: Backend[] = servers.map((s) => ({ url: s.url, agent: new http.Agent({ keepAlive: true }), inRotation: true }));
  let running = true;
  let answered = 0;
  let lost = 0;
  let next = 0;
  const checks = setInterval(() => {
    for (const b of backends) {
      void send(b, '/readyz').then(
        (status) => (b.inRotation = status === 200),
        () => (b.inRotation = false),
      );
    }
  }, opts.checkMs);
  const pick = (except?: Backend): Backend | undefined => {
    const live = backends.filter((b) => b.inRotation && b !== except);
    return live.length === 0 ? undefined : live[next++ % live.length];
  };
  const client = async () => {
    while (running) {
      const first = pick();
      if (!first) break;
      try {
        await send(first, '/web.css');
        answered++;
      } catch (err) {
        const other = (err as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? pick(first) : undefined;
        if (!other) {
          lost++;
          continue;
        }
        await send(other, '/web.css').then(
          () => answered++,
          () => lost++,
        );
      }
    }
  };
  const clients = Array.from({ length: opts.concurrency }, client);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const t0 = Date.now();
  await servers[0]!.stop();
  const stopMs = Date.now() - t0;
  running = false;
  await Promise.all(clients);
  clearInterval(checks);
  await servers[1]!.stop();
  for (const b of backends) b.agent.destroy();
  return { answered, lost, stopMs };
}

const mine = (await import('../composition/server.js')).startServer as Start;
const before = (await import(pathToFileURL(path.join(opts.mainDist, 'composition/server.js')).href)).startServer as Start;
const variants: [string, Start, number][] = [
  ['before (main)', before, 0],
  ['drain 0 s', mine, 0],
  ['drain 1 s', mine, 1],
];
console.log(`${opts.concurrency} clients, health checks every ${opts.checkMs} ms, ${opts.rounds} rounds each`);
for (let round = 1; round <= opts.rounds; round++) {
  for (const [name, start, drain] of variants) {
    const r = await run(start, drain);
    console.log(`round ${round} ${name.padEnd(14)} answered ${String(r.answered).padStart(6)}  lost ${String(r.lost).padStart(4)}  stop ${r.stopMs} ms`);
  }
}
process.exit(0);
