import { expect } from 'chai';
import pg from 'pg';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { Browser } from '../../support/browser.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { exited, runSpindle, serveSpindle, type Served } from '../../support/spindle-cli.js';
import { TcpProxy } from '../../support/tcp-proxy.js';
import { openTestDatabase } from '../../support/test-database.js';

const AGENT = 'SpindleTests/1.0';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `spindle serve` with `workers` processes, once every one listens (and the primary, for a cluster). */
const serve = (env: NodeJS.ProcessEnv, workers: number): Promise<Served> =>
  serveSpindle(env, (out) => (out.match(/"msg":"listening"/g) ?? []).length >= (workers > 1 ? workers + 1 : 1));

/** One request of the load: what it asked and what it got (0: no answer at all, the connection refused or reset). */
interface Answer {
  readonly at: number;
  readonly path: string;
  readonly status: number;
  readonly body: string;
  readonly retryAfter: string | null;
  /** The rating a PUT sent. */
  readonly sent?: number;
}

/**
 * A small load on a spawned server whose PostgreSQL is taken away and given back: `spindle serve` talks to the
 * suite's server through a TCP proxy, and the outage is the server ending every connection of the database
 * (`pg_terminate_backend`, what a fast shutdown sends) and the proxy refusing new ones until it is back.
 */
