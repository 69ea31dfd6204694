/*
 * `spindle import FILES…` as a process of its own: the figure an operator sees, from process start (module discovery,
 * migrations) to exit, with its peak RSS (`/usr/bin/time`'s maximum resident set size, the kernel's ru_maxrss; sampled
 * from /proc when /usr/bin/time is missing), its CPU and, on a local PostgreSQL, the CPU of the database's processes.
 * Used by the import benchmark (`--cli`) and the scale benchmark.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPINDLE_CLI, spindleNodeOptions, track } from './bench-processes.js';
import { PostgresCpu, peakRssBytes } from './process-figures.js';

const MB = 1024 * 1024;

export interface ImportProcessFigures {
  /** Records the command said it imported (the sum of its `N <kind>s in` lines). */
  readonly records: number;
  readonly seconds: number;
  readonly peakRssMb: number;
  /** Whether the peak RSS came from /usr/bin/time (else sampled every 50 ms). */
  readonly peakFromTime: boolean;
  /** CPU time of the command's process, all its threads (µs; 0 without /usr/bin/time). */
  readonly cpuUs: number;
  /** CPU time of the database's PostgreSQL processes (µs), when `postgresDatabase` was given and /proc is there. */
  readonly postgresCpuUs?: number;
  /** What the command printed. */
  readonly stdout: string;
}

export interface ImportProcessOptions {
  /** The command's environment (DATABASE_URL or DATA_DIR, the spindle program's settings). */
  readonly env: NodeJS.ProcessEnv;
  /** More arguments of `spindle import` (before the files), e.g. `--workers 1`. */
  readonly args?: readonly string[];
  /** Runs the command under `taskset -c CPUS` (e.g. `0` for one core), when taskset is there. */
  readonly cpus?: string;
  /** The local PostgreSQL database it imports into, whose processes' CPU is counted. */
  readonly postgresDatabase?: string;
}

/** Runs `spindle import files…` to its end and measures it; throws when it fails. */
export async function runImportProcess(files: readonly string[], options: ImportProcessOptions): Promise<ImportProcessFigures> {
  const timeFile = path.join(os.tmpdir(), `spindle-bench-time-${process.pid}-${Date.now()}`);
  const useTime = fs.existsSync('/usr/bin/time');
  const program = [process.execPath, ...spindleNodeOptions('import'), SPINDLE_CLI, 'import', ...(options.args ?? []), ...files];
  const timed = useTime ? ['/usr/bin/time', '-f', '%M %U %S', '-o', timeFile, ...program] : program;
  const command = options.cpus !== undefined && fs.existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', options.cpus, ...timed] : timed;
  const pgCpu = options.postgresDatabase !== undefined && PostgresCpu.available() ? new PostgresCpu(options.postgresDatabase) : undefined;
  pgCpu?.sample();
  const t0 = performance.now();
  const proc = track(spawn(command[0]!, command.slice(1), { env: options.env, stdio: ['ignore', 'pipe', 'inherit'] }));
  let stdout = '';
  proc.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  let sampledPeak = 0;
  const sampler = setInterval(() => {
    pgCpu?.sample();
    // Without /usr/bin/time the child is node itself (or taskset, which execs it); with it, time reports it.
    if (!useTime && proc.pid !== undefined) sampledPeak = Math.max(sampledPeak, peakRssBytes(proc.pid) ?? 0);
  }, 50);
  const code = await new Promise<number | null>((resolve) => proc.on('close', resolve));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  pgCpu?.sample();
  try {
    if (code !== 0) throw new Error(`spindle import failed (exit ${code}):\n${stdout}`);
    let peakRssMb = Math.round(sampledPeak / MB);
    let cpuUs = 0;
    if (useTime) {
      const [maxKb, user, sys] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
      peakRssMb = Math.round((maxKb! * 1024) / MB);
      cpuUs = (user! + sys!) * 1e6;
    }
    const records = [...stdout.matchAll(/: ([\d,]+) (?:artists|labels|masters|releases) in /g)].reduce((n, m) => n + Number(m[1]!.replace(/,/g, '')), 0);
    return { records, seconds, peakRssMb, peakFromTime: useTime, cpuUs, ...(pgCpu ? { postgresCpuUs: pgCpu.micros() } : {}), stdout };
  } finally {
    fs.rmSync(timeFile, { force: true });
  }
}
