import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { createHttpApp, type HttpApp } from '../../../adapters/http/app.js';
import { validateResponses } from '../../support/openapi-hook.js';
import type { CredentialResolver } from '../../../adapters/http/credentials.js';
import type { RouteModule } from '../../../adapters/http/route-module.js';
import type { Logger } from '../../../application/ports/logger.js';
import type { RequestScope } from '../../../application/ports/request-scope.js';
import type { Config } from '../../../composition/config.js';
import { CORE } from '../../../composition/core/core-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { RATE_LIMIT } from '../../../composition/rate-limit/rate-limit-tokens.js';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

/** The application as the container builds it, with or without the direct lane. */
function appOf(container: Container, directLane: boolean): { app: HttpApp; koaPaths: string[] } {
  const settings = container.get(CORE.Config) as Config;
  const app = validateResponses(createHttpApp({
    settings,
    logger: container.get(CORE.Logger) as Logger,
    rateLimitStore: container.get(RATE_LIMIT.Store),
    routes: container.getAll(HTTP.Routes) as RouteModule[],
    credentials: container.isBound(HTTP.CredentialResolver) ? (container.get(HTTP.CredentialResolver) as CredentialResolver) : undefined,
    requestScope: container.isBound(PERSISTENCE.RequestScope) ? (container.get(PERSISTENCE.RequestScope) as RequestScope) : undefined,
    directLane,
  }), settings);
  // Which requests reached Koa's chain at all (the lane's never do).
  const koaPaths: string[] = [];
  (app.koa as unknown as Koa).middleware.unshift(async (ctx, next) => {
    koaPaths.push(ctx.url);
    await next();
  });
  return { app, koaPaths };
}

interface Exchange {
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Status, headers (but the ones that differ by nature: date, connection, the request id when made up) and body. */
async function answer(app: HttpApp, exchange: Exchange): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  let req = request(app.callback()).get(exchange.path).set('User-Agent', AGENT);
  for (const [name, value] of Object.entries(exchange.headers ?? {})) req = value === '' ? req.unset(name) : req.set(name, value);
  const res = await req.buffer(true).parse((r, done) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers as Record<string, string>)) {
    if (name === 'date' || name === 'connection' || name === 'keep-alive') continue;
    // A request id the server made up is a new UUID each time.
    headers[name] = name === 'x-request-id' && value !== exchange.headers?.['X-Request-Id'] && /^[0-9a-f-]{36}$/.test(value) ? '<uuid>' : value;
  }
  return { status: res.status, headers, body: res.body as string };
}

