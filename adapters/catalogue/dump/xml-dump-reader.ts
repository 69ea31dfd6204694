import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InvalidDump } from '../../../application/catalogue/invalid-dump.js';
import type {
  DumpBatch,
  DumpFileIdentity,
  DumpKind,
  DumpPosition,
  DumpReader,
  EncodedBatch,
  OpenedDump,
  RecordEncoder,
  SkippedRecords,
} from '../../../application/ports/dump-reader.js';
import { dumpWorkerPool, readPieces } from './dump-pieces.js';
import { type FileChunks, openFileChunks } from './file-chunks.js';
import { removeForbiddenCharacters } from './remove-forbidden-characters.js';
import { DumpXmlParser, recordElementOf } from './dump-xml-parser.js';
import { SkippedRecordTally } from './skipped-record-tally.js';

export interface XmlDumpReaderOptions {
  /** Records per batch (default 100: records die young, which the garbage collector likes; writers regroup). */
  readonly batchSize?: number;
  /** Bytes read from the file at a time (default 256 KiB). */
  readonly chunkBytes?: number;
  /**
   * Worker threads that parse and encode when the writer gives an encoder (default: 2, or more on machines with more
   * than 3 cores; 0 reads on the calling thread).
   */
  readonly workers?: number;
  /** Bytes of XML per piece given to a worker (default 1,000,000; small values are for tests). */
  readonly pieceBytes?: number;
}

/** Two workers keep two cores busy beside the reading thread and the database; more cores take more. */
export function defaultDumpWorkers(): number {
  return Math.max(2, Math.min(4, os.availableParallelism() - 2));
}

/**
 * Reads Discogs XML dumps from files, plain or gzip-compressed (told apart by the gzip magic bytes, not the name):
 * file → gunzip → UTF-8 decoding → forbidden-character filter → `XmlScanner` → records, pulled batch by batch, so
 * memory stays bounded whatever the file size; the file is read and decompressed into buffers used again
 * (file-chunks.ts). Given the writer's encoder, the records are parsed and encoded on worker threads, a piece of the
 * file each (see dump-pieces.ts), and come as encoded batches. Records without a valid
 * id are left out and counted (`skipped`), on either path, with their place in the file.
 */
export class XmlDumpReader implements DumpReader {
  private readonly batchSize: number;
  private readonly chunkBytes: number;
  private readonly workers: number;
  private readonly pieceBytes: number | undefined;

  constructor(options: XmlDumpReaderOptions = {}) {
    this.batchSize = options.batchSize ?? 100;
    this.chunkBytes = options.chunkBytes ?? 256 * 1024;
    this.workers = options.workers ?? defaultDumpWorkers();
    this.pieceBytes = options.pieceBytes;
  }

