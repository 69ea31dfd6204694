import { expect } from 'chai';
import { AGENT, Deployment, missingTools, until } from './support/deployment.js';
import { figures, Load, verdict, type LoadParties, type Outcome } from './support/load.js';
import { makeParties } from './support/parties.js';

const CONCURRENCY = 12;
const ANONYMOUS_LIMIT = 20;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The failed outcomes, shown when there are any. */
const failures = (outcomes: readonly Outcome[]) =>
  outcomes.filter((o) => verdict(o) === 'failed').map((o) => `${o.method} ${o.kind} at ${o.at} ms: ${o.status || o.error} ${o.body.slice(0, 200)}`);

/**
 * Two `spindle serve` instances and one `spindle worker` behind HAProxy, on a PostgreSQL cluster and a Redis of their
 * own (issue 33, items 2 and 3): a shared rate-limit window, an instance killed with SIGKILL halfway through a mixed
 * load, and a rolling restart under load.
 */
describe('Several instances behind HAProxy', function () {
  this.timeout(240_000);
  let d: Deployment;
  let parties: LoadParties;

  before(async function () {
    const missing = missingTools();
    if (missing) {
      console.log(`      Skipping the deployment tests: ${missing}.`);
      this.skip();
    }
    d = await Deployment.start({ instances: 2, env: { RATE_LIMIT_ANONYMOUS: String(ANONYMOUS_LIMIT) } });
    parties = await makeParties(d);
  });
  after(async () => {
    await d?.stop();
  });

  /** Waits for every upload's job to end, then checks each was applied once and no listing was sold twice. */
  async function expectEachAppliedOnce(load: Load): Promise<void> {
    const ids = load.uploads.map((u) => u.id);
    await until('every upload job has ended', async () => {
      const open = await d.sql<{ n: string }>("select count(*) as n from job where kind = 'inventory-upload' and status in ('pending', 'processing')");
      return open[0]!.n === '0';
    }, 60_000);
    const jobs = await d.sql<{ id: number; status: string }>("select id, status from job where kind = 'inventory-upload' and id = any($1)", [ids]);
    expect(jobs.filter((j) => j.status !== 'success'), 'upload jobs that did not succeed').to.deep.equal([]);
    const rows = await d.sql<{ external_id: string; n: string }>(
      "select external_id, count(*) as n from listing where external_id = any($1) group by external_id",
      [load.uploads.map((u) => u.externalId)],
    );
    expect(rows.filter((r) => r.n !== '1'), 'uploads applied more than once').to.deep.equal([]);
    expect(rows).to.have.length(load.uploads.length);
    // Nor any upload row, those of the uploads whose client saw the connection closed included.
    const again = await d.sql("select external_id, count(*) from listing where external_id like 'load-%' group by external_id having count(*) > 1");
    expect(again, 'upload rows applied more than once').to.deep.equal([]);
    const twice = await d.sql('select listing_id, count(*) from market_order_item group by listing_id having count(*) > 1');
    expect(twice, 'listings sold twice').to.deep.equal([]);
    const sold = await d.sql<{ n: string }>("select count(*) as n from listing where status = 'Sold' and id = any($1)", [parties.listingIds]);
    const ordered = await d.sql<{ n: string }>('select count(distinct listing_id) as n from market_order_item where listing_id = any($1)', [parties.listingIds]);
    expect(sold[0]!.n).to.equal(ordered[0]!.n);
  }

  it('shares one rate-limit window between the instances', async () => {
    const statuses: number[] = [];
    const used: string[] = [];
    const servedBy = new Set<string>();
    for (let i = 0; i < ANONYMOUS_LIMIT + 4; i++) {
      // A new connection each time, so HAProxy spreads the requests over both instances.
      const res = await fetch(`${d.url}/releases/${parties.releaseIds[0]}`, { headers: { 'User-Agent': AGENT, Connection: 'close' } });
      await res.arrayBuffer();
      statuses.push(res.status);
      used.push(res.headers.get('X-Service-Ratelimit-Used') ?? '');
      servedBy.add(res.headers.get('X-Served-By') ?? '');
    }
    expect([...servedBy].sort()).to.deep.equal(['api1', 'api2']);
    // One count for the client whichever instance answered: the window's count goes up by one a request until the
    // limit, then every request is refused (the first may find a count already begun by the setup's requests).
    const first = Number(used[0]);
    const allowed = ANONYMOUS_LIMIT - first + 1;
    const shown = `statuses ${statuses.join(' ')}, used ${used.join(' ')}`;
    expect(first, shown).to.be.within(1, 3);
    expect(statuses, shown).to.deep.equal([...Array<number>(allowed).fill(200), ...Array<number>(statuses.length - allowed).fill(429)]);
    expect(used.slice(0, allowed), shown).to.deep.equal(Array.from({ length: allowed }, (_, i) => String(first + i)));
  });

  /** The sum of a metric's samples (over every label set) in a Prometheus text answer; NaN when it has none. */
  function total(text: string, metric: string): number {
    const samples = text.split('\n').filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `));
    return samples.length === 0 ? NaN : samples.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  }

  async function scrape(url: string): Promise<string> {
    const res = await fetch(`${url}/metrics`);
    expect(res.status, `${url}/metrics`).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    return res.text();
  }

  it("lets a monitor scrape every instance's and the worker's METRICS_PORT, counting each request the balancer sent", async () => {
    const requests = async () => {
      let sum = 0;
      for (const inst of d.instances) sum += total(await scrape(inst.metricsUrl), 'spindle_http_request_duration_seconds_count');
      return sum;
    };
    const before = await requests();
    const load = new Load(parties);
    load.start(4);
    await wait(3_000);
    await load.stop();
    const after = await requests();
    const answered = load.outcomes.filter((o) => o.servedBy !== '').length;
    console.log(`      ${figures('while scraped', load.outcomes)}; counted by the instances' metrics: ${after - before}`);
    // Every request HAProxy sent an instance is one count there (the balancer's health checks are not counted).
    expect(after - before).to.equal(answered);
    expect(answered).to.equal(load.outcomes.length);
    // The worker: its probes and the job queue's gauges, on its own port.
    const worker = await scrape(d.worker!.metricsUrl);
    expect(total(worker, 'spindle_job_queue_depth')).to.be.at.least(0);
    expect(total(worker, 'spindle_job_queue_oldest_age_seconds')).to.be.at.least(0);
    expect(total(worker, 'spindle_db_pool_connections')).to.be.at.least(0);
    for (const url of [d.worker!.metricsUrl, ...d.instances.map((i) => i.metricsUrl)]) {
      expect((await fetch(`${url}/readyz`)).status, `${url}/readyz`).to.equal(200);
    }
    await expectEachAppliedOnce(load);
  });

  it('answers or cleanly refuses every request when an instance is killed with SIGKILL halfway', async () => {
    const load = new Load(parties);
    load.start(CONCURRENCY);
    await wait(10_000);
    const killAt = load.now();
    await d.kill(d.instances[0]!.child, 'SIGKILL');
    await wait(10_000);
    await load.stop();

    const before = load.outcomes.filter((o) => o.at < killAt);
    const after = load.outcomes.filter((o) => o.at >= killAt);
    console.log(`      kill -9 of api1 at ${killAt} ms, ${CONCURRENCY} clients`);
    console.log(`      ${figures('before the kill', before)}`);
    console.log(`      ${figures('after the kill', after)}`);
    console.log(`      ${figures('in all', load.outcomes)}`);
    for (const kind of ['read', 'search', 'checkout', 'upload'] as const) console.log(`      ${figures(`  ${kind}`, load.outcomes.filter((o) => o.kind === kind))}`);

    // The connection closed without an answer: only for a request other than GET that api1 had in hand when it died,
    // which HAProxy must not send again (it may have had its effect).
    // HAProxy finds out within a second (its kept-alive connections to api1 closed, then its checks), so a request it
    // sent on such a connection in that second meets a dead instance as well.
    const inHand = (o: Outcome) => o.at <= killAt + 1000 && o.at + o.ms >= killAt - 100;
    const closed = load.outcomes.filter((o) => o.status === 0);
    console.log(`      connections closed without an answer: ${closed.map((o) => `${o.method} ${o.kind} ${o.error}`).join(', ') || 'none'}`);
    expect(closed.filter((o) => o.method === 'GET' || !inHand(o)).map((o) => `${o.method} ${o.kind} at ${o.at} ms (${o.ms} ms)`)).to.deep.equal([]);
    expect(failures(load.outcomes.filter((o) => o.status !== 0))).to.deep.equal([]);
    // Refusals only for the requests api1 had in hand when it died (HAProxy's 502), and none before the kill.
    const refused = load.outcomes.filter((o) => verdict(o) === 'refused');
    expect(refused.filter((o) => o.at < killAt - 1000), 'refused before the kill').to.deep.equal([]);
    expect(refused.length).to.be.at.most(CONCURRENCY);
    expect(after.filter((o) => verdict(o) === 'answered').length).to.be.above(100);
    await expectEachAppliedOnce(load);

    // api1 back: HAProxy puts it in service again once its /readyz has passed the checks.
    await d.startInstance(0);
    await until('HAProxy has both instances in service', async () => (await d.serversUp()) === 2, 20_000);
  });

  it('loses no request in a rolling restart (SIGTERM to each instance in turn, then started again)', async () => {
    const load = new Load(parties);
    load.start(CONCURRENCY);
    await wait(4_000);
    const events: string[] = [];
    for (const i of [0, 1]) {
      events.push(`SIGTERM api${i + 1} at ${load.now()} ms`);
      await d.kill(d.instances[i]!.child, 'SIGTERM');
      events.push(`api${i + 1} exited at ${load.now()} ms`);
      await d.startInstance(i);
      await until('HAProxy has both instances in service', async () => (await d.serversUp()) === 2, 20_000);
      events.push(`api${i + 1} back in service at ${load.now()} ms`);
    }
    await wait(2_000);
    await load.stop();
    console.log(`      ${events.join('; ')}`);
    console.log(`      ${figures('rolling restart', load.outcomes)}`);

    if (failures(load.outcomes).length > 0) console.log(`      HAProxy's log of the requests that did not end normally:\n${d.balancerTrouble()}`);
    expect(failures(load.outcomes)).to.deep.equal([]);
    expect(load.outcomes.filter((o) => verdict(o) === 'refused').map((o) => `${o.kind} at ${o.at} ms: ${o.status} ${o.body.slice(0, 200)}`)).to.deep.equal([]);
    await expectEachAppliedOnce(load);
  });
});