describe('The direct lane answers as the Koa chain does', function () {
  this.timeout(120_000);
  let storage: TestStorage;
  let container: Container;
  let alice: TestUser;
  let client: TestApplication;

  before(async () => {
    storage = await openTestStorage(CATALOGUE_FIXTURES);
    container = testContainer(storage, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    await emptyIdentity(storage);
    alice = await aUser(container, 'lane-alice');
    client = await anApplication(container, 'lane-alice', 'Lane App');
  });
  after(() => storage.close());

  const paths = [
    '/releases/1',
    '/releases/1?curr_abbr=eur',
    '/releases/1?curr_abbr=EUR&curr_abbr=JPY',
    '/releases/1?curr_abbr=XXX',
    '/releases/1?curr_abbr=',
    '/releases/1?per_page=5&unknown=1',
    '/releases/1?callback=show',
    '/releases/1?callback=1bad',
    '/releases/0',
    '/releases/424242',
    '/releases/2147483648',
    '/releases/99999999999',
    '/releases/%31',
    '/releases/1/',
    '//releases/1',
    '/releases/abc',
    '/masters/1000',
    '/masters/1000?curr_abbr=gbp',
    '/masters/424242',
    '/artists/1',
    '/artists/424242',
    '/labels/1',
    '/labels/424242',
  ];
  const variants: Array<{ readonly name: string; readonly headers?: Record<string, string>; readonly query?: string }> = [
    { name: 'anonymous' },
    { name: 'html', headers: { Accept: 'application/vnd.service.v2.html+json' } },
    { name: 'plaintext', headers: { Accept: 'application/vnd.service.v2.plaintext+json; q=0.9, */*; q=0.1' } },
    { name: 'markup', headers: { Accept: 'application/vnd.service.v2.service+json' } },
    { name: 'junk accept', headers: { Accept: 'text/html;;q=,' } },
    { name: 'request id', headers: { 'X-Request-Id': 'client-id-1' } },
    { name: 'bad request id', headers: { 'X-Request-Id': 'no spaces allowed' } },
    { name: 'token header', headers: { Authorization: `Service token=${'<token>'}` } },
    { name: 'token query', query: 'token=<token>' },
    { name: 'key and secret', query: 'key=<key>&secret=<secret>' },
    { name: 'wrong token', headers: { Authorization: 'Service token=nope' } },
    { name: 'malformed header', headers: { Authorization: 'Basic abc' } },
    { name: 'malformed oauth', headers: { Authorization: 'OAuth garbage' } },
    { name: 'token twice', query: 'token=a&token=b' },
    { name: 'generic agent', headers: { 'User-Agent': 'curl/8.1' } },
    { name: 'no agent', headers: { 'User-Agent': '' } },
  ];
  const fill = (text: string) => text.replace('<token>', alice.token).replace('<key>', client.key).replace('<secret>', client.secret);

  it('gives the same status, headers and bytes for every path, format, credential and agent', async () => {
    // Two containers: two rate-limit windows that see the same requests in the same order, so even the counts agree.
    const env = { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' };
    const lane = appOf(testContainer(storage, env), true);
    const koa = appOf(testContainer(storage, env), false);
    let compared = 0;
    for (const path of paths) {
      for (const v of variants) {
        const full = v.query ? `${path}${path.includes('?') ? '&' : '?'}${fill(v.query)}` : path;
        const headers = Object.fromEntries(Object.entries(v.headers ?? {}).map(([k, value]) => [k, fill(value)]));
        const exchange = { path: full, headers };
        const [viaLane, viaKoa] = [await answer(lane.app, exchange), await answer(koa.app, exchange)];
        expect(viaLane, `${v.name}: GET ${full}`).to.deep.equal(viaKoa);
        compared++;
      }
    }
    expect(compared).to.equal(paths.length * variants.length);
    // The lane took the canonical paths (16: all but JSONP, 11 digits and other spellings) with the agents the API
    // accepts (14 variants), and Koa never saw those.
    const laneTook = paths.length * variants.length - lane.koaPaths.length;
    expect(laneTook).to.equal(16 * 14);
    expect(lane.koaPaths.filter((p) => p.includes('callback=')).length).to.be.greaterThan(0);
    expect(koa.koaPaths).to.have.length(paths.length * variants.length);
  });

  it('counts its requests in the same window as the Koa chain, and refuses the one over the limit alike', async () => {
    const limited = testContainer(storage, { RATE_LIMIT_ANONYMOUS: '3' });
    const lane = appOf(limited, true);
    // One window for both ways through the application: the lane, then Koa, then the lane again.
    const seen: Array<{ status: number; used?: string; retry?: string }> = [];
    for (const path of ['/releases/1', '/releases/1/stats', '/artists/1', '/labels/1', '/releases/1/stats']) {
      const res = await answer(lane.app, { path });
      seen.push({ status: res.status, used: res.headers['x-service-ratelimit-used'], retry: res.headers['retry-after'] });
    }
    expect(seen).to.deep.equal([
      { status: 200, used: '1', retry: undefined },
      { status: 200, used: '2', retry: undefined },
      { status: 200, used: '3', retry: undefined },
      { status: 429, used: '3', retry: '60' },
      { status: 429, used: '3', retry: '60' },
    ]);
    const koa = appOf(testContainer(storage, { RATE_LIMIT_ANONYMOUS: '3' }), false);
    for (let i = 0; i < 3; i++) await answer(koa.app, { path: '/artists/1' });
    expect(await answer(lane.app, { path: '/labels/1' })).to.deep.equal(await answer(koa.app, { path: '/labels/1' }));
  });
});
