import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { EXPORT_NO_ROOM_MESSAGE } from '../../application/inventory/export-inventory.js';
import { AGENT, Deployment, missingTools, until } from './support/deployment.js';
import { figures, Load, verdict, type LoadParties, type Outcome } from './support/load.js';
import { makeParties } from './support/parties.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What must not happen to any request: a 500, an answer without a body, a connection closed without an answer. */
const failures = (outcomes: readonly Outcome[]) =>
  outcomes.filter((o) => verdict(o) === 'failed').map((o) => `${o.method} ${o.kind} at ${o.at} ms: ${o.status || o.error} ${o.body.slice(0, 200)}`);

/** A refusal says why: Spindle's JSON `message`, or HAProxy's page when no instance is in service. */
const unexplained = (outcomes: readonly Outcome[]) =>
  outcomes
    .filter((o) => verdict(o) === 'refused')
    .filter((o) => !o.body.includes('"message"') && !o.body.includes('No server is available'))
    .map((o) => `${o.status} ${o.body.slice(0, 200)}`);

/**
 * Outages of a deployment of two instances and a worker behind HAProxy (issue 33, item 4): the disk of FILE_DIR full
 * during an export (a tmpfs of 4 MiB), PostgreSQL restarted under load, Redis killed with the rate limits failing
 * open (the default) and then closed.
 */
