import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * The bytes of a file, plain or gzip-decompressed, read a chunk at a time into buffers that are used again: a chunk
 * is a view that stays valid only until the next call of `next`. A dump of 1,000,000 releases is 4.5 GB of XML; read
 * through a stream, every 256 KiB of it is a new buffer (the file's and zlib's), and V8 frees the ones that lived
 * long enough to be promoted only at its next full collection, which it starts once about 64 MB of them have piled
 * up: 30–60 MB of the import's peak memory was that garbage (see ADR 0004, "Later: reused read buffers").
 */
export interface FileChunks {
  /** The next chunk, valid until the next call; null at the end of the file. Errors carry the `code` of their cause. */
  next(): Promise<Buffer | null>;
  /** Bytes read from the file so far (compressed bytes for a gzip file). */
  readonly bytesRead: number;
  /** Whether the file is gzip-compressed (told by its first two bytes, not its name). */
  readonly gzip: boolean;
  close(): Promise<void>;
}

/**
 * Opens a file's chunks: a gzip file (told by the gzip magic bytes) decompressed through zlib into a reused buffer
 * where Node allows it (see below), any other file as it is.
 */
export async function openFileChunks(file: string, chunkBytes: number): Promise<FileChunks> {
  const handle = await fs.promises.open(file, 'r');
  try {
    if (!(await startsWithGzipMagic(handle))) return new PlainChunks(handle, chunkBytes);
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
  const inflater = ReusingInflater.create();
  return inflater ? new GunzipChunks(handle, chunkBytes, inflater) : new StreamedGunzipChunks(handle, chunkBytes);
}

/** Whether a file starts with the gzip magic bytes (read at offset 0: where the chunks read from is left as it was). */
async function startsWithGzipMagic(handle: fs.promises.FileHandle): Promise<boolean> {
  const head = Buffer.alloc(2);
  const { bytesRead } = await handle.read(head, 0, 2, 0);
  return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
}

class PlainChunks implements FileChunks {
  private readonly buffer: Buffer;
  bytesRead = 0;
  readonly gzip = false;

  constructor(
    private readonly handle: fs.promises.FileHandle,
    chunkBytes: number,
  ) {
    this.buffer = Buffer.allocUnsafe(chunkBytes);
  }

  async next(): Promise<Buffer | null> {
    const { bytesRead } = await this.handle.read(this.buffer, 0, this.buffer.length, null);
    this.bytesRead += bytesRead;
    return bytesRead === 0 ? null : this.buffer.subarray(0, bytesRead);
  }

  close(): Promise<void> {
    return this.handle.close().catch(() => undefined);
  }
}

/** What zlib's native handle reports through its error callback. */
class InflateError extends Error {
  constructor(
    message: string,
    readonly errno: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * gzip decompression into a caller's buffer, through the native handle of a `zlib.Gunzip` (`_handle.writeSync`, with
 * its `_writeState`: what `zlib.gunzipSync` itself uses). Node's public zlib API allocates every output chunk anew, so
 * this is the one way to decompress without garbage; the handle has had this shape since Node 10 (it is checked, and
 * `create` gives undefined where it differs, for the stream fallback). The handle does what the stream would: several
 * gzip members one after the other, and the same errors (`Z_DATA_ERROR`, `Z_BUF_ERROR` for a truncated file).
 */
class ReusingInflater {
  private error: InflateError | undefined;

  private constructor(
    private readonly stream: zlib.Gunzip,
    private readonly handle: NativeZlib,
    private readonly state: Uint32Array,
  ) {
    handle.onerror = (message: string, errno: number, code: string) => {
      this.error = new InflateError(message, errno, code);
    };
  }

  static create(): ReusingInflater | undefined {
    const stream = zlib.createGunzip();
    const internals = stream as unknown as { _handle?: NativeZlib; _writeState?: unknown };
    const handle = internals._handle;
    const state = internals._writeState;
    if (!handle || typeof handle.writeSync !== 'function' || !(state instanceof Uint32Array) || state.length !== 2) {
      stream.destroy();
      return undefined;
    }
    return new ReusingInflater(stream, handle, state);
  }

  /**
   * Inflates from `input` into `output`; returns the input bytes taken and the output bytes written. Throws what
   * zlib reported.
   */
  inflate(input: Uint8Array, inOff: number, inLen: number, output: Uint8Array, finish: boolean): [number, number] {
    if (this.error) throw this.error;
    const flush = finish ? zlib.constants.Z_FINISH : zlib.constants.Z_NO_FLUSH;
    this.handle.writeSync(flush, input, inOff, inLen, output, 0, output.length);
    if (this.error) throw this.error;
    const [availOut, availIn] = this.state as unknown as [number, number];
    return [inLen - availIn, output.length - availOut];
  }

  close(): void {
    this.stream.destroy();
  }
}

interface NativeZlib {
  writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void;
  onerror: (message: string, errno: number, code: string) => void;
}

class GunzipChunks implements FileChunks {
  private readonly input: Buffer;
  private readonly output: Buffer;
  /** The input bytes read and not inflated yet: `input[inOff, inOff + inLen)`. */
  private inOff = 0;
  private inLen = 0;
  private fileEnded = false;
  private ended = false;
  bytesRead = 0;
  readonly gzip = true;

  constructor(
    private readonly handle: fs.promises.FileHandle,
    chunkBytes: number,
    private readonly inflater: ReusingInflater,
  ) {
    this.input = Buffer.allocUnsafe(chunkBytes);
    this.output = Buffer.allocUnsafe(chunkBytes);
  }

  async next(): Promise<Buffer | null> {
    while (!this.ended) {
      if (this.inLen === 0 && !this.fileEnded) {
        const { bytesRead } = await this.handle.read(this.input, 0, this.input.length, null);
        this.bytesRead += bytesRead;
        this.inOff = 0;
        this.inLen = bytesRead;
        if (bytesRead === 0) this.fileEnded = true;
      }
      const [taken, written] = this.inflater.inflate(this.input, this.inOff, this.inLen, this.output, this.fileEnded);
      this.inOff += taken;
      this.inLen -= taken;
      // Room left in the output with input left over: the compressed data ended before the file (as the stream does,
      // what follows is not read).
      if (written < this.output.length && (this.fileEnded || this.inLen > 0)) this.ended = true;
      if (written > 0) return this.output.subarray(0, written);
    }
    return null;
  }

  async close(): Promise<void> {
    this.ended = true;
    this.inflater.close();
    await this.handle.close().catch(() => undefined);
  }
}

/** gzip through the stream API, where the native handle is not as expected: one new buffer per chunk. */
class StreamedGunzipChunks implements FileChunks {
  private readonly fileStream: fs.ReadStream;
  private readonly chunks: AsyncIterator<Buffer>;
  private readonly gunzip: zlib.Gunzip;
  bytesRead = 0;
  readonly gzip = true;

  constructor(
    private readonly handle: fs.promises.FileHandle,
    chunkBytes: number,
  ) {
    this.fileStream = handle.createReadStream({ highWaterMark: chunkBytes, autoClose: false, start: 0 });
    this.fileStream.on('data', (chunk) => {
      this.bytesRead += chunk.length;
    });
    this.gunzip = zlib.createGunzip({ chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, chunkBytes) });
    // Errors of the file stream are re-emitted on the gunzip stream, which the iterator listens to.
    this.fileStream.on('error', (err) => this.gunzip.destroy(err));
    this.chunks = this.fileStream.pipe(this.gunzip)[Symbol.asyncIterator]();
  }

  async next(): Promise<Buffer | null> {
    const next = await this.chunks.next();
    return next.done ? null : next.value;
  }

  async close(): Promise<void> {
    if (!this.gunzip.destroyed) this.gunzip.destroy();
    if (!this.fileStream.destroyed) this.fileStream.destroy();
    await this.handle.close().catch(() => undefined);
  }
}

/** For tests: the chunks of a gzip file through the stream API, as where the native handle is not available. */
export async function openStreamedGunzipChunks(file: string, chunkBytes: number): Promise<FileChunks> {
  return new StreamedGunzipChunks(await fs.promises.open(file, 'r'), chunkBytes);
}
