import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import type { Database } from '../../../adapters/persistence/database.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { closedPort } from '../../support/ports.js';
import { exited, serveSpindle, type Served } from '../../support/spindle-cli.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { openTestDatabase } from '../../support/test-database.js';

const CLI = path.join(REPO_ROOT, 'dist/composition/cli.js');
const AGENT = 'SpindleTests/1.0';

const serve = (env: NodeJS.ProcessEnv): Promise<Served> => serveSpindle(env, (out) => /"workers":\d+[^\n]*"msg":"listening"/.test(out));

/** `spindle serve` as a node:cluster of workers (WEB_CONCURRENCY), on a PostgreSQL server. */
describe('spindle serve with WEB_CONCURRENCY workers', function () {
  this.timeout(120_000);
  let db: Database | undefined;

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      Skipping the cluster tests: they need a PostgreSQL server (set DATABASE_URL).');
      this.skip();
    }
    db = await openTestDatabase();
    await seedCatalogue(db, { releases: [aRelease(7, { title: 'Seven' })] });
    await db.migrate();
  });
  after(async () => {
    await db?.close();
  });

  it('serves from every worker with one rate-limit window per instance, the whole instance metrics on METRICS_PORT, and stops cleanly on SIGTERM', async () => {
    const metricsPort = await closedPort();
    const server = await serve({ WEB_CONCURRENCY: '2', RATE_LIMIT_ANONYMOUS: '6', METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' });
    try {
      expect(server.output().match(/"msg":"listening"/g)).to.have.length(3); // two workers and the primary
      const statuses: number[] = [];
      const used: string[] = [];
      for (let i = 0; i < 8; i++) {
        // A new connection each time, so the requests are spread over the workers.
        const res = await fetch(`${server.url}/releases/7`, { headers: { 'User-Agent': AGENT, Connection: 'close' } });
        statuses.push(res.status);
        used.push(res.headers.get('X-Service-Ratelimit-Used') ?? '');
        if (res.status === 200) expect(((await res.json()) as { title: string }).title).to.equal('Seven');
        else await res.arrayBuffer();
      }
      expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 200, 429, 429]);
      expect(used.slice(0, 6)).to.deep.equal(['1', '2', '3', '4', '5', '6']);
      // The primary's metrics port sums the workers': every request counted once, whichever worker answered it.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const counted = [...metrics.matchAll(/^spindle_http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm)].map((m) => Number(m[1]));
      expect(counted.reduce((a, b) => a + b, 0), metrics.slice(0, 2000)).to.equal(8);
      expect(metrics).to.match(/^spindle_rate_limit_refusals_total 2$/m);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status).to.equal(200);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await exited(server.child)).to.equal(0);
    expect(server.output()).to.match(/"msg":"stopped"/);
  });

  it('stops with one line when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const child = spawn(process.execPath, [CLI, 'serve'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_CONCURRENCY: '2', REDIS_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr!.on('data', (d: Buffer) => (err += d));
      expect(await exited(child)).to.equal(1);
      expect(err).to.equal(`Port ${port} on 127.0.0.1 is already in use; stop the other process or set PORT.\n`);
    } finally {
      blocker.close();
    }
  });
});

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('is refused above 1 with a clear message', async () => {
    const child = spawn(process.execPath, [CLI, 'serve'], {
      env: { ...process.env, DATABASE_URL: '', WEB_CONCURRENCY: '2', DATA_DIR: '/nonexistent/spindle' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d));
    expect(await exited(child)).to.equal(2);
    expect(err).to.contain('WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database admits one process), got "2"');
  });
});