describe('Outages of a deployment', function () {
  this.timeout(240_000);
  let d: Deployment;
  let parties: LoadParties;
  let fileDir: string;
  let mounted = false;

  before(async function () {
    const missing = missingTools();
    if (missing) {
      console.log(`      Skipping the deployment tests: ${missing}.`);
      this.skip();
    }
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-file-dir-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', fileDir], { stdio: 'pipe' });
      mounted = true;
    } catch (err) {
      console.log(`      FILE_DIR is a plain folder: a tmpfs could not be mounted (${String(err).split('\n')[0]}).`);
    }
    d = await Deployment.start({ instances: 2, fileDir, env: { RATE_LIMIT_ANONYMOUS: '1000000' } });
    parties = await makeParties(d, 3, 40);
  });
  after(async () => {
    await d?.stop();
    if (mounted) execFileSync('umount', [fileDir]);
    if (fileDir) fs.rmSync(fileDir, { recursive: true, force: true });
  });

  const asSeller = (pathname: string, init: RequestInit = {}) =>
    fetch(`${d.url}${pathname}`, { ...init, headers: { 'User-Agent': AGENT, Authorization: `Service token=${parties.sellerToken}` } });

  /** Asks for an export of the demo seller's inventory and waits until its job has ended; its id and end. */
  async function exportNow(): Promise<{ id: number; status: string; error: string | undefined }> {
    const res = await asSeller('/inventory/export', { method: 'POST' });
    expect(res.status, await res.clone().text()).to.equal(200);
    const { id } = (await res.json()) as { id: number };
    let job: { status: string; result: { error?: string } | null } | undefined;
    await until(`export ${id} has ended`, async () => {
      [job] = await d.sql<{ status: string; result: { error?: string } | null }>('select status, result from job where id = $1', [id]);
      return job!.status === 'success' || job!.status === 'failed';
    });
    return { id, status: job!.status, error: job!.result?.error };
  }

  it('fails an export with a clear message and serves nothing of it when the disk of FILE_DIR is full', async function () {
    if (!mounted) this.skip();
    const filler = path.join(fileDir, 'filler');
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'pipe' });
    } catch {
      // dd stops with an error once the disk is full: that is the point
    }
    const failed = await exportNow();
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.equal(EXPORT_NO_ROOM_MESSAGE);
    const record = (await (await asSeller(`/inventory/export/${failed.id}`)).json()) as { status: string; download_url?: string };
    expect(record.status).to.equal('failed');
    const download = await asSeller(`/inventory/export/${failed.id}/download`);
    expect(download.status).to.equal(404);
    expect(((await download.json()) as { message: string }).message).to.be.a('string');
    const left = fs.existsSync(path.join(fileDir, 'inventory-export')) ? fs.readdirSync(path.join(fileDir, 'inventory-export')) : [];
    expect(left.filter((f) => f.startsWith(`${failed.id}.`))).to.deep.equal([]);
    console.log(`      export ${failed.id} on a full FILE_DIR: ${failed.status}, "${failed.error}"; files left for it: none`);

    // An upload, kept in FILE_DIR until its job applies it, is refused for the while with a message.
    const form = new FormData();
    form.append('file', new Blob([`release_id,price,media_condition\n${parties.releaseIds[0]},5.00,Mint (M)\n`], { type: 'text/csv' }), 'full.csv');
    const upload = await asSeller('/inventory/upload/add', { method: 'POST', body: form });
    expect(upload.status).to.equal(503);
    expect(upload.headers.get('Retry-After')).to.equal('60');
    expect(((await upload.json()) as { message: string }).message).to.equal('The service has no room to store the file now; try again later.');

    // Room again: the next export is written and served whole.
    fs.rmSync(filler);
    const done = await exportNow();
    expect(done.status).to.equal('success');
    const file = await asSeller(`/inventory/export/${done.id}/download`);
    expect(file.status).to.equal(200);
    expect((await file.text()).split('\n')[0]).to.contain('listing_id');
  });

  it('answers 503 with a message while PostgreSQL restarts, and serves and runs jobs again without a restart of Spindle', async () => {
    const load = new Load(parties);
    load.start(8);
    await wait(5_000);
    const restartAt = load.now();
    await d.restartPostgres();
    const backAt = load.now();
    await wait(6_000);
    await load.stop();
    const during = load.outcomes.filter((o) => o.at >= restartAt && o.at < backAt + 500);
    const afterwards = load.outcomes.filter((o) => o.at >= backAt + 2_000);
    console.log(`      pg_ctl restart -m fast from ${restartAt} to ${backAt} ms`);
    console.log(`      ${figures('before the restart', load.outcomes.filter((o) => o.at < restartAt))}`);
    console.log(`      ${figures('during it', during)}`);
    console.log(`      ${figures('2 s after it and on', afterwards)}`);
    expect(failures(load.outcomes)).to.deep.equal([]);
    expect(unexplained(load.outcomes)).to.deep.equal([]);
    expect(afterwards.filter((o) => verdict(o) === 'answered' && o.kind !== 'upload').length).to.be.above(20);
    expect(afterwards.filter((o) => verdict(o) === 'refused')).to.deep.equal([]);

    // The worker took up its work again: an upload asked for now is applied.
    await until('every upload job has ended', async () => {
      const open = await d.sql<{ n: string }>("select count(*) as n from job where kind = 'inventory-upload' and status in ('pending', 'processing')");
      return open[0]!.n === '0';
    }, 60_000);
    const jobs = await d.sql<{ status: string }>('select status from job where id = any($1)', [load.uploads.map((u) => u.id)]);
    expect(jobs.filter((j) => j.status !== 'success')).to.deep.equal([]);
    const rows = await d.sql<{ n: string }>('select count(*) as n from listing where external_id = any($1)', [load.uploads.map((u) => u.externalId)]);
    expect(Number(rows[0]!.n)).to.equal(load.uploads.length);
    expect(load.uploads.filter((u) => load.outcomes.find((o) => o.kind === 'upload' && o.body.includes(`"id":${u.id}`) && o.at > backAt))).to.not.be.empty;
  });

  /** Catalogue reads through the balancer for `ms`, 4 at a time. */
  async function readFor(ms: number): Promise<{ load: Load }> {
    const load = new Load(parties, ['read']);
    load.start(4);
    await wait(ms);
    await load.stop();
    return { load };
  }

  it('fails open while Redis is gone (the default): requests go through uncounted', async () => {
    const withRedis = await fetch(`${d.url}/releases/${parties.releaseIds[0]}`, { headers: { 'User-Agent': AGENT } });
    expect(withRedis.headers.get('X-Service-Ratelimit-Used')).to.match(/^\d+$/);
    await d.killRedis();
    const { load } = await readFor(4_000);
    console.log(`      ${figures('Redis gone, open', load.outcomes)}`);
    expect(failures(load.outcomes)).to.deep.equal([]);
    expect(load.outcomes.filter((o) => o.status !== 200)).to.deep.equal([]);
    const headers = await fetch(`${d.url}/releases/${parties.releaseIds[0]}`, { headers: { 'User-Agent': AGENT } });
    expect(headers.headers.get('X-Service-Ratelimit-Used')).to.equal(null);
    await d.startRedis();
    await until('requests are counted again', async () => {
      const res = await fetch(`${d.url}/releases/${parties.releaseIds[0]}`, { headers: { 'User-Agent': AGENT } });
      await res.arrayBuffer();
      return res.headers.get('X-Service-Ratelimit-Used') !== null;
    }, 15_000);
  });

  it('fails closed while Redis is gone with RATE_LIMIT_STORE_FAILURE=closed: 503 with a message, then serves again', async () => {
    d.setEnv({ RATE_LIMIT_STORE_FAILURE: 'closed' });
    for (const i of [0, 1]) {
      await d.kill(d.instances[i]!.child, 'SIGTERM');
      await d.startInstance(i);
    }
    await until('HAProxy has both instances in service', async () => (await d.serversUp()) === 2, 20_000);
    await d.killRedis();
    const { load } = await readFor(8_000);
    console.log(`      ${figures('Redis gone, closed', load.outcomes)}`);
    expect(failures(load.outcomes)).to.deep.equal([]);
    expect(unexplained(load.outcomes)).to.deep.equal([]);
    // Refused from the first second (Spindle's 503, then HAProxy's once the checks of /readyz took both out).
    const late = load.outcomes.filter((o) => o.at > 1_000);
    expect(late.filter((o) => o.status !== 503)).to.deep.equal([]);
    expect(late.some((o) => o.body.includes('"message"'))).to.equal(true);
    const startedAt = Date.now();
    await d.startRedis();
    await until('HAProxy has both instances in service again', async () => (await d.serversUp()) === 2, 20_000);
    console.log(`      Redis back: both instances in service again ${Date.now() - startedAt} ms after it was started`);
    const res = await fetch(`${d.url}/releases/${parties.releaseIds[0]}`, { headers: { 'User-Agent': AGENT } });
    expect(res.status).to.equal(200);
  });
});