  async open(file: string): Promise<OpenedDump> {
    const name = path.basename(file);
    let totalBytes: number;
    let chunks: FileChunks;
    let head: string;
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) throw new InvalidDump(file, `${file} is not a file`);
      totalBytes = stat.size;
      head = await headDigest(file);
      chunks = await openFileChunks(file, this.chunkBytes);
    } catch (err) {
      if (err instanceof InvalidDump) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      throw new InvalidDump(file, code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read (${code})`);
    }
    const dump = new XmlDumpFile(file, { name, size: totalBytes, head }, totalBytes, this.batchSize, chunks, {
      workers: this.workers,
      pieceBytes: this.pieceBytes,
    });
    try {
      await dump.readRoot();
    } catch (err) {
      await dump.close();
      throw err;
    }
    return dump;
  }
}

/** Bytes of a file's head digested for its identity (see `DumpFileIdentity`). */
const HEAD_BYTES = 64 * 1024;

/** The SHA-256 (hex) of the first `HEAD_BYTES` of a file, as stored. */
async function headDigest(file: string): Promise<string> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return createHash('sha256').update(buffer.subarray(0, bytesRead)).digest('hex');
  } finally {
    await handle.close();
  }
}

class XmlDumpFile implements OpenedDump {
  private readonly decoder = new TextDecoder('utf-8');
  private readonly parser: DumpXmlParser;
  private readonly skips = new SkippedRecordTally();
  private done = false;
  private started = false;
  /** The bytes read until `batches`, from the start of the file, for workers to read (see `batches`). */
  private head: Buffer[] | undefined = [];

  readonly name: string;

  constructor(
    private readonly file: string,
    readonly identity: DumpFileIdentity,
    private readonly totalBytes: number,
    private readonly batchSize: number,
    /** The file's bytes, decompressed; each chunk is valid until the next is read. */
    private readonly chunks: FileChunks,
    private readonly parallel: { readonly workers: number; readonly pieceBytes: number | undefined },
  ) {
    this.name = identity.name;
    const name = identity.name;
    this.parser = new DumpXmlParser(name);
    this.parser.onSkip = (skip) => this.skips.add({ record: skip.index, line: skip.line, id: skip.id });
    // The head is read first, to learn the kind; nothing after the root's start tag is parsed then, in case workers
    // read the file (see `batches`).
    this.parser.scanner.stopAfterRoot();
  }

  get kind(): DumpKind {
    return this.parser.kind!;
  }

  position(): DumpPosition {
    return { bytesRead: this.chunks.bytesRead, totalBytes: this.totalBytes };
  }

  skipped(): SkippedRecords {
    return this.skips.snapshot();
  }

  /** Reads until the root element is known (the bytes read are kept in `head`). */
  async readRoot(): Promise<void> {
    while (this.parser.kind === undefined && (await this.step())) {
      // keep reading
    }
    if (this.parser.kind === undefined) this.parser.end();
  }

  batches(): AsyncIterable<DumpBatch>;
  batches(encoder: RecordEncoder | undefined): AsyncIterable<DumpBatch | EncodedBatch>;
  batches(encoder?: RecordEncoder): AsyncIterable<DumpBatch | EncodedBatch> {
    if (this.started) throw new Error('The batches of a dump can be read only once');
    this.started = true;
    const head = this.head;
    this.head = undefined;
    // (When the whole file was read with its head, its records are already parsed.)
    if (!encoder || this.parallel.workers <= 0 || this.done) return this.recordBatches();
    // Workers read the file from its start (the head read here only told the kind).
    return readPieces({
      name: this.name,
      kind: this.kind,
      recordElement: recordElementOf(this.kind),
      encoder,
      pool: dumpWorkerPool(this.parallel.workers),
      head: head!,
      skipped: this.skips,
      read: async () => {
        const chunk = this.done ? null : await this.readChunk();
        if (chunk === null) this.done = true;
        return chunk;
      },
      ...(this.parallel.pieceBytes ? { pieceBytes: this.parallel.pieceBytes } : {}),
    });
  }

  /** The next chunk of (decompressed) bytes, valid until the next is read, or null at the end of the file. */
  private async readChunk(): Promise<Buffer | null> {
    try {
      return await this.chunks.next();
    } catch (err) {
      throw this.readError(err as NodeJS.ErrnoException);
    }
  }

  private async *recordBatches(): AsyncIterable<DumpBatch> {
    const kind = this.kind;
    const size = this.batchSize;
    for (;;) {
      const records = this.parser.records;
      if (records.length >= size) {
        const batch = records.length === size ? records : records.splice(0, size);
        if (batch === records) this.parser.records = [];
        yield { kind, records: batch } as DumpBatch;
        continue;
      }
      if (!(await this.step())) break;
    }
    if (this.parser.records.length > 0) {
      const batch = this.parser.records;
      this.parser.records = [];
      yield { kind, records: batch } as DumpBatch;
    }
  }

  /** Feeds the next chunk to the parser; at the end of the input, ends the parse and returns false. */
  private async step(): Promise<boolean> {
    if (this.done) return false;
    const chunk = await this.readChunk();
    if (chunk === null) {
      this.done = true;
      this.parser.write(removeForbiddenCharacters(this.decoder.decode()));
      this.parser.end();
      return false;
    }
    // (The head's chunks are kept for the workers: copied, since the chunk's memory is read into again.)
    this.head?.push(Buffer.from(chunk));
    this.parser.write(removeForbiddenCharacters(this.decoder.decode(chunk, { stream: true })));
    return true;
  }

  private readError(err: NodeJS.ErrnoException): InvalidDump {
    if (this.chunks.gzip && typeof err.code === 'string' && err.code.startsWith('Z_')) {
      const why = err.code === 'Z_BUF_ERROR' ? 'the gzip data is truncated' : `the gzip data is corrupt (${err.message})`;
      return new InvalidDump(this.file, `${this.name} cannot be read: ${why}`);
    }
    return new InvalidDump(this.file, `${this.name} cannot be read: ${err.message}`);
  }

  async close(): Promise<void> {
    this.done = true;
    await this.chunks.close();
  }
}
