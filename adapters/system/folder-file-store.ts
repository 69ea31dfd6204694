import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStoreFull, type FileStore, type OpenedFile, type StoredFileInfo } from '../../application/ports/file-store.js';

/** A key: folders and a name, each of letters, digits, `.`, `_` and `-`, none starting with a dot (so never `..`). */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** How many bytes are gathered before each write to the file (the pieces given are often a line each). */
const WRITE_SIZE = 256 * 1024;

/** The errors of a disk without room: full (ENOSPC) or over a quota (EDQUOT). */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);

/** Writes the bytes to the file in pieces of about WRITE_SIZE, one write at a time (so a fast source waits for the disk). */
async function writeAll(handle: fs.FileHandle, bytes: AsyncIterable<Uint8Array>): Promise<void> {
  let pending: Uint8Array[] = [];
  let size = 0;
  const flush = async () => {
    const chunk = Buffer.concat(pending, size);
    pending = [];
    size = 0;
    for (let at = 0; at < chunk.length; ) at += (await handle.write(chunk, at, chunk.length - at)).bytesWritten;
  };
  for await (const piece of bytes) {
    pending.push(piece);
    size += piece.length;
    if (size >= WRITE_SIZE) await flush();
  }
  if (size > 0) await flush();
}

/**
 * Files in a folder (`FILE_DIR`), one file per key, in subfolders as the key names them. Keys never leave the folder:
 * anything but the key pattern (so `..`, a backslash, an absolute path) is refused. A write goes to a temporary file
 * beside the target (`{name}.{random}.part`), flushed to disk, then renamed over the target, so readers
 * see the old file or the new one, never a half-written one; a write that fails removes its temporary file, and one
 * that a killed process left behind is swept by `removeOlderThan`. A disk without room is {@link FileStoreFull}.
 */
export class FolderFileStore implements FileStore {
  constructor(private readonly folder: string) {}

  private file(key: string): string {
    if (!KEY.test(key) || key.length > 512) throw new Error(`not a file key: ${JSON.stringify(key)}`);
    return path.join(this.folder, key);
  }

  async write(key: string, bytes: AsyncIterable<Uint8Array>): Promise<StoredFileInfo> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const part = `${file}.${randomBytes(8).toString('hex')}.part`;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(part, 'wx');
    } catch (err) {
      throw NO_ROOM.has((err as NodeJS.ErrnoException).code ?? '') ? new FileStoreFull() : err;
    }
    try {
      await writeAll(handle, bytes);
      await handle.sync();
      await handle.close();
      await fs.rename(part, file);
    } catch (err) {
      await handle.close().catch(() => undefined);
      await fs.rm(part, { force: true });
      throw NO_ROOM.has((err as NodeJS.ErrnoException).code ?? '') ? new FileStoreFull() : err;
    }
    const stat = await fs.stat(file);
    return { size: stat.size, modified: stat.mtime };
  }

  async open(key: string): Promise<OpenedFile | null> {
    const file = this.file(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    // The size and time of the file opened, even if it is replaced or removed while it is read.
    try {
      const stat = await handle.stat();
      return { size: stat.size, modified: stat.mtime, bytes: handle.createReadStream() };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async info(key: string): Promise<StoredFileInfo | null> {
    try {
      const stat = await fs.stat(this.file(key));
      return stat.isFile() ? { size: stat.size, modified: stat.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<boolean> {
    try {
      await fs.unlink(this.file(key));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async removeOlderThan(folder: string, before: Date): Promise<string[]> {
    const dir = this.file(folder);
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const removed: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = `${folder}/${entry.name}`;
      const file = path.join(dir, entry.name);
      try {
        const stat = await fs.stat(file);
        if (stat.mtime.getTime() >= before.getTime()) continue;
        await fs.unlink(file);
        removed.push(key);
      } catch (err) {
        // Removed meanwhile by another process's sweep: nothing left to do.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return removed;
  }
}
