/* CPU time and peak memory of processes, read from Linux's /proc (undefined or zero elsewhere). */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Peak resident set size of this process since it started or since `resetPeakRss` (`VmHWM`). */
export function peakRssBytes(pid: number | 'self' = 'self'): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Sets this process's `VmHWM` back to its current RSS (Linux 4.0+), so that a phase's own peak can be read. */
export function resetPeakRss(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

const AUXILIARY = ['checkpointer', 'background writer', 'walwriter', 'autovacuum launcher', 'logical replication launcher', 'startup'];

/**
 * CPU time of the local PostgreSQL processes that work for one database: its backends and autovacuum workers, the
 * shared auxiliary processes (checkpointer, background writer, WAL writer; on a machine shared with other work,
 * they may also be writing for other databases) and the postmaster. Backends of other databases are left out.
 * Sampled: a backend exits with its connection, so each process's last sample counts (up to one sampling interval
 * of it is missed).
 */
export class PostgresCpu {
  private readonly first = new Map<string, number>();
  private readonly last = new Map<string, number>();
  /** Whether each process seen works for the database: decided once per process (a sample reads only their stat). */
  private readonly counted = new Map<string, boolean>();
  private sampled = false;

  constructor(private readonly database: string) {}

  static available(): boolean {
    return fs.existsSync('/proc/self/stat');
  }

  sample(): void {
    let pids: string[];
    try {
      pids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    } catch {
      return;
    }
    for (const pid of pids) {
      if (this.counted.get(pid) === false) continue;
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!this.counted.has(pid)) {
          if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) {
            this.counted.set(pid, false);
            continue;
          }
          const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          const works = this.worksForDatabase(cmdline);
          // A new backend shows the postmaster's command line until it names its database: decided later.
          if (cmdline.startsWith('postgres:')) this.counted.set(pid, works);
          if (!works) continue;
        }
        const fields = stat.slice(close + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        if (!this.first.has(pid)) this.first.set(pid, this.sampled ? 0 : ticks);
        this.last.set(pid, ticks);
      } catch {
        // the process ended meanwhile
      }
    }
    this.sampled = true;
  }

  /** µs of CPU used since the first sample. */
  micros(): number {
    let ticks = 0;
    for (const [pid, last] of this.last) ticks += last - (this.first.get(pid) ?? 0);
    return (ticks * 1e6) / TICKS_PER_SECOND;
  }

  /** `postgres: [cluster: ]title`: `user database host activity` for a backend, `autovacuum worker database`. */
  private worksForDatabase(cmdline: string): boolean {
    const line = cmdline.replace(/\0/g, ' ').trim();
    if (!line.startsWith('postgres:')) return true; // the postmaster
    let title = line.slice('postgres:'.length).trim();
    const cluster = /^\S+:\s/.exec(title);
    if (cluster) title = title.slice(cluster[0].length);
    if (title.startsWith('autovacuum worker')) return title.split(/\s+/)[2] === this.database;
    if (AUXILIARY.some((a) => title.startsWith(a))) return true;
    return title.split(/\s+/)[1] === this.database;
  }
}
