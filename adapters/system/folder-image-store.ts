import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageStore, StoredImage } from '../../application/ports/image-store.js';

const TYPES: Readonly<Record<string, string>> = { '.jpg': 'image/jpeg', '.png': 'image/png' };
/** How long an answer of `locate` is remembered (files are added by operators, rarely). */
const LOCATE_TTL_MS = 60_000;
const LOCATE_CACHE_SIZE = 50_000;

/**
 * Image files in a folder (`IMAGE_DIR`), one file per key. Keys never leave the folder (anything with `..`, a
 * backslash or an absolute path is refused). `locate` answers are remembered for a minute, so serving a document with
 * images does not stat the disk each time.
 */
export class FolderImageStore implements ImageStore {
  private readonly located = new Map<string, { key: string | null; at: number }>();

  constructor(private readonly folder: string) {}

  private file(key: string): string {
    if (key.includes('..') || key.includes('\\') || path.isAbsolute(key) || !(path.extname(key) in TYPES)) {
      throw new Error(`not an image key: ${JSON.stringify(key)}`);
    }
    return path.join(this.folder, key);
  }

  async locate(base: string): Promise<string | null> {
    const now = Date.now();
    const known = this.located.get(base);
    if (known && now - known.at < LOCATE_TTL_MS) return known.key;
    let found: string | null = null;
    for (const ext of ['.jpg', '.png']) {
      try {
        await fs.access(this.file(`${base}${ext}`));
        found = `${base}${ext}`;
        break;
      } catch {
        // not this one
      }
    }
    if (this.located.size >= LOCATE_CACHE_SIZE) this.located.clear();
    this.located.set(base, { key: found, at: now });
    return found;
  }

  async read(key: string): Promise<StoredImage | null> {
    try {
      const file = this.file(key);
      const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
      return { bytes, contentType: TYPES[path.extname(key)]!, modifiedAt: stat.mtime };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    this.located.delete(key.slice(0, -path.extname(key).length));
  }
}
