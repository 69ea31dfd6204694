import type { FileStore, OpenedFile, StoredFileInfo } from '../../application/ports/file-store.js';
import type { Clock } from '../../application/ports/clock.js';

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * Files in memory, for embedding and application tests: the same keys as the folder store (others refused), a write
 * seen only once complete, modified times from the clock given.
 */
export class InMemoryFileStore implements FileStore {
  private readonly files = new Map<string, { bytes: Uint8Array; modified: Date }>();

  constructor(private readonly clock: Clock) {}

  private checked(key: string): string {
    if (!KEY.test(key) || key.length > 512) throw new Error(`not a file key: ${JSON.stringify(key)}`);
    return key;
  }

  async write(key: string, bytes: AsyncIterable<Uint8Array>): Promise<StoredFileInfo> {
    this.checked(key);
    const chunks: Uint8Array[] = [];
    for await (const chunk of bytes) chunks.push(chunk);
    const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.length;
    }
    const stored = { bytes: all, modified: this.clock.now() };
    this.files.set(key, stored);
    return { size: all.length, modified: stored.modified };
  }

  async open(key: string): Promise<OpenedFile | null> {
    const stored = this.files.get(this.checked(key));
    if (!stored) return null;
    const bytes = stored.bytes;
    return {
      size: bytes.length,
      modified: stored.modified,
      bytes: (async function* () {
        yield bytes;
      })(),
    };
  }

  async info(key: string): Promise<StoredFileInfo | null> {
    const stored = this.files.get(this.checked(key));
    return stored ? { size: stored.bytes.length, modified: stored.modified } : null;
  }

  async remove(key: string): Promise<boolean> {
    return this.files.delete(this.checked(key));
  }

  async removeOlderThan(folder: string, before: Date): Promise<string[]> {
    this.checked(folder);
    const removed: string[] = [];
    for (const [key, stored] of this.files) {
      const inFolder = key.startsWith(`${folder}/`) && !key.slice(folder.length + 1).includes('/');
      if (inFolder && stored.modified.getTime() < before.getTime()) {
        this.files.delete(key);
        removed.push(key);
      }
    }
    return removed;
  }
}
