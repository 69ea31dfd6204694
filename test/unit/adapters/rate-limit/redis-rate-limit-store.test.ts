import type { EventEmitter } from 'node:events';
import net, { type AddressInfo } from 'node:net';

import { expect } from 'chai';
import type { Redis } from 'ioredis';
import Koa from 'koa';
import request from 'supertest';

import { errorHandler } from '../../../../adapters/http/middleware/errors.js';
import { rateLimit, type RateLimitStoreFailure } from '../../../../adapters/http/middleware/rate-limit.js';
import { RedisRateLimitStore } from '../../../../adapters/rate-limit/redis-rate-limit-store.js';
import { RedisUnavailable } from '../../../../adapters/rate-limit/redis-unavailable.js';
import type { Logger } from '../../../../application/ports/logger.js';
import { closedPort } from '../../../support/ports.js';
import { TcpProxy } from '../../../support/tcp-proxy.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The store's per-call bound in these tests. */
const TIMEOUT_MS = 300;
/** Slack for scheduling on a busy machine; a request that waited for Redis's old defaults would take ~10 s. */
const SLACK_MS = 700;

interface Line {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly fields: object;
  readonly message: string | undefined;
}

class RecordingLogger implements Logger {
  readonly lines: Line[] = [];
  debug(fields: object, message?: string): void {
    this.lines.push({ level: 'debug', fields, message });
  }
  info(fields: object, message?: string): void {
    this.lines.push({ level: 'info', fields, message });
  }
  warn(fields: object, message?: string): void {
    this.lines.push({ level: 'warn', fields, message });
  }
  error(fields: object, message?: string): void {
    this.lines.push({ level: 'error', fields, message });
  }
  child(): Logger {
    return this;
  }
  messages(level: Line['level']): Array<string | undefined> {
    return this.lines.filter((l) => l.level === level).map((l) => l.message);
  }
}


/** A TCP server that accepts connections and never says a word: a Redis that hangs. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Resolves on the next `event` (unlike events.once, an 'error' meanwhile does not reject it). */
const next = (emitter: EventEmitter, event: string): Promise<void> =>
  new Promise((resolve) => emitter.once(event, () => resolve()));

/** The connection inside a store, to wait for its events (the store does not expose it). */
const connectionOf = (store: RedisRateLimitStore): Redis => (store as unknown as { redis: Redis }).redis;

/** Runs `work` with everything written to stderr captured, and returns what was written. */
async function stderrDuring(work: () => Promise<void>): Promise<string> {
  const original = process.stderr.write.bind(process.stderr);
  let written = '';
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    written += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  try {
    await work();
  } finally {
    process.stderr.write = original;
  }
  return written;
}

/** The real error middleware and rate limit in front of a handler that counts what reaches it. */
function appWith(store: RedisRateLimitStore, onStoreFailure: RateLimitStoreFailure | undefined, logger: Logger) {
  const state = { handled: 0 };
  const koa = new Koa();
  koa.use(errorHandler({ baseUrl: 'https://api.test', logger }));
  koa.use(
    rateLimit({
      store,
      brand: 'Service',
      windowSeconds: 60,
      limitFor: () => 1000,
      keyFor: () => `redis-failure-test:${process.pid}`,
      onStoreFailure,
      logger,
    }),
  );
  koa.use((ctx) => {
    state.handled++;
    ctx.body = { ok: true };
  });
  return { state, get: (path = '/') => request(koa.callback()).get(path) };
}

