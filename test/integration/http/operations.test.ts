import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { PassThrough } from 'node:stream';
import request from 'supertest';
import { createPinoLogger } from '../../../adapters/logging/pino-logger.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { SqlReadinessCheck } from '../../../adapters/persistence/sql-readiness-check.js';
import { RedisReadinessCheck } from '../../../adapters/rate-limit/redis-readiness-check.js';
import { buildContainer } from '../../../composition/container.js';
import { HEALTH } from '../../../composition/health/health-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { validateResponses } from '../../support/openapi-hook.js';
import { AGENT, loadTestModules, testConfig, testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';
import { runtimeOn } from '../../support/test-storage.js';

const TOKEN = 't'.repeat(40);

/** The whole application with a logger whose lines the test reads. */
async function loggedApp(db: Database, env: Record<string, string> = {}): Promise<{ app: Koa; lines: () => Array<Record<string, unknown>> }> {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  const config = testConfig(env);
  const container = buildContainer(runtimeOn(db, { config, logger: createPinoLogger('info', out) }), await loadTestModules());
  container.onActivation(HTTP.HttpApp, (_context, app) => validateResponses(app, config));
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { app: container.get(HTTP.HttpApp) as unknown as Koa, lines };
}

describe('Operations: /healthz, /readyz, /metrics', () => {
  let db: Database;

  before(async () => {
    db = await openTestDatabase(CATALOGUE_FIXTURES);
  });
  after(() => db.close());

  describe('probes', () => {
    let container: Container;
    let app: Koa;

    before(() => {
      container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '1' });
      app = container.get(HTTP.HttpApp) as unknown as Koa;
      container.get(JOBS.Worker).start();
    });
    after(() => container.get(JOBS.Worker).stop());

    it('answers /healthz 200 to anyone, without a User-Agent, uncounted by the rate limit, never cached', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await request(app.callback()).get('/healthz').unset('User-Agent');
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal({ status: 'ok' });
        expect(res.headers['cache-control']).to.equal('no-store');
        expect(res.headers).not.to.have.property('x-service-ratelimit');
      }
      // The one anonymous request of the window is still there for the API.
      expect((await request(app.callback()).get('/releases/1').set('User-Agent', AGENT)).status).to.equal(200);
    });

    it('answers /readyz 200 when the database answers with every migration applied and the job worker runs', async () => {
      const res = await request(app.callback()).get('/readyz').unset('User-Agent');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        status: 'ready',
        not_ready: [],
        checks: [
          { name: 'shutdown', ready: true, required: true },
          { name: 'job worker', ready: true, required: true },
          { name: 'database', ready: true, required: true },
        ],
      });
    });

    it('answers HEAD as GET without a body; other methods go to the API (here its rate limit of 1, spent above)', async () => {
      const head = await request(app.callback()).head('/healthz');
      expect(head.status).to.equal(200);
      expect(head.text ?? '').to.equal('');
      const post = await request(app.callback()).post('/healthz').set('User-Agent', AGENT);
      expect(post.status).to.equal(429);
      expect(post.headers).to.have.property('x-service-ratelimit');
    });
  });

  it('answers /readyz 503 naming what is not ready: the job worker stopped, a migration not applied', async () => {
    const container = testContainer(db);
    const pending = { ping: async () => undefined, pendingMigrations: async () => ['Migration20990101000000_next'] } as unknown as Database;
    container.bind(HEALTH.ReadinessChecks).toConstantValue(new SqlReadinessCheck(pending));
    const app = container.get(HTTP.HttpApp) as unknown as Koa;
    const res = await request(app.callback()).get('/readyz');
    expect(res.status).to.equal(503);
    expect(res.body.status).to.equal('not ready');
    expect(res.body.not_ready).to.deep.equal(['job worker', 'database']);
    expect(res.body.checks).to.deep.include({ name: 'database', ready: false, required: true, reason: '1 migration not applied (run spindle migrate)' });
    expect(res.body.checks).to.deep.include({ name: 'job worker', ready: false, required: true, reason: 'the job worker is not running' });
  });

  it('says the database is unready when it does not answer, without its error text', async () => {
    const away = { ping: async () => Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432')), pendingMigrations: async () => [] } as unknown as Database;
    expect(await new SqlReadinessCheck(away).check()).to.equal('the database does not answer');
    expect(await new SqlReadinessCheck(db).check()).to.equal(null);
  });

  it('counts Redis in readiness only when rate limiting fails closed', async () => {
    const down = { ping: async () => Promise.reject(new Error('Connection is closed.')) };
    const open = new RedisReadinessCheck(down, false);
    const closed = new RedisReadinessCheck(down, true);
    expect([open.required, await open.check()]).to.deep.equal([false, 'Redis does not answer']);
    expect([closed.required, await closed.check()]).to.deep.equal([true, 'Redis does not answer']);
    expect(await new RedisReadinessCheck({ ping: async () => undefined }, true).check()).to.equal(null);
  });

  it('logs no line for the probes, and one per API request', async () => {
    const { app, lines } = await loggedApp(db);
    await request(app.callback()).get('/healthz');
    await request(app.callback()).get('/readyz');
    await request(app.callback()).get('/releases/1').set('User-Agent', AGENT);
    const requests = lines().filter((l) => l.msg === 'request');
    expect(requests.map((l) => l.path)).to.deep.equal(['/releases/1']);
  });

  describe('metrics', () => {
    it('serves no /metrics on the public port unless configured (the API 404)', async () => {
      const app = testContainer(db).get(HTTP.HttpApp) as unknown as Koa;
      const res = await request(app.callback()).get('/metrics').set('User-Agent', AGENT);
      expect(res.status).to.equal(404);
      const unknown = await request(app.callback()).get('/nowhere').set('User-Agent', AGENT);
      expect(res.body).to.deep.equal(unknown.body);
    });

    it('asks METRICS_TOKEN as a bearer token: 401 without it or with another, 200 with it', async () => {
      const app = testContainer(db, { METRICS_TOKEN: TOKEN }).get(HTTP.HttpApp) as unknown as Koa;
      const none = await request(app.callback()).get('/metrics');
      expect(none.status).to.equal(401);
      expect(none.headers['www-authenticate']).to.equal('Bearer realm="metrics"');
      expect(none.body).to.deep.equal({ message: 'The metrics need a bearer token.' });
      expect((await request(app.callback()).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).to.equal(401);
      expect((await request(app.callback()).get('/metrics').set('Authorization', `Service token=${TOKEN}`)).status).to.equal(401);
      const ok = await request(app.callback()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
      expect(ok.status).to.equal(200);
      expect(ok.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
    });

    it('serves /metrics to anyone on the public port only when METRICS_PUBLIC=true', async () => {
      const app = testContainer(db, { METRICS_PUBLIC: 'true' }).get(HTTP.HttpApp) as unknown as Koa;
      expect((await request(app.callback()).get('/metrics')).status).to.equal(200);
    });

    it('serves /metrics and the probes alone on the metrics port listener, without a token', async () => {
      const app = testContainer(db, { METRICS_PORT: '9464' }).get(HTTP.HttpApp);
      const res = await request(app.metricsCallback()).get('/metrics');
      expect(res.status).to.equal(200);
      expect(res.text).to.include('spindle_http_request_duration_seconds');
      expect((await request(app.metricsCallback()).get('/healthz')).body).to.deep.equal({ status: 'ok' });
      const ready = await request(app.metricsCallback()).get('/readyz');
      expect(ready.body, 'the public port\'s answer').to.deep.equal((await request(app.callback()).get('/readyz')).body);
      expect(ready.body.checks.map((c: { name: string }) => c.name)).to.include('shutdown');
      const other = await request(app.metricsCallback()).get('/releases/1');
      expect(other.status).to.equal(404);
      expect(other.body).to.deep.equal({ message: 'Only /metrics, /healthz and /readyz are served on this port.' });
      // …and none on the public port.
      expect((await request(app.callback()).get('/metrics').set('User-Agent', AGENT)).status).to.equal(404);
    });

    it('counts requests by method, route pattern (never the raw URL) and status, both lanes, with rate-limit refusals, pools and the job queue', async () => {
      const container = testContainer(db, { METRICS_PUBLIC: 'true', RATE_LIMIT_ANONYMOUS: '4' });
      const app = container.get(HTTP.HttpApp) as unknown as Koa;
      const get = (path: string) => request(app.callback()).get(path).set('User-Agent', AGENT);
      await get('/releases/1'); // the direct lane
      await get('/releases/2');
      await get('/artists/1/releases'); // Koa
      await get('/nowhere/at/all');
      await get('/releases/1'); // over the limit: 429
      await get('/healthz');
      const text = (await get('/metrics')).text;
      const count = (labels: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`spindle_http_request_duration_seconds_count{${labels}}`));
        return line === undefined ? 0 : Number(line.split(' ').pop());
      };
      expect(count('method="GET",route="/releases/:id",status="200"')).to.equal(2);
      expect(count('method="GET",route="/artists/:id/releases",status="200"')).to.equal(1);
      expect(count('method="GET",route="(unmatched)",status="404"')).to.equal(1);
      expect(count('method="GET",route="/releases/:id",status="429"')).to.equal(1);
      expect(text).not.to.include('/releases/2"');
      expect(text).not.to.include('/healthz');
      expect(text).to.match(/^spindle_rate_limit_refusals_total 1$/m);
      expect(text).to.match(/^spindle_db_pool_connections\{pool="orm",state="idle"\} \d+$/m);
      expect(text).to.match(/^spindle_process_cpu_seconds_total /m);
      expect(text).to.include('# TYPE spindle_job_queue_depth gauge');
      expect(text).to.include('# TYPE spindle_job_queue_oldest_age_seconds gauge');
    });
  });
});
