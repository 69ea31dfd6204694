import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

import { expect } from 'chai';
import { Redis } from 'ioredis';
import Koa from 'koa';
import request from 'supertest';

import { ClusterRateLimitStore, serveRateLimits } from '../../adapters/rate-limit/cluster-rate-limit-store.js';
import { InMemoryRateLimitStore } from '../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { RedisRateLimitStore } from '../../adapters/rate-limit/redis-rate-limit-store.js';
import { RedisUnavailable } from '../../adapters/rate-limit/redis-unavailable.js';
import { errorHandler } from '../../adapters/http/middleware/errors.js';
import { rateLimit } from '../../adapters/http/middleware/rate-limit.js';
import { createPinoLogger } from '../../adapters/logging/pino-logger.js';
import type { Clock } from '../../application/ports/clock.js';
import type { RateLimitState, RateLimitStore } from '../../application/ports/rate-limit-store.js';

class FakeClock implements Clock {
  constructor(private ms = Date.UTC(2026, 0, 1)) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** What the shared contract needs from an adapter: a store, a way to let time pass, and a window it can wait out. */
interface Harness {
  readonly store: RateLimitStore;
  /** A window short enough to wait out in the Redis suite (whose time is the server's), and 60 s on a fake clock. */
  readonly windowMs: number;
  advance(ms: number): Promise<void>;
  /** A key of this test run, so runs never see each other's windows. */
  key(name: string): string;
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN = randomBytes(4).toString('hex');
const PREFIX = `spindle-test:${RUN}:ratelimit:`;

const allowed = (used: number, limit: number): Partial<RateLimitState> => ({
  limit,
  used,
  remaining: limit - used,
  allowed: true,
  retryAfterSeconds: 0,
});

function contract(name: string, setup: () => Harness | Promise<Harness>): void {
  describe(`RateLimitStore contract: ${name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await setup();
    });

    it('allows requests until the limit, counting each, then refuses', async () => {
      const key = h.key('until-limit');
      for (let used = 1; used <= 3; used++) {
        expect(await h.store.hit(key, 3, 60_000)).to.deep.include(allowed(used, 3));
      }
      const refused = await h.store.hit(key, 3, 60_000);
      expect(refused).to.deep.include({ limit: 3, used: 3, remaining: 0, allowed: false });
      expect(refused.retryAfterSeconds).to.be.within(1, 60);
    });

    it('gives retryAfter in whole seconds, rounded up, from the oldest counted request', async () => {
      const key = h.key('retry-after');
      await h.store.hit(key, 2, 1500);
      await h.advance(600);
      await h.store.hit(key, 2, 1500);
      // The oldest leaves ~900 ms from now (→ 1); counting from the newest would give 2.
      expect((await h.store.hit(key, 2, 1500)).retryAfterSeconds).to.equal(1);

      const other = h.key('retry-after-round-up');
      await h.store.hit(other, 1, 2500);
      expect((await h.store.hit(other, 1, 2500)).retryAfterSeconds).to.equal(3);
    });

    it('does not count refused requests, so a client that keeps knocking still recovers on time', async () => {
      const key = h.key('refusals-not-counted');
      const w = h.windowMs;
      await h.store.hit(key, 2, w);
      await h.store.hit(key, 2, w);
      await h.advance(w / 2);
      for (let i = 0; i < 3; i++) {
        expect(await h.store.hit(key, 2, w)).to.deep.include({ used: 2, remaining: 0, allowed: false });
      }
      await h.advance(w / 2 + w / 6);
      // Had the refusals been counted they would still be in the window now.
      expect(await h.store.hit(key, 2, w)).to.deep.include(allowed(1, 2));
    });

    it('moves the window: counted requests leave it one by one', async () => {
      const key = h.key('moving');
      const w = h.windowMs;
      expect(await h.store.hit(key, 2, w)).to.deep.include(allowed(1, 2)); // A at 0
      await h.advance(w / 2);
      expect(await h.store.hit(key, 2, w)).to.deep.include(allowed(2, 2)); // B at w/2
      expect((await h.store.hit(key, 2, w)).allowed).to.equal(false);
      await h.advance((2 * w) / 3); // A has left, B has not
      expect(await h.store.hit(key, 2, w)).to.deep.include(allowed(2, 2)); // C at 7w/6
      expect((await h.store.hit(key, 2, w)).allowed).to.equal(false);
      await h.advance(w / 2); // B has left, C has not
      expect(await h.store.hit(key, 2, w)).to.deep.include(allowed(2, 2));
    });

    it('resets after a whole window without requests', async () => {
      const key = h.key('reset');
      const w = h.windowMs;
      for (let i = 0; i < 3; i++) await h.store.hit(key, 3, w);
      expect((await h.store.hit(key, 3, w)).allowed).to.equal(false);
      await h.advance(w + w / 6);
      expect(await h.store.hit(key, 3, w)).to.deep.include(allowed(1, 3));
    });

    it('peeks at what a hit would report without counting it, refusal included', async () => {
      const key = h.key('peek');
      expect(await h.store.peek(key, 2, 60_000)).to.deep.include(allowed(1, 2));
      expect(await h.store.peek(key, 2, 60_000)).to.deep.include(allowed(1, 2));
      await h.store.hit(key, 2, 60_000);
      expect(await h.store.peek(key, 2, 60_000)).to.deep.include(allowed(2, 2));
      await h.store.hit(key, 2, 60_000);
      const refused = await h.store.peek(key, 2, 60_000);
      expect(refused).to.deep.include({ limit: 2, used: 2, remaining: 0, allowed: false });
      expect(refused.retryAfterSeconds).to.be.within(1, 60);
      expect((await h.store.hit(key, 2, 60_000)).allowed).to.equal(false);
    });

    it('forgets a key on reset, and only that key', async () => {
      const key = h.key('forget');
      const other = h.key('forget-other');
      await h.store.hit(key, 1, 60_000);
      await h.store.hit(other, 1, 60_000);
      await h.store.reset(key);
      await h.store.reset(h.key('never-hit'));
      expect(await h.store.hit(key, 1, 60_000)).to.deep.include(allowed(1, 1));
      expect((await h.store.hit(other, 1, 60_000)).allowed).to.equal(false);
    });

    it('keeps keys independent', async () => {
      const a = h.key('independent-a');
      const b = h.key('independent-b');
      await h.store.hit(a, 1, 60_000);
      expect((await h.store.hit(a, 1, 60_000)).allowed).to.equal(false);
      expect(await h.store.hit(b, 1, 60_000)).to.deep.include(allowed(1, 1));
    });

    it('lets parallel hits on one key take exactly the limit', async () => {
      const key = h.key('parallel');
      const results = await Promise.all(Array.from({ length: 20 }, () => h.store.hit(key, 7, 60_000)));
      expect(results.filter((r) => r.allowed)).to.have.length(7);
      expect(results.filter((r) => r.allowed).map((r) => r.used).sort((x, y) => x - y)).to.deep.equal([
        1, 2, 3, 4, 5, 6, 7,
      ]);
    });

    it('refuses a limit or window that is not a whole number ≥ 1', async () => {
      for (const [limit, windowMs] of [
        [0, 1000],
        [1.5, 1000],
        [1, 0],
        [1, Number.NaN],
      ]) {
        let error: unknown;
        try {
          await h.store.hit(h.key('bad-arguments'), limit, windowMs);
        } catch (e) {
          error = e;
        }
        expect(error, `limit ${limit}, window ${windowMs}`).to.be.instanceOf(RangeError);
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// In memory, on a fake clock
// ---------------------------------------------------------------------------------------------------------------

contract('InMemoryRateLimitStore', () => {
  const fake = new FakeClock();
  return {
    store: new InMemoryRateLimitStore(fake),
    windowMs: 60_000,
    advance: async (ms) => fake.advance(ms),
    key: (name) => name,
  };
});

contract('ClusterRateLimitStore (a worker asking its primary)', () => {
  const fake = new FakeClock();
  const { worker } = connectedPair(new InMemoryRateLimitStore(fake));
  return {
    store: worker,
    windowMs: 60_000,
    advance: async (ms) => fake.advance(ms),
    key: (name) => name,
  };
});

/**
 * A worker's store and its primary joined by an in-process channel that copies each message as IPC does
 * (JSON), so the contract runs without forking.
 */
function connectedPair(primaryStore: RateLimitStore): { worker: ClusterRateLimitStore } {
  const toWorker = new EventEmitter();
  const toPrimary = new EventEmitter();
  const copy = (m: unknown) => JSON.parse(JSON.stringify(m)) as unknown;
  serveRateLimits(
    { on: (event: string, l: (m: unknown) => void) => toPrimary.on(event, l), send: (m: unknown) => setImmediate(() => toWorker.emit('message', copy(m))), isConnected: () => true } as never,
    primaryStore,
  );
  const worker = new ClusterRateLimitStore({
    send: (m) => setImmediate(() => toPrimary.emit('message', copy(m))),
    on: (event, l) => toWorker.on(event, l),
    off: (event, l) => toWorker.off(event, l),
  });
  return { worker };
}

describe('ClusterRateLimitStore', () => {
  it('fails a hit the primary does not answer in time, and one the primary could not count', async () => {
    const silent = new ClusterRateLimitStore({ send: () => undefined, on: () => undefined, off: () => undefined }, 50);
    let caught: unknown;
    try {
      await silent.hit('k', 1, 1000);
    } catch (err) {
      caught = err;
    }
    expect(String(caught)).to.match(/did not answer a rate-limit hit within 50 ms/);

    const fail = async () => Promise.reject(new Error('no memory'));
    const failing: RateLimitStore = { hit: fail, peek: fail, reset: fail };
    const { worker } = connectedPair(failing);
    caught = undefined;
    try {
      await worker.hit('k', 1, 1000);
    } catch (err) {
      caught = err;
    }
    expect(String(caught)).to.match(/could not count the request: no memory/);
  });

  it('asks the primary once for the hits of one turn, and counts them in the order they came', async () => {
    const toWorker = new EventEmitter();
    const toPrimary = new EventEmitter();
    const sent: unknown[] = [];
    const memory = new InMemoryRateLimitStore(new FakeClock());
    serveRateLimits({ on: (_e: string, l: (m: unknown) => void) => toPrimary.on('message', l), send: (m: unknown) => toWorker.emit('message', m), isConnected: () => true } as never, memory);
    const worker = new ClusterRateLimitStore({
      send: (m) => {
        sent.push(m);
        setImmediate(() => toPrimary.emit('message', JSON.parse(JSON.stringify(m))));
      },
      on: (_e, l) => toWorker.on('message', l),
      off: (_e, l) => toWorker.off('message', l),
    });
    const states = await Promise.all(['a', 'b', 'a', 'a'].map((key) => worker.hit(key, 2, 60_000)));
    expect(sent).to.have.length(1);
    expect(states.map((s) => [s.used, s.allowed])).to.deep.equal([
      [1, true],
      [1, true],
      [2, true],
      [2, false],
    ]);
    await worker.hit('b', 2, 60_000);
    expect(sent).to.have.length(2);
  });

  it('refuses bad arguments in the worker, like every store', async () => {
    const { worker } = connectedPair(new InMemoryRateLimitStore(new FakeClock()));
    let caught: unknown;
    try {
      await worker.hit('k', 0, 1000);
    } catch (err) {
      caught = err;
    }
    expect(caught).to.be.instanceOf(RangeError);
  });
});

describe('InMemoryRateLimitStore', () => {
  let clock: FakeClock;
  let memory: InMemoryRateLimitStore;

  beforeEach(() => {
    clock = new FakeClock();
    memory = new InMemoryRateLimitStore(clock);
  });

  it('counts a request exactly windowMs old as gone', async () => {
    await memory.hit('k', 1, 60_000);
    clock.advance(59_999);
    expect((await memory.hit('k', 1, 60_000)).allowed).to.equal(false);
    clock.advance(1);
    expect((await memory.hit('k', 1, 60_000)).allowed).to.equal(true);
  });

  it('gives retryAfter to the second, rounded up', async () => {
    await memory.hit('k', 1, 60_000);
    clock.advance(20_500);
    expect((await memory.hit('k', 1, 60_000)).retryAfterSeconds).to.equal(40);
    clock.advance(39_400);
    expect((await memory.hit('k', 1, 60_000)).retryAfterSeconds).to.equal(1);
  });

  it('when the limit drops below what is counted, waits until enough have left, not just the oldest', async () => {
    for (let i = 0; i < 3; i++) {
      await memory.hit('k', 60, 60_000);
      clock.advance(10_000);
    }
    // Counted at 0 s, 10 s, 20 s; now 30 s; limit 2: two must leave before a third fits, the second does at 70 s.
    expect(await memory.hit('k', 2, 60_000)).to.deep.include({ used: 3, remaining: 0, allowed: false, retryAfterSeconds: 40 });
  });

  it('drops keys whose window has emptied, without a timer', async () => {
    await memory.hit('a', 5, 60_000);
    await memory.hit('b', 5, 60_000);
    expect(memory.size).to.equal(2);
    clock.advance(60_000);
    await memory.hit('c', 5, 60_000);
    expect(memory.size).to.equal(1);
  });

  it('holds at most maxKeys keys, forgetting the least recently hit', async () => {
    const small = new InMemoryRateLimitStore(clock, { maxKeys: 2 });
    await small.hit('a', 1, 60_000);
    await small.hit('b', 1, 60_000);
    await small.hit('a', 1, 60_000); // refused, but a is now the most recent
    await small.hit('c', 1, 60_000); // forgets b
    expect(small.size).to.equal(2);
    expect((await small.hit('a', 1, 60_000)).allowed).to.equal(false);
    expect((await small.hit('b', 1, 60_000)).allowed).to.equal(true);
  });

  it('counts a busy window exactly as it slides past many thousands of requests', async () => {
    // Three requests every 2 ms for three windows of 10 s: the log is compacted many times on the way.
    const windowMs = 10_000;
    let counted = 0;
    for (let t = 0; t < 3 * windowMs; t += 2) {
      for (let k = 0; k < 3; k++) {
        const state = await memory.hit('busy', 1_000_000, windowMs);
        counted = 3 * Math.min(t / 2, windowMs / 2 - 1) + k + 1;
        if (state.used !== counted) expect.fail(`at ${t} ms request ${k}: used ${state.used}, expected ${counted}`);
      }
      clock.advance(2);
    }
    expect(counted).to.equal(15_000);
    // 30 s: the requests of 20 s have left. Under a limit of 3, all but the last three must leave: the newest entry's.
    expect(await memory.hit('busy', 3, windowMs)).to.deep.include({ used: 14_997, allowed: false, retryAfterSeconds: 10 });
    expect(await memory.hit('busy', 14_996, windowMs)).to.deep.include({ used: 14_997, allowed: false, retryAfterSeconds: 1 });
  });

  it('stays correct when the clock steps back', async () => {
    await memory.hit('k', 3, 60_000);
    clock.advance(-5_000);
    await memory.hit('k', 3, 60_000);
    clock.advance(60_001); // 55.001 s after the first, 60.001 s after the second
    expect(await memory.hit('k', 3, 60_000)).to.deep.include(allowed(2, 3));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Redis, on the server's clock
// ---------------------------------------------------------------------------------------------------------------

describe('with Redis', function () {
  let admin: Redis;
  const opened: RateLimitStore[] = [];

  before(async function () {
    try {
      await (await RedisRateLimitStore.open(REDIS_URL)).close();
    } catch (error) {
      if (!(error instanceof RedisUnavailable)) throw error;
      // Visible in the run, and the suites show as pending rather than passed.
      console.warn(`    Skipping the Redis suites: ${error.message} Set REDIS_URL to a Redis that answers to run them.`);
      this.skip();
    }
    admin = new Redis(REDIS_URL, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    admin.on('error', () => undefined);
  });

  // Waits for the connection: a store's calls fail at once rather than queue while it is not ready.
  const open = async (url = REDIS_URL): Promise<RedisRateLimitStore> => {
    const store = await RedisRateLimitStore.open(url, { prefix: PREFIX });
    opened.push(store);
    return store;
  };

  after(async () => {
    for (const store of opened) await store.close?.();
    if (admin?.status === 'ready') {
      const keys = await admin.keys(`${PREFIX}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
  });