describe('spindle serve through a PostgreSQL outage', function () {
  this.timeout(180_000);
  let proxy: TcpProxy | undefined;
  let env: NodeJS.ProcessEnv = {};
  let token = '';

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      Skipping the database outage tests: they need a PostgreSQL server (set DATABASE_URL).');
      this.skip();
    }
    const db = await openTestDatabase();
    await seedCatalogue(db, { releases: [aRelease(7, { title: 'Seven' })] });
    await db.close();
    const place = { dir: REPO_ROOT, env: { ...process.env, LOG_LEVEL: 'silent' } };
    const added = await runSpindle(place, ['user', 'add', 'rater', '--email', 'rater@example.org', '--password', 'correct horse battery']);
    expect(added.code, added.stderr).to.equal(0);
    const made = await runSpindle(place, ['token', 'create', 'rater']);
    expect(made.code, made.stderr).to.equal(0);
    token = made.stdout.trim();
    const url = new URL(process.env.DATABASE_URL!);
    proxy = await TcpProxy.start(Number(url.port || 5432), url.hostname);
    url.port = String(proxy.port);
    env = { DATABASE_URL: url.toString(), RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', JOB_POLL_MS: '100' };
  });
  after(async () => {
    await proxy?.close();
  });

  /** Every connection of the test database's users but this one ends, as in a fast shutdown (FATAL 57P01). */
  async function terminateBackends(): Promise<void> {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    } finally {
      await admin.end();
    }
  }

  async function load(server: Served, answers: Answer[], stop: { now: boolean }): Promise<void> {
    const auth = { Authorization: `Service token=${token}` };
    const reads = ['/releases/7', '/releases/7/rating', '/database/search?q=seven', '/marketplace/fee/10/USD', '/oauth/identity'];
    const ask = async (p: string, init: RequestInit = {}, sent?: number) => {
      let status: number;
      let body = '';
      let retryAfter: string | null = null;
      try {
        const res = await fetch(`${server.url}${p}`, {
          ...init,
          // The fee asked anonymously: it needs no database then (a token is looked up in it).
          headers: { 'User-Agent': AGENT, Connection: 'close', ...(p.includes('/fee/') ? {} : auth), ...(init.headers as Record<string, string> | undefined) },
          signal: AbortSignal.timeout(20_000),
        });
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        body = await res.text();
      } catch {
        status = 0;
      }
      answers.push({ at: Date.now(), path: `${init.method ?? 'GET'} ${p}`, status, body, retryAfter, sent });
    };
    let rating = 0;
    const reader = async (offset: number) => {
      for (let i = offset; !stop.now; i++) {
        await ask(reads[i % reads.length]!);
        await sleep(15);
      }
    };
    const writer = async () => {
      while (!stop.now) {
        rating = (rating % 5) + 1;
        await ask('/releases/7/rating/rater', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ rating }) }, rating);
        await sleep(25);
      }
    };
    await Promise.all([reader(0), reader(2), writer()]);
  }

  async function outage(workers: number, outageMs: number): Promise<void> {
    const server = await serve({ ...env, WEB_CONCURRENCY: String(workers) }, workers);
    const answers: Answer[] = [];
    const stop = { now: false };
    try {
      const running = load(server, answers, stop);
      await sleep(1_000);
      const browser = new Browser(server.url);
      await browser.get('/signin');
      await terminateBackends();
      await proxy!.cut();
      const down = Date.now();
      await sleep(500);
      // A web page that needs the database: the site's message page with the 503, not the API's JSON.
      const signIn = await browser.post('/signin', { username: 'rater', password: 'a guess' });
      await sleep(outageMs - 500);
      await proxy!.resume();
      const up = Date.now();
      await sleep(3_000);
      stop.now = true;
      await running;

      expect(server.child.exitCode, 'the server lives').to.equal(null);
      expect([signIn.status, signIn.type, signIn.headers['retry-after']]).to.deep.equal([503, 'text/html', '5']);
      expect(signIn.text).to.include('The service is temporarily unavailable.');
      const out = server.output();
      expect(out, 'no worker died').not.to.match(/"msg":"worker died"/);
      expect(out.split('\n').filter((line) => line.includes('"msg":"request failed"')), 'no request failed with a 500').to.deep.equal([]);
      expect(out, 'the job worker logs no error for the outage').not.to.match(/"msg":"job worker could not claim a job"/);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s >= 500 && s !== 503), 'no 5xx but 503').to.deep.equal([]);
      expect(statuses.filter((s) => s === 0), 'every request answered').to.deep.equal([]);
      const during = answers.filter((a) => a.at > down + 300 && a.at < up);
      for (const a of during) {
        if (a.path.endsWith('/marketplace/fee/10/USD')) expect(a, 'the fee needs no database').to.include({ status: 200 });
        else {
          expect(a, 'needs the database').to.include({ status: 503, retryAfter: '5' });
          expect(JSON.parse(a.body)).to.deep.equal({ message: 'The service is temporarily unavailable.' });
        }
      }
      expect(during.filter((a) => a.status === 503).length, 'the outage was seen').to.be.greaterThan(5);
      const after = answers.filter((a) => a.at > up + 1_500);
      expect(after.length).to.be.greaterThan(5);
      expect(after.filter((a) => a.status !== 200), 'back to normal after it').to.deep.equal([]);
      const firstBack = answers.find((a) => a.at > up && a.status === 200 && !a.path.endsWith('/fee/10/USD'));
      console.log(`      (${workers} process${workers > 1 ? 'es' : ''}, ${outageMs} ms away: ${answers.length} requests, ` +
        `${statuses.filter((s) => s === 503).length} × 503, first database answer ${firstBack ? firstBack.at - up : '?'} ms after it was back)`);
      const processes = workers > 1 ? workers : 1;
      expect((out.match(/"msg":"database unreachable[^"]*"/g) ?? []).length, 'the outage logged once by each process').to.be.within(1, processes);
      expect((out.match(/"msg":"database answering again"/g) ?? []).length, 'and its end once').to.equal((out.match(/"msg":"database unreachable[^"]*"/g) ?? []).length);
      expect(out.match(/Error: Connection terminated|at .*node_modules/), 'no stack trace printed').to.equal(null);

      // Nothing half-written: the stored rating is the last one answered 200 or one sent after it (answered 503
      // because the connection went after the commit).
      const writes = answers.filter((a) => a.path.startsWith('PUT'));
      const lastOk = writes.map((a) => a.status).lastIndexOf(200);
      const res = await fetch(`${server.url}/releases/7/rating/rater`, { headers: { 'User-Agent': AGENT } });
      const stored = ((await res.json()) as { rating: number }).rating;
      expect(lastOk).to.be.greaterThan(-1);
      expect(writes.slice(lastOk).map((w) => w.sent)).to.include(stored);
    } finally {
      stop.now = true;
      server.child.kill('SIGTERM');
      await exited(server.child);
      await proxy!.resume();
    }
  }

  it('one process: answers 503 while the database is away, lives, and serves again as soon as it is back', async () => {
    await outage(1, 3_000);
  });

  it('a cluster of two workers: the same, and no worker dies', async () => {
    await outage(2, 3_000);
  });
});
