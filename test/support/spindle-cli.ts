import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { Database } from '../../adapters/persistence/database.js';
import { discoverModules, schemaOf } from '../../composition/modules.js';
import { runCli } from '../../composition/run-cli.js';
import { closedPort } from './ports.js';
import { REPO_ROOT } from './repo-root.js';
import { openTestDatabase } from './test-database.js';

/** What a `spindle` command did: its exit status and what it printed. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where a command test runs `spindle`: a scratch folder, and the environment pointing at the suite's database. */
export interface CommandPlace {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
}

/**
 * A scratch folder and the environment commands run in: the suite's PostgreSQL server (`DATABASE_URL`, a fresh
 * migrated database, closed again before the commands run against it), or else an embedded data folder inside the
 * scratch one, a copy of a migrated folder (so the first command does not run initdb and every migration again in its
 * own process: the same start as on the server).
 */
export async function commandPlace(prefix: string): Promise<CommandPlace> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.env.DATABASE_URL) {
    await (await openTestDatabase()).close();
    return { dir, env: { ...process.env, LOG_LEVEL: 'silent' } };
  }
  migratedFolder ??= makeMigratedFolder();
  const dataDir = path.join(dir, 'data');
  fs.cpSync(await migratedFolder, dataDir, { recursive: true });
  return { dir, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } };
}

/** The embedded data folder, migrated once per process, that each `commandPlace` copies (removed when the process exits). */
let migratedFolder: Promise<string> | undefined;

async function makeMigratedFolder(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-migrated-'));
  process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const db = await Database.open({ kind: 'embedded', dataDir }, schemaOf(await discoverModules()));
  try {
    await db.migrate();
  } finally {
    await db.close();
  }
  return dataDir;
}

/**
 * Starts `spindle ARGS…` (the build's CLI) as its own process, as an operator would, in the place's folder and
 * environment, its three standard streams piped: for a test that must see the process itself (its exit status as the
 * shell sees it, its standard input, a kill part-way). The `spindle` program's shebang line is for sh; node runs the
 * same file.
 */
export function startSpindle(place: Pick<CommandPlace, 'env'> & { readonly dir?: string }, args: readonly string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [path.join(REPO_ROOT, 'dist/composition/cli.js'), ...args], { env: place.env, cwd: place.dir, stdio: 'pipe' });
}

/** Runs `spindle ARGS…` (the build's CLI) as an operator would, in a process of its own, with `input` on its standard input. */
export function runSpindle(place: CommandPlace, args: readonly string[], input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = startSpindle(place, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/**
 * Runs `spindle ARGS…` in this process: the program an operator runs (`runCli`, which `composition/cli.ts` calls with
 * the real process) on the place's environment and folder, with `input` on its standard input and what it writes
 * captured, minus node's start and the loading of its modules. An embedded data folder admits one open handle at a
 * time, this process's included: close the test's own before running a command on it.
 */
export async function runSpindleInProcess(place: CommandPlace, args: readonly string[], input = ''): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const sink = (write: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        write(String(chunk));
        done();
      },
    });
  const code = await runCli([process.execPath, 'spindle', ...args], {
    env: place.env,
    cwd: place.dir,
    stdin: Readable.from([Buffer.from(input)]),
    stdout: sink((text) => (stdout += text)),
    stderr: sink((text) => (stderr += text)),
  });
  return { code, stdout, stderr };
}

/** A `spindle serve` started by a test: the process, its URL, and what it printed so far. */
export interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
}

/**
 * Starts `spindle serve` (the build's CLI) on a free port of 127.0.0.1 with `env` over the test's environment (logs
 * at info, no Redis unless given; `options` after `serve`, such as `--demo`), and waits until `ready` says its output shows it serving (a minute at most).
 */
export async function serveSpindle(env: NodeJS.ProcessEnv, ready: (output: string) => boolean, options: readonly string[] = []): Promise<Served> {
  const port = await closedPort();
  const child = startSpindle({ env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', REDIS_URL: '', ...env } }, ['serve', ...options]);
  child.stdin.end();
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!ready(out)) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline) {
      // Not left serving after the test (it would hold its data folder, its port and a core for the rest of the run).
      child.kill('SIGKILL');
      throw new Error(`the server did not start within a minute:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => out };
}

/** The exit code of a child process, once it has exited. */
export const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
