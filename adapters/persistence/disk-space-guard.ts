import fs from 'node:fs';
import { Unavailable } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.js';

/** How much room a file system has for this process (bytes free to an unprivileged writer). */
export type FreeSpace = (dir: string) => number;

/** The room left on the folder's file system; none when it cannot be written at all (mounted read-only, say). */
const statfsFree: FreeSpace = (dir) => {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EROFS' || (err as NodeJS.ErrnoException).code === 'EACCES') return 0;
    throw err;
  }
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
};

export interface DiskSpaceGuardOptions {
  /** The folder whose file system is watched (the embedded database's data folder). */
  readonly dir: string;
  /** Writes are refused while less than this is free; 0 never refuses. */
  readonly reserveBytes: number;
  readonly logger: Logger;
  /** How long one reading of the free space is trusted; default 1000 ms. */
  readonly readEveryMs?: number;
  readonly freeSpace?: FreeSpace;
  readonly now?: () => number;
}

/**
 * Refuses writes to the embedded database before its disk is full (or while its folder cannot be written at all). PGlite does not survive a full disk: the write
 * that meets it fails with `53100 could not write to file … No space left on device`, and every query after it then
 * waits for ever (measured on a 60 MB tmpfs), so the process would hang rather than refuse. The guard reads the free
 * space of the data folder's file system (at most once a second) and, while less than the reserve is left, throws
 * {@link Unavailable} (a 503) before a unit of work starts; reads go on. Told to the log once when the room runs out
 * and once when it is back.
 */
export class DiskSpaceGuard {
  private readonly readEveryMs: number;
  private readonly freeSpace: FreeSpace;
  private readonly now: () => number;
  private readAt = -Infinity;
  private short = false;

  constructor(private readonly options: DiskSpaceGuardOptions) {
    this.readEveryMs = options.readEveryMs ?? 1000;
    this.freeSpace = options.freeSpace ?? statfsFree;
    this.now = options.now ?? Date.now;
  }

  /** Throws {@link Unavailable} while the disk has less room than the reserve. */
  assertRoom(): void {
    if (this.options.reserveBytes <= 0) return;
    const now = this.now();
    if (now - this.readAt >= this.readEveryMs) {
      this.readAt = now;
      let free: number;
      try {
        free = this.freeSpace(this.options.dir);
      } catch {
        free = Infinity; // A folder that cannot be read this way says nothing about its room; the writes themselves will.
      }
      const short = free < this.options.reserveBytes;
      if (short !== this.short) {
        this.short = short;
        if (short) {
          this.options.logger.error(
            { dir: this.options.dir, freeBytes: free, reserveBytes: this.options.reserveBytes },
            "the embedded database's disk is nearly full or cannot be written; writes are refused with 503 until there is room again",
          );
        } else this.options.logger.info({ dir: this.options.dir, freeBytes: free }, 'disk space available again; writes are taken');
      }
    }
    if (this.short) throw new Unavailable(30);
  }
}
