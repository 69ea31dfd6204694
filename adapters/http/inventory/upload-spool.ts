import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A request's folder in the spool; `remove()` deletes it with whatever is in it (safe to call more than once). */
export interface SpoolFolder {
  readonly path: string;
  remove(): Promise<void>;
}

/**
 * Request folders older than this are left over from a process that died, or was killed, mid-request: far beyond
 * Node's 5-minute limit on receiving a request and the few seconds the upload then takes.
 */
export const STALE_SPOOL_AGE_MS = 60 * 60 * 1000;

/**
 * Where multipart file parts wait while their request is handled: `{root}/{pid}-{random}/{request folder}/{part}`,
 * one folder per process (several processes share the machine's temporary folder: cluster workers, other
 * instances) and one per request. The request's folder is removed when the request ends, however it ends; a part
 * whose file opens after that cannot recreate it (its folder is gone), so nothing outlives the request.
 *
 * `clearStale()` (at start) removes what dead processes left: every folder whose process is gone, request folders
 * older than {@link STALE_SPOOL_AGE_MS} (a pid reused since), and loose files of that age (the older flat layout).
 */
export class UploadSpool {
  /** This process's folder. */
  readonly folder: string;

  constructor(readonly root = path.join(tmpdir(), 'spindle-uploads')) {
    this.folder = path.join(root, `${process.pid}-${randomBytes(4).toString('hex')}`);
  }

  /** A new, empty folder for one request's parts. */
  async requestFolder(): Promise<SpoolFolder> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const folder = await mkdtemp(path.join(this.folder, 'r-'));
    let removing: Promise<void> | undefined;
    return {
      path: folder,
      // Retried: a part opening while the folder is emptied makes rmdir fail with ENOTEMPTY once.
      remove: () => (removing ??= rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })),
    };
  }

  /** Removes what dead processes left in the spool (see the class); the number of entries removed. */
  async clearStale(now = Date.now()): Promise<number> {
    let removed = 0;
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(this.root, entry.name);
      if (full === this.folder) continue;
      const pid = /^(\d+)-[0-9a-f]+$/.exec(entry.name)?.[1];
      if (entry.isDirectory() && pid !== undefined) {
        if (!isAlive(Number(pid))) {
          await rm(full, { recursive: true, force: true });
          removed++;
          continue;
        }
        for (const request of await readdir(full).catch(() => [])) {
          if (await isOlder(path.join(full, request), now)) {
            await rm(path.join(full, request), { recursive: true, force: true });
            removed++;
          }
        }
      } else if (await isOlder(full, now)) {
        await rm(full, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

async function isOlder(file: string, now: number): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  return info !== undefined && now - info.mtimeMs > STALE_SPOOL_AGE_MS;
}