  contract('RedisRateLimitStore', async () => ({
    store: await open(),
    windowMs: 600,
    advance: (ms) => sleep(ms),
    key: (name) => `${name}:${randomBytes(3).toString('hex')}`,
  }));

  describe('RedisRateLimitStore', () => {
    it('shares one window between instances on separate connections', async () => {
      const one = await open();
      const two = await open();
      await one.hit('shared', 3, 60_000);
      expect(await two.hit('shared', 3, 60_000)).to.deep.include(allowed(2, 3));
      expect(await one.hit('shared', 3, 60_000)).to.deep.include(allowed(3, 3));
      expect((await two.hit('shared', 3, 60_000)).allowed).to.equal(false);
    });

    it('lets parallel hits from two instances take exactly the limit', async () => {
      const stores = [await open(), await open()];
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % 2].hit('race', 10, 60_000)));
      expect(results.filter((r) => r.allowed)).to.have.length(10);
    });

    it('lets the key expire with its window, so idle keys take no memory', async () => {
      const store = await open();
      await store.hit('ttl', 5, 400);
      const ttl = await admin.pttl(`${PREFIX}ttl`);
      expect(ttl).to.be.within(1, 400);
      await sleep(450);
      expect(await admin.exists(`${PREFIX}ttl`)).to.equal(0);
    });

