/*
 * The processes a benchmark starts (Spindle, wrk, the CLI), stopped whatever happens: at the end, on an error and on
 * Ctrl-C. Servers run in a process group of their own, so that a cluster's workers go with their primary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The program of the build the benchmarks belong to (`dist/composition/cli.js`). */
export const SPINDLE_CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'composition', 'cli.js');

/**
 * `env` with the settings the `spindle` program gives itself when started as a file (`npx spindle`: its first lines,
 * run by sh, export them before starting node), so that the benchmarks, which start `node dist/composition/cli.js`
 * or import in a process of their own, run as an operator's `spindle` does. A setting already in `env` is kept, as
 * the program keeps it.
 */
export function withSpindleSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const line = programLine();
  const out = { ...env };
  for (const m of line.matchAll(/export (\w+)="\$\{\1:-([^}]*)\}"/g)) out[m[1]!] ??= m[2]!;
  return out;
}

/**
 * The node options the `spindle` program starts `command` with (its first lines: `case "$1" in import) exec node
 * <options> …`), so that a benchmark's import runs as `spindle import` does; none for other commands.
 */
export function spindleNodeOptions(command: string): string[] {
  for (const m of programLine().matchAll(/(\w+)\) exec node ((?:--\S+ )*)"\$0"/g)) {
    if (m[1] === command) return m[2]!.trim().split(' ').filter((o) => o !== '');
  }
  return [];
}

/** The `spindle` program's line for sh (its second line), which its settings are read from. */
function programLine(): string {
  return fs.readFileSync(SPINDLE_CLI, 'utf8').split('\n', 2)[1] ?? '';
}

const started = new Set<ChildProcess>();

/** Remembers a started process, so that `stopAll` (and the exit of this one) stops it. */
export function track(proc: ChildProcess): ChildProcess {
  started.add(proc);
  proc.on('exit', () => started.delete(proc));
  return proc;
}

/** SIGTERM to the process, SIGKILL to its process group after `graceMs` (servers run in a group of their own). */
export async function stopProcess(proc: ChildProcess, graceMs = 15_000): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => killGroup(proc), graceMs);
  await exited;
  clearTimeout(timer);
  killGroup(proc); // workers of a cluster that outlived their primary
}

function killGroup(proc: ChildProcess): void {
  try {
    process.kill(-proc.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((p) => stopProcess(p)));
}

let interrupted = false;

/** Whether Ctrl-C (or SIGTERM, SIGHUP) was received: errors of the processes stopped under it are not news. */
export const wasInterrupted = (): boolean => interrupted;

/** Stops every tracked process on Ctrl-C, SIGTERM, SIGHUP and exit. */
export function stopProcessesOnExit(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.error(`\n${signal}: stopping the servers …`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  process.on('exit', () => {
    for (const p of started) {
      p.kill('SIGKILL');
      killGroup(p);
    }
  });
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The environment a benchmark serves Spindle with: `spindle serve` on `DATABASE_URL` at 127.0.0.1:`port`, the rate
 * limits out of the way and no request log; the rest of this process's environment passes through (`WEB_CONCURRENCY`,
 * `REDIS_URL`, `SEARCH_TIMEOUT_MS`), with the spindle program's own settings.
 */
export function servingEnv(url: string, port: number): NodeJS.ProcessEnv {
  return withSpindleSettings({
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_AUTHENTICATED: '10000000',
    RATE_LIMIT_ANONYMOUS: '10000000',
    LOG_LEVEL: 'silent',
  });
}

export interface Server {
  readonly name: string;
  readonly base: string;
  readonly proc: ChildProcess;
  /** The last 4,000 characters the server wrote to standard error. */
  stderr(): string;
}

/**
 * Starts `node args…` as a server in a process group of its own and waits (up to 120 s) until `GET readyPath` answers
 * 200.
 */
export async function startServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
  headers: Record<string, string> = {},
): Promise<Server> {
  const proc = track(spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] }));
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  const server: Server = { name, base: `http://127.0.0.1:${port}`, proc, stderr: () => err };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}) while starting:\n${err}`);
    try {
      const res = await fetch(`${server.base}${readyPath}`, { headers });
      await res.arrayBuffer();
      if (res.status === 200) return server;
      throw new Error(`${name} answers GET ${readyPath} with ${res.status}`);
    } catch (e) {
      if (e instanceof Error && e.message.includes('answers')) throw e;
      if (Date.now() > deadline) throw new Error(`${name} did not answer within 120 s:\n${err}`, { cause: e });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Runs `node args…` to its end; its standard output, or an error with its standard error. */
export async function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = track(spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  return { code, stdout, stderr };
}

export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
