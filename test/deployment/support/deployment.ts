/*
 * A deployment on this machine, as an operator runs one without containers: its own PostgreSQL cluster (initdb and
 * pg_ctl of PostgreSQL 15, run as the `postgres` user), its own redis-server, N `spindle serve` instances
 * (JOB_WORKER=false), one `spindle worker`, and HAProxy in front with deploy/haproxy/haproxy.cfg (only what ties it
 * to Docker replaced: the address it binds, the servers, the resolver). Everything on free ports in a temporary
 * folder; every process is tracked and killed by `stop()`, whatever happened before.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { closedPort } from '../../support/ports.js';
import { runSpindle, type Run } from '../../support/spindle-cli.js';
import { REPO_ROOT } from '../../support/repo-root.js';

const run = promisify(execFile);

const PG_BIN = '/usr/lib/postgresql/15/bin';
const CLI = path.join(REPO_ROOT, 'dist/composition/cli.js');
export const AGENT = 'SpindleDeploymentTests/1.0';

/** What the deployment tests need on the machine; the reason they are skipped when one is missing. */
export function missingTools(): string | undefined {
  for (const tool of [`${PG_BIN}/initdb`, `${PG_BIN}/pg_ctl`, '/usr/sbin/haproxy', '/usr/bin/redis-server', '/usr/sbin/runuser']) {
    if (!fs.existsSync(tool)) return `${tool} is missing`;
  }
  if (process.getuid?.() !== 0) return 'they run PostgreSQL as the postgres user, which needs root';
  return undefined;
}

/** A process the deployment started, and the last 20,000 characters it printed. */
export interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
  output(): string;
}

/** A `spindle serve` instance: its process and port (its own address, behind the balancer). */
export interface Instance extends Proc {
  readonly port: number;
  readonly url: string;
  /** Its `METRICS_PORT`'s address, which a monitor scrapes (`/metrics`, `/healthz`, `/readyz`). */
  readonly metricsUrl: string;
}

/** A `spindle worker`, with the address of its `METRICS_PORT`. */
export interface WorkerProc extends Proc {
  readonly metricsUrl: string;
}

/**
 * The settings of deploy/spindle.env.example that say how a process stops (`SHUTDOWN_…`), so that the instances stop
 * as deployed ones do.
 */
function deployedShutdownSettings(): NodeJS.ProcessEnv {
  const lines = fs.readFileSync(path.join(REPO_ROOT, 'deploy/spindle.env.example'), 'utf8').split('\n');
  const settings = Object.fromEntries(lines.filter((l) => /^SHUTDOWN_[A-Z_]+=/.test(l)).map((l) => l.split('=', 2) as [string, string]));
  if (!settings.SHUTDOWN_DRAIN_SECONDS) throw new Error('deploy/spindle.env.example sets no SHUTDOWN_DRAIN_SECONDS');
  return settings;
}

export interface DeploymentOptions {
  /** How many `spindle serve` instances (default 2). */
  readonly instances?: number;
  /** Settings for every Spindle process, over the deployment's own. */
  readonly env?: NodeJS.ProcessEnv;
  /** A folder to use as FILE_DIR (default a folder in the deployment's temporary one). */
  readonly fileDir?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it is true, or throws `what` after `ms`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await wait(100);
  }
}

export class Deployment {
  readonly dir: string;
  readonly pgDir: string;
  readonly fileDir: string;
  readonly instances: Instance[] = [];
  worker: WorkerProc | undefined;
  haproxy: Proc | undefined;
  pgPort = 0;
  redisPort = 0;
  haproxyPort = 0;
  private redis: Proc | undefined;
  private readonly procs = new Set<ChildProcess>();
  private pool: pg.Pool | undefined;
  private extraEnv: NodeJS.ProcessEnv = {};
  private readonly ports = new Set<number>();

