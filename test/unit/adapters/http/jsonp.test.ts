import { Readable } from 'node:stream';
import vm from 'node:vm';

import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';

import {
  INVALID_CALLBACK_MESSAGE,
  isValidJsonpCallback,
  JSONP_CALLBACK_MAX_LENGTH,
  jsonp,
  parseLinkHeader,
} from '../../../../adapters/http/middleware/negotiation.js';
import { errorHandler } from '../../../../adapters/http/middleware/errors.js';
import { rateLimit } from '../../../../adapters/http/middleware/rate-limit.js';
import { createPinoLogger } from '../../../../adapters/logging/pino-logger.js';
import { InMemoryRateLimitStore } from '../../../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { NotFound } from '../../../../application/errors.js';

const errors = errorHandler({ baseUrl: 'https://api.test', logger: createPinoLogger('silent') });

const LINK =
  '<https://api.example.com/artists/1/releases?page=2&per_page=50>; rel="next", ' +
  '<https://api.example.com/artists/1/releases?page=9&per_page=50>; rel="last"';

/** Runs the script as a browser would, with `names` defined, and returns what the callback received. */
function run(script: string, path = 'cb'): { meta: Record<string, unknown>; data: unknown } {
  let received: unknown;
  const receive = (value: unknown): void => {
    received = value;
  };
  const parts = path.split('.');
  const sandbox: Record<string, unknown> = {};
  let at = sandbox;
  parts.slice(0, -1).forEach((p) => {
    at[p] = {};
    at = at[p] as Record<string, unknown>;
  });
  at[parts[parts.length - 1]] = receive;
  vm.runInNewContext(script, sandbox);
  return received as { meta: Record<string, unknown>; data: unknown };
}