    it('writes nothing for a refused request', async () => {
      const store = await open();
      await store.hit('refused-writes', 1, 60_000);
      await store.hit('refused-writes', 1, 60_000);
      await store.hit('refused-writes', 1, 60_000);
      expect(await admin.zcard(`${PREFIX}refused-writes`)).to.equal(1);
    });

    it('quits only a connection it opened', async () => {
      const shared = new Redis(REDIS_URL);
      const borrowing = new RedisRateLimitStore(shared, { prefix: PREFIX });
      await borrowing.hit('close', 5, 1000);
      await borrowing.close();
      expect(await shared.ping()).to.equal('PONG');
      await shared.quit();

      const owning = await RedisRateLimitStore.open(REDIS_URL, { prefix: PREFIX });
      await owning.hit('close', 5, 1000);
      await owning.close();
      await owning.close(); // idempotent
    });

    it('shares one window between two app instances over HTTP', async () => {
      const app = async (): Promise<Koa> => {
        const koa = new Koa();
        koa.use(errorHandler({ baseUrl: 'https://api.test', logger: createPinoLogger('silent') }));
        koa.use(
          rateLimit({
            store: await open(),
            brand: 'Service',
            windowSeconds: 60,
            limitFor: () => 3,
            keyFor: () => `http:${RUN}`,
          }),
        );
        koa.use((ctx) => {
          ctx.body = { ok: true };
        });
        return koa;
      };
      const [first, second] = [(await app()).callback(), (await app()).callback()];

      await request(first).get('/').expect(200).expect('X-Service-Ratelimit-Used', '1');
      await request(second).get('/').expect(200).expect('X-Service-Ratelimit-Used', '2');
      await request(first).get('/').expect(200).expect('X-Service-Ratelimit-Remaining', '0');
      const refused = await request(second).get('/').expect(429);
      expect(refused.text).to.equal('{"message": "You are making requests too quickly."}');
      expect(refused.headers['x-service-ratelimit-used']).to.equal('3');
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
    });
  });
});
