import { Unavailable } from '../errors.js';

/** What the store knows of a file: its size in bytes and when it was last written. */
export interface StoredFileInfo {
  readonly size: number;
  readonly modified: Date;
}

/** A stored file opened for reading: what it is, and its bytes (read once, in order). */
export interface OpenedFile extends StoredFileInfo {
  readonly bytes: AsyncIterable<Uint8Array>;
}

/**
 * A write the store's disk has no room for (or a quota refuses): nothing of it is kept. A request meeting it is answered
 * 503 (it may succeed once the operator has made room); a job fails with a message saying so.
 */
export class FileStoreFull extends Unavailable {
  constructor() {
    super(60, 'The service has no room to store the file now; try again later.');
  }
}

/**
 * Files kept by key (`inventory-export/12.csv`: folders and a name of letters, digits, `.`, `_` and `-`; never `..`,
 * an absolute path or a backslash, which are refused). A folder by default. A file is written whole or not at all: a
 * reader never sees one half written, and a failed or repeated write leaves the last complete file (or none).
 */
export interface FileStore {
  /**
   * Writes the bytes as the file `key`, replacing any file of that key once they are all written; throws
   * {@link FileStoreFull} when there is no room for them.
   */
  write(key: string, bytes: AsyncIterable<Uint8Array>): Promise<StoredFileInfo>;
  /** Opens the file `key` for reading, or null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  /** The file's size and modified time, or null when there is none. */
  info(key: string): Promise<StoredFileInfo | null>;
  /** Removes the file; false when there was none. */
  remove(key: string): Promise<boolean>;
  /**
   * Removes the files in the folder `folder` (not below it) last written before `before`, and any file a write left
   * unfinished there before then; returns the keys of the files removed.
   */
  removeOlderThan(folder: string, before: Date): Promise<string[]>;
}
