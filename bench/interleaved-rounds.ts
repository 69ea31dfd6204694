/*
 * What the technique benches share (repository-technique.ts, identity-lookups.ts): their options, a Spindle on PGlite
 * in a temporary folder or on a given PostgreSQL database, operations run round by round in turn, and the figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { createPinoLogger } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../composition/config.js';
import { openSpindle, type Spindle } from '../composition/spindle.js';

export interface RoundOptions {
  readonly postgres?: string;
  readonly rounds: number;
  readonly warmup: number;
}

/** `--postgres URL`, `--rounds N` (2000) and `--warmup N` (200) from the command line. */
export function roundOptions(): RoundOptions {
  return new Command()
    .option('--postgres <url>', 'a PostgreSQL database to use (default: PGlite in a temporary folder)')
    .option('--rounds <n>', 'measured rounds of each operation', (v) => Number(v), 2000)
    .option('--warmup <n>', 'rounds before measuring', (v) => Number(v), 200)
    .parse()
    .opts<RoundOptions>();
}

/** Runs `work` on a Spindle (no job worker) on the database the options name, then closes it and removes its folder. */
export async function withBenchSpindle(opts: RoundOptions, name: string, work: (spindle: Spindle) => Promise<void>): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `spindle-${name}-`));
  const env = { ...process.env, ...(opts.postgres ? { DATABASE_URL: opts.postgres } : { DATA_DIR: folder }), IMAGE_DIR: folder, JOB_WORKER: 'false' };
  const spindle = await openSpindle(loadConfig(env), createPinoLogger('silent'));
  try {
    await work(spindle);
  } finally {
    await spindle.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export interface Figures {
  readonly p50: number;
  readonly p95: number;
  readonly mean: number;
}

/**
 * Runs each operation once per round, in turn (so a slow spell of the machine touches them all alike), and returns
 * the p50, p95 and mean in ms of each over the rounds after the warm-up.
 */
export async function interleavedRounds(opts: RoundOptions, operations: Record<string, (round: number) => Promise<unknown>>): Promise<Record<string, Figures>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(operations).map((k) => [k, []]));
  for (let round = 0; round < opts.warmup + opts.rounds; round++) {
    for (const [label, run] of Object.entries(operations)) {
      const started = process.hrtime.bigint();
      await run(round);
      if (round >= opts.warmup) times[label]!.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return Object.fromEntries(
    Object.entries(times).map(([label, ms]) => {
      ms.sort((a, b) => a - b);
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
      return [label, { p50: at(0.5), p95: at(0.95), mean: ms.reduce((a, b) => a + b, 0) / ms.length }];
    }),
  );
}
