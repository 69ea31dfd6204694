import type { IncomingMessage } from 'node:http';

import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';

import { errorHandler } from '../../../../adapters/http/middleware/errors.js';
import { clientIp, rateLimit } from '../../../../adapters/http/middleware/rate-limit.js';
import { createPinoLogger } from '../../../../adapters/logging/pino-logger.js';
import { InMemoryRateLimitStore } from '../../../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { Invalid, NotFound } from '../../../../application/errors.js';
import type { Clock } from '../../../../application/ports/clock.js';

class FakeClock implements Clock {
  private ms = Date.UTC(2026, 0, 1);
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

const errors = errorHandler({ baseUrl: 'https://api.test', logger: createPinoLogger('silent') });

/** A header by its exact spelling on the wire (supertest's `headers` are lower-cased). */
function rawHeader(res: request.Response, name: string): string | undefined {
  const raw = (res as unknown as { res: IncomingMessage }).res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i] === name) return raw[i + 1];
  return undefined;
}

describe('adapters/http/middleware/rate-limit', () => {
  let clock: FakeClock;
  let app: Koa;
  let handled: number;

  beforeEach(() => {
    clock = new FakeClock();
    handled = 0;
    app = new Koa();
    app.use(errors);
    app.use(
      rateLimit({
        store: new InMemoryRateLimitStore(clock),
        brand: 'Discogs',
        windowSeconds: 60,
        limitFor: (ctx) => (ctx.get('X-Test-Authenticated') ? 5 : 2),
        keyFor: (ctx) => clientIp(ctx, true),
      }),
    );
    app.use((ctx) => {
      handled++;
      if (ctx.path === '/missing') throw new NotFound();
      if (ctx.path === '/invalid') throw new Invalid('Invalid thing.');
      ctx.body = { ok: true };
    });
  });

  const get = (path: string, ip = '192.0.2.1') => request(app.callback()).get(path).set('X-Forwarded-For', ip);

  it('sets the three headers, with the brand as configured, on a success', async () => {
    const res = await get('/').expect(200);
    expect(rawHeader(res, 'X-Discogs-Ratelimit')).to.equal('2');
    expect(rawHeader(res, 'X-Discogs-Ratelimit-Used')).to.equal('1');
    expect(rawHeader(res, 'X-Discogs-Ratelimit-Remaining')).to.equal('1');
    expect(res.headers).not.to.have.property('retry-after');
  });

  it('keeps the headers on errors thrown further down', async () => {
    const missing = await get('/missing').expect(404);
    expect(missing.text).to.equal('{"message": "The requested resource was not found."}');
    expect(missing.headers['x-discogs-ratelimit-used']).to.equal('1');
    const invalid = await get('/invalid').expect(422);
    expect(invalid.headers['x-discogs-ratelimit-used']).to.equal('2');
    expect(invalid.headers['x-discogs-ratelimit-remaining']).to.equal('0');
  });

  it('refuses past the limit with 429, Retry-After and the headers, without running the route', async () => {
    await get('/').expect(200);
    clock.advance(15_000);
    await get('/').expect(200);
    const refused = await get('/').expect(429);
    expect(refused.text).to.equal('{"message": "You are making requests too quickly."}');
    expect(refused.headers['retry-after']).to.equal('45');
    expect(refused.headers['x-discogs-ratelimit']).to.equal('2');
    expect(refused.headers['x-discogs-ratelimit-used']).to.equal('2');
    expect(refused.headers['x-discogs-ratelimit-remaining']).to.equal('0');
    expect(handled).to.equal(2);
  });

  it('recovers once the window has moved past the oldest request', async () => {
    await get('/');
    clock.advance(30_000);
    await get('/');
    await get('/').expect(429);
    clock.advance(30_000);
    const res = await get('/').expect(200);
    expect(res.headers['x-discogs-ratelimit-used']).to.equal('2');
  });

  it('takes the limit from limitFor, so tiers only plug in', async () => {
    const res = await get('/').set('X-Test-Authenticated', '1').expect(200);
    expect(res.headers['x-discogs-ratelimit']).to.equal('5');
    expect(res.headers['x-discogs-ratelimit-remaining']).to.equal('4');
  });

  it('keeps separate windows per key', async () => {
    await get('/', '192.0.2.1');
    await get('/', '192.0.2.1');
    await get('/', '192.0.2.1').expect(429);
    const other = await get('/', '192.0.2.2').expect(200);
    expect(other.headers['x-discogs-ratelimit-used']).to.equal('1');
  });
});

describe('adapters/http/middleware/rate-limit clientIp', () => {
  const ctxWith = (remoteAddress: string | undefined, forwardedFor?: string): Koa.Context =>
    ({
      get: (name: string) => (name.toLowerCase() === 'x-forwarded-for' ? (forwardedFor ?? '') : ''),
      req: { socket: { remoteAddress } },
    }) as unknown as Koa.Context;

  const cases: ReadonlyArray<[string, string | undefined, string | undefined, boolean, string]> = [
    ['the socket address', '203.0.113.9', undefined, false, '203.0.113.9'],
    ['an IPv4-mapped IPv6 socket address as IPv4', '::ffff:127.0.0.1', undefined, false, '127.0.0.1'],
    ['IPv6 lower-cased', '2001:DB8::1', undefined, false, '2001:db8::1'],
    ['X-Forwarded-For ignored without trustProxy', '10.0.0.1', '198.51.100.7', false, '10.0.0.1'],
    ['the first X-Forwarded-For entry with trustProxy', '10.0.0.1', '198.51.100.7, 10.0.0.2', true, '198.51.100.7'],
    ['a mapped forwarded address', '10.0.0.1', '::FFFF:198.51.100.7', true, '198.51.100.7'],
    ['a forwarded address with a port', '10.0.0.1', '198.51.100.7:4711', true, '198.51.100.7'],
    ['a bracketed forwarded IPv6 with a port', '10.0.0.1', '[2001:db8::2]:443', true, '2001:db8::2'],
    ['the socket when the forwarded entry is not an address', '10.0.0.1', 'unknown, 198.51.100.7', true, '10.0.0.1'],
    ['the socket when there is no X-Forwarded-For', '::ffff:10.0.0.1', undefined, true, '10.0.0.1'],
    ['"unknown" when the socket has gone', undefined, undefined, false, 'unknown'],
  ];
  for (const [name, socket, forwarded, trust, expected] of cases) {
    it(`gives ${name}`, () => {
      expect(clientIp(ctxWith(socket, forwarded), trust)).to.equal(expected);
    });
  }

  it('normalises the loopback address of a real request', async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.body = { ip: clientIp(ctx, false) };
    });
    const res = await request(app.callback()).get('/');
    expect(res.body.ip).to.be.oneOf(['127.0.0.1', '::1']);
  });
});