  private constructor(private readonly options: DeploymentOptions) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-deployment-'));
    this.pgDir = path.join(this.dir, 'pg');
    this.fileDir = options.fileDir ?? path.join(this.dir, 'files');
  }

  /** Starts PostgreSQL and Redis, migrates and seeds the demo data, starts the instances, the worker and HAProxy. */
  static async start(options: DeploymentOptions = {}): Promise<Deployment> {
    const d = new Deployment(options);
    try {
      await d.startPostgres();
      await d.startRedis();
      const migrated = await d.spindle(['seed']);
      if (migrated.code !== 0) throw new Error(`spindle seed failed:\n${migrated.stderr}`);
      const n = options.instances ?? 2;
      await Promise.all(Array.from({ length: n }, (_, i) => d.startInstance(i)));
      d.worker = await d.startWorker();
      await d.startHaproxy();
      return d;
    } catch (err) {
      await d.stop();
      throw err;
    }
  }

  get databaseUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.pgPort}/spindle`;
  }

  get redisUrl(): string {
    return `redis://127.0.0.1:${this.redisPort}`;
  }

  /** The balancer's address: what clients use. */
  get url(): string {
    return `http://127.0.0.1:${this.haproxyPort}`;
  }

  /**
   * A port where nothing listens and that this deployment has not handed out yet: instances start side by side, so a
   * port the OS gave one for its metrics, not yet bound, must not become another's public port.
   */
  private async freePort(): Promise<number> {
    for (;;) {
      const port = await closedPort();
      if (!this.ports.has(port)) {
        this.ports.add(port);
        return port;
      }
    }
  }

  /** HAProxy's log lines of requests that did not end normally (termination state other than `----`), the last `n`. */
  balancerTrouble(n = 40): string {
    const lines = (this.haproxy?.output() ?? '').split('\n').filter((l) => l.trim() !== '' && !/ ---- /.test(l));
    return lines.slice(-n).join('\n');
  }

  /** The settings every Spindle process of the deployment runs with. */
  env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      FILE_DIR: this.fileDir,
      IMAGE_DIR: path.join(this.dir, 'images'),
      BASE_URL: this.haproxyPort ? this.url : 'http://127.0.0.1:8080',
      IMAGE_SIGNING_SECRET: 'deployment-test-image-signing-secret-0123456789',
      TRUST_PROXY: 'true',
      JOB_WORKER: 'false',
      JOB_POLL_MS: '200',
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTHENTICATED: '1000000',
      METRICS_HOST: '127.0.0.1',
      ...deployedShutdownSettings(),
      ...this.options.env,
      ...this.extraEnv,
    };
  }

  /** Settings for the Spindle processes started from now on (an instance started again, say), over the others. */
  setEnv(env: NodeJS.ProcessEnv): void {
    this.extraEnv = { ...this.extraEnv, ...env };
  }

  /** Runs `spindle ARGS…` against the deployment's database, in its folder. */
  spindle(args: readonly string[], input = ''): Promise<Run> {
    return runSpindle({ dir: this.dir, env: this.env() }, args, input);
  }

  /** A query on the deployment's database (a pool of its own, made on first use). */
  async sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    if (!this.pool) {
      this.pool = new pg.Pool({ connectionString: this.databaseUrl, max: 2 });
      // An idle connection ended by a restart of PostgreSQL: the pool makes a new one for the next query.
      this.pool.on('error', () => undefined);
    }
    return (await this.pool.query<T>(text, values)).rows;
  }

  // PostgreSQL ---------------------------------------------------------------------------------------------------

  private async asPostgres(command: string, args: readonly string[]): Promise<string> {
    const { stdout } = await run('/usr/sbin/runuser', ['-u', 'postgres', '--', command, ...args], { timeout: 60_000 });
    return stdout;
  }

  private async pgCtl(...args: string[]): Promise<void> {
    const options = `-p ${this.pgPort} -k ${this.pgDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    await this.asPostgres(`${PG_BIN}/pg_ctl`, ['-D', path.join(this.pgDir, 'data'), '-l', path.join(this.pgDir, 'log'), '-o', options, '-w', ...args]);
  }

  private async startPostgres(): Promise<void> {
    this.pgPort = await this.freePort();
    fs.mkdirSync(this.pgDir);
    fs.chmodSync(this.dir, 0o755);
    await run('chown', ['postgres:postgres', this.pgDir]);
    await this.asPostgres(`${PG_BIN}/initdb`, ['-D', path.join(this.pgDir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await this.pgCtl('start');
    await this.asPostgres(`${PG_BIN}/psql`, ['-h', this.pgDir, '-p', String(this.pgPort), '-U', 'postgres', '-c', 'create database spindle']);
  }

  /** `pg_ctl restart -m fast`: every session is ended, the server stops and starts again. */
  async restartPostgres(): Promise<void> {
    await this.pgCtl('restart', '-m', 'fast');
  }

  async stopPostgres(): Promise<void> {
    await this.pool?.end().catch(() => undefined);
    this.pool = undefined;
    await this.pgCtl('stop', '-m', 'immediate').catch(() => undefined);
  }

  // Redis --------------------------------------------------------------------------------------------------------

  async startRedis(): Promise<void> {
    this.redisPort ||= await this.freePort();
    this.redis = this.spawnTracked('redis', '/usr/bin/redis-server', [
      '--port', String(this.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir,
    ]);
    await until('Redis answers', () => this.redis!.output().includes('Ready to accept connections'), 10_000);
  }

  /** Kills redis-server (SIGKILL): what an operator sees when the Redis machine goes away. */
  async killRedis(): Promise<void> {
    if (this.redis) await this.kill(this.redis.child, 'SIGKILL');
  }

  // Spindle ------------------------------------------------------------------------------------------------------

  /** Starts (or starts again) instance `i` on its port, and waits until its /readyz answers 200. */
  async startInstance(i: number): Promise<Instance> {
    const port = this.instances[i]?.port ?? (await this.freePort());
    const metricsPort = this.instances[i] ? new URL(this.instances[i].metricsUrl).port : String(await this.freePort());
    const env = { ...this.env(), PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: metricsPort };
    const proc = this.spawnTracked(`api${i + 1}`, process.execPath, [CLI, 'serve'], env);
    const instance: Instance = { ...proc, port, url: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}` };
    this.instances[i] = instance;
    await until(`api${i + 1} is ready`, async () => {
      if (proc.child.exitCode !== null) throw new Error(`api${i + 1} exited with ${proc.child.exitCode}:\n${proc.output()}`);
      const res = await fetch(`${instance.url}/readyz`);
      await res.arrayBuffer();
      return res.status === 200;
    }, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${proc.output()}`);
    });
    return instance;
  }

  private async startWorker(): Promise<WorkerProc> {
    const metricsPort = await this.freePort();
    const proc = this.spawnTracked('worker', process.execPath, [CLI, 'worker'], { ...this.env(), METRICS_PORT: String(metricsPort) });
    await until('the worker runs', () => proc.output().includes('Running jobs of kinds'), 30_000);
    return { ...proc, metricsUrl: `http://127.0.0.1:${metricsPort}` };
  }

  /** Sends `signal` to a process and waits until it has exited. */
  async kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  // HAProxy ------------------------------------------------------------------------------------------------------

  /**
   * deploy/haproxy/haproxy.cfg for this machine: it binds the balancer's port on 127.0.0.1, names the instances by
   * address instead of Docker's DNS, and adds `X-Served-By` (which instance answered) for the tests. Each replaced
   * line must be found, so a change of the deployed file that this misses fails the tests instead of passing by.
   */
  haproxyConfig(): string {
    let cfg = fs.readFileSync(path.join(REPO_ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8');
    const replace = (from: RegExp, to: string) => {
      if (!from.test(cfg)) throw new Error(`deploy/haproxy/haproxy.cfg has no line matching ${from}`);
      cfg = cfg.replace(from, to);
    };
    replace(/^\s*bind :8080$/m, `  bind 127.0.0.1:${this.haproxyPort}`);
    replace(/^resolvers docker\n(?:[ \t]+.*\n)*/m, '');
    replace(/ init-addr none resolvers docker$/m, '');
    replace(
      /^\s*server-template api \d+ api:3000 check$/m,
      [...this.instances.map((inst, i) => `  server api${i + 1} 127.0.0.1:${inst.port} check`), '  http-response set-header X-Served-By %s'].join('\n'),
    );
    return cfg;
  }

  private async startHaproxy(): Promise<void> {
    this.haproxyPort = await this.freePort();
    const file = path.join(this.dir, 'haproxy.cfg');
    fs.writeFileSync(file, this.haproxyConfig());
    this.haproxy = this.spawnTracked('haproxy', '/usr/sbin/haproxy', ['-db', '-f', file]);
    await until('HAProxy sees every instance up', async () => {
      const res = await fetch(`${this.url}/healthz`, { headers: { 'User-Agent': AGENT } });
      await res.arrayBuffer();
      return res.status === 200 && (await this.serversUp()) === this.instances.length;
    }, 30_000);
  }

  /** How many instances HAProxy has in service now (from its log: every server starts up once its check passed). */
  async serversUp(): Promise<number> {
    const served = new Set<string>();
    for (let i = 0; i < this.instances.length * 4; i++) {
      const res = await fetch(`${this.url}/healthz`, { headers: { 'User-Agent': AGENT, Connection: 'close' } });
      await res.arrayBuffer();
      const by = res.headers.get('X-Served-By');
      if (by) served.add(by);
    }
    return served.size;
  }

  // Processes ----------------------------------------------------------------------------------------------------

  private spawnTracked(name: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Proc {
    const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.procs.add(child);
    child.on('exit', () => this.procs.delete(child));
    let out = '';
    const take = (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    return { name, child, output: () => out };
  }

  /** Kills every process it started (their process groups), stops PostgreSQL and removes the folder. */
  async stop(): Promise<void> {
    for (const child of this.procs) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await Promise.all([...this.procs].map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    if (this.pgPort) await this.stopPostgres();
    // A postmaster pg_ctl could not stop (it never does not, but a test must not leave one behind).
    const pidFile = path.join(this.pgDir, 'data', 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      try {
        process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL');
      } catch {
        // gone
      }
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
