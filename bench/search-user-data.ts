/*
 * What a signed-in caller costs a search page: GET /database/search (50 results a page) asked by an application's key
 * and secret (no user: no `user_data`) and by a user's personal token (`user_data` from one batched lookup of the
 * page's records), question by question in turn, over the demo catalogue, with the user holding many of the results
 * (in their collection and wantlist). Prints p50, p95 and the mean of each caller; beside them, the same two callers
 * reading a release (`GET /releases/{id}`: what the two kinds of credentials cost alone) and the batched lookup
 * itself (`SEARCH.UserHoldings`, in process, for each question's page).
 *
 *   node dist/bench/search-user-data.js [--postgres URL] [--rounds 60] [--warmup 5] [--held 300]
 *
 * Without --postgres the embedded database (PGlite) in a temporary folder; with it, that database (migrated, the demo
 * data seeded when missing; nothing is dropped).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import type Koa from 'koa';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../composition/config.js';
import { COLLECTION } from '../composition/collection/collection-tokens.js';
import { HTTP } from '../composition/http/http-tokens.js';
import { IDENTITY } from '../composition/identity/identity-tokens.js';
import { SEARCH } from '../composition/search/search-tokens.js';
import { openSpindle } from '../composition/spindle.js';

const program = new Command()
  .option('--postgres <url>', 'a PostgreSQL database to use (default: PGlite in a temporary folder)')
  .option('--rounds <n>', 'times each question is asked by each caller', (v) => Number(v), 60)
  .option('--warmup <n>', 'rounds before measuring', (v) => Number(v), 5)
  .option('--held <n>', 'releases the user holds (half in the collection, half wanted), from the questions’ results', (v) => Number(v), 300)
  .parse();
const opts = program.opts<{ postgres?: string; rounds: number; warmup: number; held: number }>();

const QUESTIONS = ['q=rock', 'q=electronic', 'q=house', 'type=release&q=love', 'q=the', 'type=master&q=live', 'genre=Jazz', 'q=remix'];
const AGENT = 'SpindleSearchUserDataBench/1.0';

async function main(): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-search-user-data-'));
  const env = {
    ...process.env,
    ...(opts.postgres ? { DATABASE_URL: opts.postgres } : { DATA_DIR: folder }),
    IMAGE_DIR: folder,
    RATE_LIMIT_ANONYMOUS: '1000000',
    RATE_LIMIT_AUTHENTICATED: '1000000',
    JOB_WORKER: 'false',
  };
  const spindle = await openSpindle(loadConfig(env), createPinoLogger('silent'));
  const server = http.createServer((spindle.container.get(HTTP.HttpApp) as unknown as Koa).callback());
  try {
    await spindle.seedDemo(() => {});
    const c = spindle.container;
    const name = `bench-${Date.now().toString(36)}`;
    await c.get(IDENTITY.CreateUser).execute({ username: name, email: `${name}@example.test`, password: `pw-${name}-secret` });
    const { token } = await c.get(IDENTITY.CreatePersonalToken).execute({ user: name });
    const application = await c.get(IDENTITY.RegisterApplication).execute({ name: 'Search bench', owner: name });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const asApp = `Service key=${application.consumerKey}, secret=${application.consumerSecret}`;
    const asUser = `Service token=${token}`;
    const ask = async (question: string, auth: string): Promise<{ ms: number; body: { results: { type: string; id: number }[] } }> => {
      const started = process.hrtime.bigint();
      const res = await fetch(`${base}/database/search?${question}&per_page=50`, { headers: { Authorization: auth, 'User-Agent': AGENT } });
      const body = (await res.json()) as { results: { type: string; id: number }[] };
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.status !== 200) throw new Error(`${question}: ${res.status} ${JSON.stringify(body)}`);
      return { ms, body };
    };

    // The user holds releases from the questions' results: every other one collected, the rest wanted.
    const releases = new Set<number>();
    for (const q of QUESTIONS) for (const r of (await ask(q, asApp)).body.results) if (r.type === 'release') releases.add(r.id);
    const held = [...releases].slice(0, opts.held);
    const caller = { kind: 'user', userId: String((await c.get(IDENTITY.UserRepository).byLoginName(name))!.id), username: name, via: 'token' } as const;
    for (const [n, id] of held.entries()) {
      if (n % 2 === 0) await c.get(COLLECTION.AddToFolder).execute({ name, folderId: 1, releaseId: id, caller });
      else await c.get(COLLECTION.PutWant).execute({ name, releaseId: id, caller, change: () => ({}) });
    }

    const times = { app: [] as number[], user: [] as number[], releaseApp: [] as number[], releaseUser: [] as number[], lookup: [] as number[] };
    const holdings = c.get(SEARCH.UserHoldings);
    const pages = new Map<string, { kind: 'release' | 'master' | 'artist' | 'label'; id: number }[]>();
    for (const q of QUESTIONS) pages.set(q, (await ask(q, asApp)).body.results.map((r) => ({ kind: r.type as 'release', id: r.id })));
    const userId = Number(caller.userId);
    let heldShown = 0;
    for (let round = 0; round < opts.warmup + opts.rounds; round++) {
      for (const q of QUESTIONS) {
        // Alternate which caller goes first, so neither always finds the other's pages cached.
        const order = round % 2 === 0 ? (['app', 'user'] as const) : (['user', 'app'] as const);
        for (const who of order) {
          const { ms, body } = await ask(q, who === 'app' ? asApp : asUser);
          if (round >= opts.warmup) times[who].push(ms);
          const started = process.hrtime.bigint();
          const release = await fetch(`${base}/releases/${held[round % held.length]}`, { headers: { Authorization: who === 'app' ? asApp : asUser, 'User-Agent': AGENT } });
          await release.arrayBuffer();
          if (round >= opts.warmup) times[who === 'app' ? 'releaseApp' : 'releaseUser'].push(Number(process.hrtime.bigint() - started) / 1e6);
          if (who === 'user' && round === 0) {
            heldShown += body.results.filter((r) => (r as { user_data?: { in_collection: boolean; in_wantlist: boolean } }).user_data?.in_collection || (r as { user_data?: { in_wantlist: boolean } }).user_data?.in_wantlist).length;
          }
        }
      }
    }
    for (let round = 0; round < opts.warmup + opts.rounds; round++) {
      for (const q of QUESTIONS) {
        const started = process.hrtime.bigint();
        await holdings.of(userId, pages.get(q)!);
        if (round >= opts.warmup) times.lookup.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    const pct = (list: number[], p: number): number => {
      const sorted = [...list].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
    };
    const mean = (list: number[]): number => list.reduce((a, b) => a + b, 0) / list.length;
    const database = opts.postgres ? 'PostgreSQL' : 'PGlite';
    console.log(`search page (50 results), ${database}, ${QUESTIONS.length} questions x ${opts.rounds} rounds per caller; the user holds ${held.length} releases (${heldShown} held results shown in one round)`);
    console.log('caller                          p50 ms   p95 ms   mean ms');
    for (const [label, list] of [
      ['application key (no user_data)', times.app],
      ['user token (user_data)', times.user],
      ['GET /releases/{id}, app key', times.releaseApp],
      ['GET /releases/{id}, user token', times.releaseUser],
      ['the lookup alone (a page)', times.lookup],
    ] as const) {
      console.log(`${label.padEnd(30)} ${pct(list, 50).toFixed(2).padStart(7)}  ${pct(list, 95).toFixed(2).padStart(7)}  ${mean(list).toFixed(2).padStart(8)}`);
    }
  } finally {
    server.close();
    await spindle.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
