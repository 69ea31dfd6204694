/*
 * CPU per GET /releases/{id}: Spindle servers (one process each, WEB_CONCURRENCY=1), each on its own database and
 * build, asked for the same seeded random release ids in alternating rounds; the server's CPU time (/proc, user +
 * system) and the PostgreSQL processes' working for its database, per request, beside the wall p50/p99 seen by the
 * client (a Node loop of keep-alive requests, `--connections` at a time). CPU per request is what compares on a
 * machine shared with other work; the wall times are given for what they are worth there.
 *
 *   node dist/bench/release-read-cpu.js --target before=dist-base/composition/cli.js@postgres://…/db_before \
 *        --target after=dist/composition/cli.js@postgres://…/db_after [--requests 20000] [--rounds 3]
 *
 * ADR 0066 compared the release document packed by the application with the template stored as text this way.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { freePort, spindleNodeOptions, startServer, stopAll, stopProcessesOnExit, withClient, withSpindleSettings, type Server } from './bench-processes.js';
import { PostgresCpu } from './process-figures.js';
import fs from 'node:fs';

const USER_AGENT = 'SpindleReadBench/1.0';
const TICKS_PER_SECOND = 100;

const collect = (v: string, all: string[]) => [...all, v];
const program = new Command()
  .option('--target <name=cli@url>', 'a server to measure: its name, the spindle CLI it runs, its database (repeat)', collect, [])
  .option('--requests <n>', 'requests in each measured round', (v) => Number(v), 20_000)
  .option('--warmup <n>', 'requests before each measured round (other ids)', (v) => Number(v), 2_000)
  .option('--connections <n>', 'requests in flight at once', (v) => Number(v), 16)
  .option('--rounds <n>', 'measured rounds of each target, alternately', (v) => Number(v), 3)
  .option('--seed <n>', 'seed of the random ids', (v) => Number(v), 20_260_101)
  .parse();
const opts = program.opts<{ target: string[]; requests: number; warmup: number; connections: number; rounds: number; seed: number }>();

interface Target {
  readonly name: string;
  readonly cli: string;
  readonly url: string;
  server?: Server;
  maxId?: number;
  readonly rounds: { cpuUs: number; pgUs: number; p50: number; p99: number; bytes: number }[];
}

/** Server CPU time of a process, µs (user + system). */
function processMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

/** Park–Miller ids in 1…max. */
function ids(seed: number, max: number, n: number): number[] {
  let state = seed % 2147483647 || 1;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    state = (state * 48271) % 2147483647;
    out.push(1 + (state % max));
  }
  return out;
}

async function run(base: string, list: number[], connections: number): Promise<{ times: number[]; bytes: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  const times: number[] = [];
  let bytes = 0;
  let next = 0;
  const one = (id: number) =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get({ hostname, port, path: `/releases/${id}`, agent, headers: { 'User-Agent': USER_AGENT } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`GET /releases/${id}: ${res.statusCode}`));
          res.on('data', (d: Buffer) => (bytes += d.length));
          res.on('end', () => {
            times.push(performance.now() - t0);
            resolve();
          });
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < list.length) await one(list[next++]!);
    }),
  );
  agent.destroy();
  return { times, bytes };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

async function main(): Promise<void> {
  stopProcessesOnExit();
  const targets: Target[] = opts.target.map((t) => {
    const m = /^([^=]+)=([^@]+)@(.+)$/.exec(t);
    if (!m) throw new Error(`--target ${t}: expected name=cli.js@postgres://…`);
    return { name: m[1]!, cli: path.resolve(m[2]!), url: m[3]!, rounds: [] };
  });
  if (targets.length === 0) throw new Error('no --target');
  for (const t of targets) {
    t.maxId = await withClient(t.url, async (c) => Number((await c.query<{ n: number }>('select max(id)::int as n from release')).rows[0]!.n));
    const port = await freePort();
    const env = withSpindleSettings({
      ...process.env,
      DATABASE_URL: t.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_ANONYMOUS: '10000000',
      LOG_LEVEL: 'silent',
      WEB_CONCURRENCY: '1',
    });
    t.server = await startServer(t.name, [...spindleNodeOptions('serve'), t.cli, 'serve'], env, port, '/releases/1', { 'User-Agent': USER_AGENT });
  }
  console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${opts.requests} requests a round, ${opts.connections} at a time`);
  for (let r = 1; r <= opts.rounds; r++) {
    for (const t of targets) {
      const server = t.server!;
      await run(server.base, ids(opts.seed + 1000 + r, t.maxId!, opts.warmup), opts.connections);
      const pg = new PostgresCpu(new URL(t.url).pathname.slice(1));
      pg.sample();
      const cpu0 = processMicros(server.proc.pid!);
      const { times, bytes } = await run(server.base, ids(opts.seed + r, t.maxId!, opts.requests), opts.connections);
      const cpuUs = (processMicros(server.proc.pid!) - cpu0) / opts.requests;
      pg.sample();
      const pgUs = pg.micros() / opts.requests;
      times.sort((a, b) => a - b);
      const round = { cpuUs, pgUs, p50: percentile(times, 50), p99: percentile(times, 99), bytes: bytes / opts.requests };
      t.rounds.push(round);
      console.log(
        `round ${r} ${t.name.padEnd(8)} server CPU ${round.cpuUs.toFixed(0).padStart(4)} µs/request, PostgreSQL ${round.pgUs.toFixed(0).padStart(4)} µs/request, ` +
          `p50 ${round.p50.toFixed(1)} ms, p99 ${round.p99.toFixed(1)} ms, ${round.bytes.toFixed(0)} bytes/response`,
      );
    }
  }
  console.log('\nmedians of the rounds');
  for (const t of targets) {
    const m = (k: 'cpuUs' | 'pgUs' | 'p50' | 'p99') => median(t.rounds.map((x) => x[k]));
    console.log(`${t.name.padEnd(8)} server CPU ${m('cpuUs').toFixed(0)} µs/request, PostgreSQL ${m('pgUs').toFixed(0)} µs/request, p50 ${m('p50').toFixed(1)} ms, p99 ${m('p99').toFixed(1)} ms`);
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