describe('adapters/rate-limit/redis-rate-limit-store: Redis that does not answer', () => {
  const stores: RedisRateLimitStore[] = [];
  const connect = (url: string, logger?: Logger): RedisRateLimitStore => {
    const store = RedisRateLimitStore.connect(url, { timeoutMs: TIMEOUT_MS, logger, prefix: `spindle-test:${process.pid}:` });
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  describe('open (the check at start)', () => {
    it('throws RedisUnavailable naming the server, the wait and the cause when nothing listens', async () => {
      const port = await closedPort();
      const started = Date.now();
      let error: unknown;
      try {
        await RedisRateLimitStore.open(`redis://127.0.0.1:${port}`);
      } catch (err) {
        error = err;
      }
      expect(error).to.be.instanceOf(RedisUnavailable);
      expect((error as Error).message).to.equal(
        `Redis at redis://127.0.0.1:${port} did not answer within 2 s (connect ECONNREFUSED).`,
      );
      expect(Date.now() - started).to.be.below(2000 + SLACK_MS);
    });

    it('never prints the password of the URL', async () => {
      const port = await closedPort();
      const error = await RedisRateLimitStore.open(`redis://spindle:s3cret@127.0.0.1:${port}/2`, { startTimeoutMs: 500 }).then(
        () => expect.fail('should throw'),
        (err: unknown) => err as RedisUnavailable,
      );
      expect(error.message).to.equal(
        `Redis at redis://spindle@127.0.0.1:${port}/2 did not answer within 0.5 s (connect ECONNREFUSED).`,
      );
      expect(error.url).not.to.include('s3cret');
      expect(String(error.stack)).not.to.include('s3cret');
    });

    it('gives up after the start timeout when Redis accepts the connection but never answers', async () => {
      const silent = await silentServer();
      try {
        const started = Date.now();
        const error = await RedisRateLimitStore.open(silent.url, { startTimeoutMs: TIMEOUT_MS }).then(
          () => expect.fail('should throw'),
          (err: unknown) => err as Error,
        );
        expect(error).to.be.instanceOf(RedisUnavailable);
        expect(error.message).to.equal(`Redis at ${silent.url} did not answer within 0.3 s.`);
        expect(Date.now() - started).to.be.below(TIMEOUT_MS + SLACK_MS);
      } finally {
        await silent.close();
      }
    });
  });

  describe('through the middleware chain, with nothing listening', () => {
    it('fail-open (the default): requests proceed without rate-limit headers, one warning per outage', async () => {
      const logger = new RecordingLogger();
      const store = connect(`redis://127.0.0.1:${await closedPort()}`, logger);
      const { state, get } = appWith(store, undefined, logger);
      const stderr = await stderrDuring(async () => {
        for (let i = 0; i < 5; i++) {
          const res = await get().expect(200);
          expect(res.body).to.deep.equal({ ok: true });
          expect(Object.keys(res.headers).filter((h) => h.startsWith('x-service-ratelimit'))).to.deep.equal([]);
        }
        // Let the connection fail a few more times in the background.
        for (let i = 0; i < 3; i++) await next(connectionOf(store), 'error');
      });
      expect(state.handled).to.equal(5);
      expect(logger.messages('warn')).to.have.members([
        'Redis unavailable; reconnecting',
        'rate-limit store failing; requests pass unlimited until it answers again',
      ]);
      expect(logger.messages('warn')).to.have.length(2);
      expect(logger.messages('error')).to.deep.equal([]);
      expect(stderr).not.to.include('ioredis');
    });

    it('fail-closed: 503 with the message and Retry-After, the handler never runs, one warning', async () => {
      const logger = new RecordingLogger();
      const store = connect(`redis://127.0.0.1:${await closedPort()}`, logger);
      const { state, get } = appWith(store, 'closed', logger);
      for (let i = 0; i < 3; i++) {
        const res = await get().expect(503).expect('Content-Type', /application\/json/);
        expect(res.text).to.equal('{"message": "The service is temporarily unavailable."}');
        expect(res.headers['retry-after']).to.equal('5');
      }
      expect(state.handled).to.equal(0);
      expect(logger.messages('warn').filter((m) => m?.startsWith('rate-limit'))).to.deep.equal([
        'rate-limit store failing; requests are refused with 503 until it answers again',
      ]);
      expect(logger.messages('error')).to.deep.equal([]);
    });

    it('answers a request no later than the timeout when Redis hangs', async () => {
      const silent = await silentServer();
      try {
        const logger = new RecordingLogger();
        const { get } = appWith(connect(silent.url, logger), 'open', logger);
        const started = Date.now();
        await get().expect(200);
        await get().expect(200);
        expect(Date.now() - started).to.be.below(2 * TIMEOUT_MS + SLACK_MS);
      } finally {
        await silent.close();
      }
    });

    it('closes cleanly while disconnected', async () => {
      const store = connect(`redis://127.0.0.1:${await closedPort()}`);
      await store.close();
      await store.close();
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A real Redis behind a proxy that can hang or go away
// ---------------------------------------------------------------------------------------------------------------

describe('adapters/rate-limit/redis-rate-limit-store: an outage of a real Redis', function () {
  let proxy: TcpProxy;
  const proxyUrl = () => `redis://127.0.0.1:${proxy.port}`;

  before(async function () {
    try {
      await (await RedisRateLimitStore.open(REDIS_URL)).close();
    } catch (error) {
      if (!(error instanceof RedisUnavailable)) throw error;
      console.warn(`    Skipping the outage tests: ${error.message} Set REDIS_URL to a Redis that answers to run them.`);
      this.skip();
    }
  });
  beforeEach(async () => {
    const target = new URL(REDIS_URL);
    proxy = await TcpProxy.start(Number(target.port || 6379), target.hostname);
  });
  afterEach(() => proxy.close());

  const open = (logger: Logger) =>
    RedisRateLimitStore.open(proxyUrl(), { timeoutMs: TIMEOUT_MS, logger, prefix: `spindle-test:${process.pid}:${Date.now()}:` });

  it('bounds a hit by the timeout when Redis stops answering', async () => {
    const logger = new RecordingLogger();
    const store = await open(logger);
    try {
      const { get } = appWith(store, 'open', logger);
      await get().expect(200).expect('X-Service-Ratelimit-Used', '1');
      proxy.freeze();
      const started = Date.now();
      const res = await get().expect(200);
      expect(Date.now() - started).to.be.below(TIMEOUT_MS + SLACK_MS);
      expect(res.headers).not.to.have.property('x-service-ratelimit');
      expect(logger.messages('warn')).to.deep.equal(['rate-limit store failing; requests pass unlimited until it answers again']);
    } finally {
      await store.close();
    }
  });

  it('logs an outage once, its end once, and counts again after it', async () => {
    const logger = new RecordingLogger();
    const store = await open(logger);
    try {
      const { get } = appWith(store, 'open', logger);
      await get().expect(200).expect('X-Service-Ratelimit-Used', '1');

      await proxy.cut();
      const stderr = await stderrDuring(async () => {
        for (let i = 0; i < 3; i++) await get().expect(200);
        for (let i = 0; i < 3; i++) await next(connectionOf(store), 'error');
      });
      expect(stderr).not.to.include('ioredis');
      expect(logger.messages('warn')).to.have.members([
        'Redis unavailable; reconnecting',
        'rate-limit store failing; requests pass unlimited until it answers again',
      ]);

      await proxy.resume(); // same port
      await next(connectionOf(store), 'ready');
      const res = await get().expect(200);
      expect(res.headers['x-service-ratelimit-used']).to.equal('2');
      expect(logger.messages('info')).to.deep.equal([
        'Redis available again',
        'rate-limit store answering again; requests are counted',
      ]);
      expect(logger.messages('warn')).to.have.length(2);
    } finally {
      await store.close();
    }
  });
});