describe('adapters/http/middleware/negotiation jsonp', () => {
  let handled: number;
  let app: Koa;

  beforeEach(() => {
    handled = 0;
    let now = Date.UTC(2026, 0, 1);
    app = new Koa();
    app.use(jsonp());
    app.use(errors);
    app.use(
      rateLimit({
        store: new InMemoryRateLimitStore({ now: () => new Date(now++) }),
        brand: 'Discogs',
        windowSeconds: 60,
        limitFor: () => 3,
        keyFor: () => 'k',
      }),
    );
    app.use((ctx) => {
      handled++;
      switch (ctx.path) {
        case '/artists/1':
          ctx.body = { id: 1, name: 'Persuader, The' };
          return;
        case '/missing':
          throw new NotFound('Artist not found.');
        case '/empty':
          ctx.status = 204;
          return;
        case '/list':
          ctx.set('Link', LINK);
          ctx.body = { pagination: { page: 1 }, releases: [] };
          return;
        case '/csv':
          ctx.type = 'text/csv';
          ctx.body = Readable.from(['a,b\n1,2\n']);
          return;
        case '/text':
          ctx.type = 'text/plain';
          ctx.body = 'oauth_token=x&oauth_token_secret=y';
          return;
        case '/separators':
          ctx.body = { text: 'a\u2028b\u2029c' };
          return;
        default:
          ctx.body = { path: ctx.path };
      }
    });
  });

  const get = (url: string) => request(app.callback()).get(url).set('User-Agent', 'SpindleTest/1.0');

  it('wraps a success as 200 text/javascript with meta.status and data', async () => {
    const res = await get('/artists/1?callback=cb').expect(200);
    expect(res.headers['content-type']).to.equal('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).to.equal('nosniff');
    expect(res.text).to.match(/^\/\*\*\/ cb\(\{"meta": \{"status": 200, /);
    const { meta, data } = run(res.text);
    expect(data).to.deep.equal({ id: 1, name: 'Persuader, The' });
    expect(meta).to.deep.equal({
      status: 200,
      'X-Discogs-Ratelimit': '3',
      'X-Discogs-Ratelimit-Used': '1',
      'X-Discogs-Ratelimit-Remaining': '2',
    });
  });

  it('wraps an error with its real status and the exact error body', async () => {
    const res = await get('/missing?callback=cb').expect(200);
    expect(res.text).to.contain('"data": {"message": "Artist not found."}');
    const { meta, data } = run(res.text);
    expect(meta.status).to.equal(404);
    expect(data).to.deep.equal({ message: 'Artist not found.' });
  });

  it('wraps a refusal, with Retry-After in meta', async () => {
    for (let i = 0; i < 3; i++) await get('/x?callback=cb');
    const { meta, data } = run((await get('/x?callback=cb').expect(200)).text);
    expect(meta).to.include({ status: 429, 'X-Discogs-Ratelimit-Remaining': '0' });
    expect(meta['Retry-After']).to.match(/^\d+$/);
    expect(data).to.deep.equal({ message: 'You are making requests too quickly.' });
  });

  it('gives {} as data for an empty response', async () => {
    const { meta, data } = run((await get('/empty?callback=cb').expect(200)).text);
    expect(meta.status).to.equal(204);
    expect(data).to.deep.equal({});
  });

  it('carries Link as [url, {rel}] pairs', async () => {
    const { meta } = run((await get('/list?callback=cb').expect(200)).text);
    expect(meta.Link).to.deep.equal([
      ['https://api.example.com/artists/1/releases?page=2&per_page=50', { rel: 'next' }],
      ['https://api.example.com/artists/1/releases?page=9&per_page=50', { rel: 'last' }],
    ]);
  });

  it('accepts a dotted callback path', async () => {
    const res = await get('/artists/1?callback=$.app_1.receive').expect(200);
    expect(run(res.text, '$.app_1.receive').data).to.deep.equal({ id: 1, name: 'Persuader, The' });
  });

  it('sends a non-JSON text body as a string', async () => {
    const { data } = run((await get('/text?callback=cb').expect(200)).text);
    expect(data).to.equal('oauth_token=x&oauth_token_secret=y');
  });

  it('escapes U+2028 and U+2029 so that old engines parse the script', async () => {
    const res = await get('/separators?callback=cb').expect(200);
    expect(res.text).not.to.match(/[\u2028\u2029]/);
    expect(run(res.text).data).to.deep.equal({ text: 'a\u2028b\u2029c' });
  });

  it('passes a streamed body through unwrapped', async () => {
    const res = await get('/csv?callback=cb').expect(200);
    expect(res.headers['content-type']).to.match(/^text\/csv/);
    expect(res.text).to.equal('a,b\n1,2\n');
  });

  it('leaves a response without callback alone', async () => {
    const res = await get('/missing').expect(404);
    expect(res.text).to.equal('{"message": "Artist not found."}');
    expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
  });

  const INVALID: ReadonlyArray<[string, string]> = [
    ['markup', 'alert(1)//'],
    ['a script tag', '</script><script>alert(1)</script>'],
    ['a leading digit', '1cb'],
    ['an empty name', ''],
    ['an empty path segment', 'a..b'],
    ['a trailing dot', 'cb.'],
    ['brackets', 'a[0]'],
    ['too long', 'c'.repeat(JSONP_CALLBACK_MAX_LENGTH + 1)],
  ];
  for (const [name, callback] of INVALID) {
    it(`refuses a callback with ${name}: plain JSON 422, not echoed, route not run`, async () => {
      const res = await get(`/artists/1?callback=${encodeURIComponent(callback)}`).expect(422);
      expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      expect(res.text).to.equal(`{"message": ${JSON.stringify(INVALID_CALLBACK_MESSAGE)}}`);
      expect(res.text.startsWith('{"message": "Invalid callback: ')).to.equal(true);
      if (callback !== '') expect(res.text).not.to.contain(callback);
      expect(handled).to.equal(0);
    });
  }

  it('refuses a repeated callback parameter', async () => {
    await get('/artists/1?callback=a&callback=b').expect(422);
  });

  it('accepts a callback of exactly the maximum length', async () => {
    expect(isValidJsonpCallback('c'.repeat(JSONP_CALLBACK_MAX_LENGTH))).to.equal(true);
    expect(isValidJsonpCallback(['cb'])).to.equal(false);
  });

  it('parses Link parameters, quoted or not', () => {
    expect(parseLinkHeader('<a?x=1,2>; rel=next; title="T, 1", <b>;rel="prev"')).to.deep.equal([
      ['a?x=1,2', { rel: 'next', title: 'T, 1' }],
      ['b', { rel: 'prev' }],
    ]);
  });
});
