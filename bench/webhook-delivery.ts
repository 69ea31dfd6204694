/*
 * Webhook delivery benchmark (ADR 0058): events per second delivered end to end — claimed from the subscription
 * rows, read from the outbox, POSTed to a receiver on loopback that answers 200 at once, recorded — by one and by two
 * `spindle worker` processes (the build's CLI, WEBHOOK_CONCURRENCY slots each), side by side in one run on one
 * PostgreSQL database, and the CPU time the worker processes spent per 1,000 events (from /proc/<pid>/stat: on a
 * loaded machine the figure that stays comparable). Each round starts the workers, waits until they are running
 * (their start is not in the figures), appends `--events` new events spread over `--subscriptions` subscriptions of
 * different users (a subscription's events go one at a time, so the spread is what several workers can share), and
 * times from the first append to the receiver's last request. With `--main-dist` (another build's dist/, e.g. the
 * main branch's) each round is run with that build's workers too, alternating, on the same database and receiver.
 *
 *   node dist/bench/webhook-delivery.js [--events N] [--subscriptions N] [--concurrency N] [--postgres URL] [--main-dist DIR]
 *
 * Defaults: 4,000 events, 40 subscriptions, WEBHOOK_CONCURRENCY 4, postgres://postgres@127.0.0.1:5432/spindle_webhook_bench
 * (dropped and created again; its name must contain "bench"). Prints events per second, the workers' CPU seconds per
 * 1,000 events, the receiver's latency and how long a worker takes to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { query } from '../adapters/persistence/mikro-orm-unit-of-work.js';
import type { Caller } from '../application/shared/caller.js';
import { loadConfig } from '../composition/config.js';
import { EVENTS } from '../composition/events/events-tokens.js';
import { IDENTITY } from '../composition/identity/identity-tokens.js';
import { PERSISTENCE } from '../composition/persistence/persistence-tokens.js';
import { openSpindle } from '../composition/spindle.js';
import { WEBHOOKS } from '../composition/webhooks/webhooks-tokens.js';
import { newEvent } from '../domain/events/event.js';
import { databaseName, recreateBenchDatabase } from './bench-database.js';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const events = Number(option('--events') ?? 4_000);
const subscriptions = Number(option('--subscriptions') ?? 40);
const concurrency = Number(option('--concurrency') ?? 4);
const url = option('--postgres') ?? 'postgres://postgres@127.0.0.1:5432/spindle_webhook_bench';
const mainDist = option('--main-dist');
const builds = [
  ...(mainDist ? [{ name: 'main', cli: path.join(path.resolve(mainDist), 'composition/cli.js') }] : []),
  { name: 'this', cli: path.join(path.dirname(fileURLToPath(import.meta.url)), '../composition/cli.js') },
];
const workerEnv = {
  ...process.env,
  DATABASE_URL: url,
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_CONCURRENCY: String(concurrency),
  JOB_POLL_MS: '20',
  LOG_LEVEL: 'warn',
  REDIS_URL: '',
};

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A `spindle worker` of the build, resolved once it runs (its stderr says so). */
async function startWorker(cli: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [cli, 'worker'], { env: workerEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it ran`)));
    child.stderr!.on('data', (d: Buffer) => {
      if (String(d).includes('Running jobs')) resolve();
      else process.stderr.write(d);
    });
  });
  return child;
}

/** The receiver: answers 200 at once, counts requests. */
async function receiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => n,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function main(): Promise<void> {
  await recreateBenchDatabase(url);
  const config = loadConfig({ ...workerEnv, LOG_LEVEL: 'silent' });
  const spindle = await openSpindle(config, createPinoLogger('silent'));
  // The workers' sessions without JIT: on a bloated subscription table the claim's estimated cost passed
  // jit_above_cost, and PostgreSQL spent about 3 s compiling each claim (seen 2026-12-07, see README.md).
  await query(spindle.db!.orm, `alter database "${databaseName(url)}" set jit = off`);
  const c = spindle.container;
  const r = await receiver();
  const users: number[] = [];
  for (let s = 0; s < subscriptions; s++) {
    const name = `bench-seller-${s}`;
    const user = await c.get(IDENTITY.CreateUser).execute({ username: name, email: `${name}@example.test`, password: `pw-${name}-secret` });
    const caller: Caller = { kind: 'user', userId: String(user.id), username: name, via: 'token' };
    await c.get(WEBHOOKS.Create).execute({ caller, body: () => ({ url: `${r.url}/hook/${s}`, eventTypes: ['order.created'] }) });
    users.push(user.id);
  }
  const uow = c.get(PERSISTENCE.UnitOfWork);
  const outbox = c.get(EVENTS.Outbox);
  const append = async () => {
    const batch = 200;
    for (let i = 0; i < events; i += batch) {
      const list = Array.from({ length: Math.min(batch, events - i) }, (_, k) => {
        const n = i + k;
        return newEvent('order.created', users[n % users.length]!, new Date(), { id: `${n}`, body: { id: `${n}`, status: 'New Order', total: { value: 12.5, currency: 'EUR' } } });
      });
      await uow.run(() => outbox.append(list));
    }
  };

  console.log(
    `webhook delivery: ${events} events over ${subscriptions} subscriptions, WEBHOOK_CONCURRENCY=${concurrency}, receiver on loopback answering 200 at once; builds: ${builds.map((b) => `${b.name} (${b.cli})`).join(', ')}`,
  );
  const results: string[] = [];
  const starts: number[] = [];
  for (const workers of [1, 2]) {
    for (const build of builds) {
      // Each round starts from a vacuumed subscription table: the rounds' updates leave thousands of dead rows in its
      // 40, which autovacuum on a busy machine may not reach (on 2026-12-07 it had not, after 16,000).
      await query(spindle.db!.orm, 'vacuum webhook_subscription');
      const startup = performance.now();
      const children = await Promise.all(Array.from({ length: workers }, () => startWorker(build.cli)));
      starts.push((performance.now() - startup) / 1000);
      const cpuBefore = children.reduce((sum, child) => sum + cpuSeconds(child.pid!), 0);
      const before = r.count();
      const started = performance.now();
      await append();
      while (r.count() - before < events) await new Promise((resolve) => setTimeout(resolve, 10));
      const seconds = (performance.now() - started) / 1000;
      const cpu = children.reduce((sum, child) => sum + cpuSeconds(child.pid!), 0) - cpuBefore;
      const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(exited);
      const [lag] = await spindle.db!.orm.em.fork().getConnection().execute(
        `select avg(duration_ms)::float as mean, percentile_cont(0.99) within group (order by duration_ms) as p99 from webhook_delivery`,
      );
      results.push(
        `${build.name.padEnd(5)} ${workers} worker${workers > 1 ? 's' : ' '}: ${events} events in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} events/s; ` +
          `workers' CPU ${cpu.toFixed(2)} s = ${((cpu * 1000) / events).toFixed(2)} s per 1,000 events; request mean ${Number(lag.mean).toFixed(1)} ms, p99 ${Number(lag.p99).toFixed(1)} ms`,
      );
      console.log(`  ${results.at(-1)}`);
      await query(spindle.db!.orm, 'delete from webhook_delivery');
    }
  }
  console.log('side by side:');
  for (const line of results) console.log(`  ${line}`);
  console.log(`  (workers take ${Math.min(...starts).toFixed(2)}-${Math.max(...starts).toFixed(2)} s to start here, not in the figures)`);
  await r.close();
  await spindle.close();
}

await main();
