/*
 * What each kind of catalogue page costs on the demo data (ADR 0052): the server as `npm start` runs it (the demo data,
 * on the embedded database, or on the PostgreSQL server of DATABASE_URL), each page requested one after another over a
 * keep-alive connection after a warm-up; prints p50, p95 and p99 in ms per page, and for comparison the API's reads
 * that the master page makes.
 * Run: npx tsc -p . && node dist/bench/pages-bench.js [--requests 300]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import type Koa from 'koa';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../composition/config.js';
import { HTTP } from '../composition/http/http-tokens.js';
import { DEMO_SELLER } from '../composition/marketplace/demo-marketplace.js';
import { IDENTITY } from '../composition/identity/identity-tokens.js';
import { SESSION_COOKIE } from '../adapters/http/web-pages/web-page-kit.js';
import { openSpindle } from '../composition/spindle.js';

const opts = new Command()
  .option('--requests <n>', 'requests per page', (v) => Number(v), 300)
  .parse()
  .opts<{ requests: number }>();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-pages-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PAGES: '10000000', RATE_LIMIT_ANONYMOUS: '10000000' });
const spindle = await openSpindle(config, createPinoLogger('silent'));
await spindle.seedDemo(() => undefined);
const server = http.createServer((spindle.container.get(HTTP.HttpApp) as unknown as Koa).callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

// The demo seller's browser session, for the signed-in pages (ADR 0059).
const seller = (await spindle.container.get(IDENTITY.UserRepository).byLoginName(DEMO_SELLER))!;
const session = `${SESSION_COOKIE}=${(await spindle.container.get(IDENTITY.WebSessions).start(seller)).cookie}`;
/** A page the demo seller is signed in on. */
const SIGNED_IN = /^\/(?:sell\/(?:orders|purchases|exports|uploads|order\/|post\/|item\/\d+\/edit)|settings\/|search\?)/;

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const cookie = SIGNED_IN.test(new URL(url).pathname + new URL(url).search) ? { Cookie: session } : {};
    http
      .get(url, { agent, headers: { 'User-Agent': 'Mozilla/5.0 PagesBench', Accept: 'text/html', ...cookie } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${url}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

const api = async <T>(p: string): Promise<T> => (await fetch(`${base}${p}`, { headers: { 'User-Agent': 'PagesBench/1.0' } })).json() as Promise<T>;
const release = await api<{ title: string; artists: Array<{ id: number }>; labels: Array<{ id: number }> }>('/releases/1');
// A word of the first release's title: the signed-in search results page for it (anonymous visitors get the form).
const word = encodeURIComponent(release.title.split(/\s+/)[0]!.toLowerCase());
const lists = await api<{ lists: Array<{ uri: string }> }>('/s/demo-buyer/lists');
const inventory = await api<{ listings: Array<{ id: number; release: { id: number } }> }>(`/users/${DEMO_SELLER}/inventory`);
const pages = [
  '/',
  '/release/1',
  // The demo releases name masters the demo masters do not hold: a demo master (no versions among the demo releases).
  '/master/113',
  `/artist/${release.artists[0]!.id}`,
  `/label/${release.labels[0]!.id}`,
  '/search',
  `/search?q=${word}`,
  `/search?q=${word}&type=release`,
  // The people's pages: a demo user's profile, collection, wantlist and first list (its `uri`).
  '/user/demo-buyer',
  '/user/demo-buyer/collection',
  '/user/demo-buyer/wants',
  ...lists.lists.slice(0, 1).map((l) => new URL(l.uri).pathname),
  // The marketplace's pages: the demo seller's inventory, a listing of theirs, its release's copies for sale.
  `/seller/${DEMO_SELLER}`,
  `/sell/item/${inventory.listings[0]!.id}`,
  `/sell/release/${inventory.listings[0]!.release.id}`,
  // The seller's pages, signed in as the demo seller: sales, purchases, an order, the listing forms, the job lists.
  '/sell/orders',
  '/sell/purchases',
  `/sell/order/${seller.id}-1`,
  `/sell/item/${inventory.listings[0]!.id}/edit`,
  `/sell/post/${inventory.listings[0]!.release.id}`,
  '/sell/exports',
  '/sell/uploads',
  // The signed-in person's settings pages.
  '/settings/profile',
  '/settings/seller',
  '/settings/developers',
  '/settings/collection',
  '/settings/lists',
  // For comparison: the API's reads of the dearest page.
  '/masters/113',
  '/masters/113/versions',
  `/users/${DEMO_SELLER}/inventory`,
  // … and of the people's pages.
  '/users/demo-buyer',
  '/users/demo-buyer/collection/folders/0/releases',
];
console.log(`pages on the demo data, ${opts.requests} requests each after 50 to warm up (${config.databaseUrl ? 'PostgreSQL server' : 'embedded database'})`);
for (const page of pages) {
  for (let i = 0; i < 50; i++) await get(`${base}${page}`);
  const times: number[] = [];
  for (let i = 0; i < opts.requests; i++) times.push(await get(`${base}${page}`));
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${page.padEnd(34)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms`);
}
agent.destroy();
await new Promise((resolve) => server.close(resolve));
await spindle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
