import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { closedPort } from '../../support/ports.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { commandPlace, exited } from '../../support/spindle-cli.js';

/*
 * `spindle worker` as an operator runs it beside API instances: its probes and metrics on METRICS_PORT, and SIGTERM
 * (ADR 0047). A PostgreSQL server only: a dedicated worker shares the database with the API instances, which the
 * embedded database (one process) cannot.
 */
describe('spindle worker: probes on METRICS_PORT, and SIGTERM', function () {
  this.timeout(120_000);

  before(function () {
    if (!process.env.DATABASE_URL) {
      console.log('      (a dedicated worker shares a PostgreSQL server with the API: set DATABASE_URL)');
      this.skip();
    }
  });

  it('answers /healthz, /readyz (the worker, the database) and /metrics there, and on SIGTERM stops and exits 0', async () => {
    const place = await commandPlace('spindle-worker-command-');
    const port = await closedPort();
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist/composition/cli.js'), 'worker'], {
      cwd: place.dir,
      env: { ...place.env, JOB_WORKER: 'false', METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1', JOB_POLL_MS: '50', REDIS_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    const code = exited(child);
    try {
      const deadline = Date.now() + 60_000;
      while (!out.includes('Running jobs of kinds')) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the worker did not start:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const url = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${url}/healthz`)).json()).to.deep.equal({ status: 'ok' });
      const ready = await fetch(`${url}/readyz`);
      const body = (await ready.json()) as { status: string; checks: { name: string; ready: boolean }[] };
      expect([ready.status, body.status]).to.deep.equal([200, 'ready']);
      expect(body.checks.map((c) => c.name)).to.include.members(['shutdown', 'job worker', 'database']);
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics).to.include('# TYPE spindle_job_queue_depth gauge');
      expect(out).to.include('(the job in hand has 10 s to finish, then is given back)');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await code).to.equal(0);
    expect(out).to.match(/"msg":"signal received"/);
    fs.rmSync(place.dir, { recursive: true, force: true });
  });
});
