import { Worker } from 'node:worker_threads';
import { InvalidDump } from '../../../application/catalogue/invalid-dump.js';
import type { DumpKind, EncodedBatch, RecordEncoder } from '../../../application/ports/dump-reader.js';
import type { SkippedElement } from './dump-xml-parser.js';
import { InputRing, type RingBuffers, RingReader } from './shared-ring.js';
import type { SkippedRecordTally } from './skipped-record-tally.js';

/*
 * Parallel reading of a dump: the reader's thread cuts the (decompressed) bytes into pieces of about 512 KiB before
 * a record's start tag; worker threads (dump-piece-worker.ts) decode and parse each piece, map its records
 * and encode them with the writer's encoder; the pieces' results are taken in file order. A cut is only a guess (a
 * `<label` may also start a sublabel inside a label record, or sit in a comment), so each piece is parsed on the
 * assumption that it starts between two records, and reports how it ended: between records (the guess for the next
 * piece was right), or inside something (a record, a comment), in which case the rest of it is read again at the
 * start of the next piece, in place of that piece's speculative result. The outcome is exactly that of reading the
 * whole file in one go, errors included (their positions are counted from the start of the file). Cuts fall before
 * a `<`, so no UTF-8 sequence is ever cut in two.
 */

/** Where a piece starts: at the start of the file, inside the root element between two records, or after it. */
export type PieceState = 'start' | 'inRoot' | 'afterRoot';

/** What a worker is sent first: the shared memory its results go through, and the one pieces come through. */
export interface WorkerSetup {
  readonly results: RingBuffers;
  readonly pieces: SharedArrayBuffer;
}

/**
 * A piece of a dump for a worker to read, as it is sent: its bytes lie in the shared ring of pieces (`at`, `length`),
 * or come with it (`bytes`, copied).
 */
export type PieceMessage = Omit<PieceJob, 'bytes'> &
  ({ readonly bytes: Uint8Array } | { readonly at: number; readonly length: number });

/** A piece of a dump for a worker to read. */
export interface PieceJob {
  readonly id: number;
  readonly kind: DumpKind;
  /** The module of the writer's `RecordEncoder`. */
  readonly encoder: string;
  /** Text read already that comes before the bytes (what the previous piece left unread). */
  readonly prefix: string;
  readonly bytes: Uint8Array;
  readonly state: PieceState;
  /** Whether the piece ends the file. */
  readonly final: boolean;
}

/** How a worker read a piece: its records, or the XML error it found, or the failure of the worker itself. */
export type PieceResult = (
  | {
      readonly count: number;
      readonly encoded: unknown;
      /** Whether the typed arrays of `encoded` were put in the shared ring (see shared-ring.ts). */
      readonly ring: boolean;
      /** Records left out for want of a valid id (not in `count`), and the first few of them. */
      readonly skipped: number;
      readonly skips: readonly SkippedElement[];
      /** Where the piece ended, which is where the next one must start. */
      readonly state: PieceState;
      /** The end of the piece that is not between records, to be read again with the next piece ('' if none). */
      readonly tail: string;
      /** Line breaks in the piece before its tail, and characters after the last of them. */
      readonly lines: number;
      readonly column: number;
    }
  | { readonly error: { readonly reason: string; readonly line: number; readonly column: number } }
  | { readonly failure: string }
) & {
  readonly id: number;
  /** Frees what the result holds in the shared ring, once it is not needed any more (set by the reader's thread). */
  release?: () => void;
};

type Settle = { resolve: (r: PieceResult) => void; reject: (err: Error) => void };

/** One worker thread and the jobs it has been given; it keeps the process alive only while it has some. */
class PieceWorker {
  readonly pending = new Map<number, Settle>();
  readonly worker: Worker;
  /** Room for the results of the pieces a worker has in hand (see `ahead`), about 0.9 MB per megabyte of XML. */
  private readonly ring = new RingReader(4 << 20);
  dead = false;

  constructor(
    private readonly input: InputRing,
    private readonly onDead: (w: PieceWorker) => void,
  ) {
    // A young generation of 8 MB (rather than V8's 48) keeps a worker's heap near 30 MB at the same speed.
    this.worker = new Worker(new URL('./dump-piece-worker.js', import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.worker.unref();
    this.worker.postMessage({ results: this.ring.buffers, pieces: input.buffer } satisfies WorkerSetup);
    this.worker.on('message', (result: PieceResult) => {
      if ('ring' in result && result.ring) result.release = this.ring.take(result.encoded as Record<string, unknown>);
      const settle = this.pending.get(result.id);
      if (!settle) {
        result.release?.();
        return;
      }
      this.pending.delete(result.id);
      if (this.pending.size === 0) this.worker.unref();
      settle.resolve(result);
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('messageerror', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`exited with code ${code}`)));
  }

  run(job: PieceJob): Promise<PieceResult> {
    return new Promise<PieceResult>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(job.id, { resolve, reject });
      const { bytes, ...rest } = job;
      const message: PieceMessage = this.input.holds(bytes)
        ? { ...rest, at: bytes.byteOffset, length: bytes.length }
        : job;
      this.worker.postMessage(message);
    });
  }

  private fail(err: Error): void {
    if (this.dead) return;
    this.dead = true;
    this.onDead(this);
    const error = new Error(`A dump reader worker thread failed: ${err.message}`);
    for (const settle of this.pending.values()) settle.reject(error);
    this.pending.clear();
    void this.worker.terminate();
  }
}

/** Worker threads that read dump pieces, started when first needed and shared by every reader of the process. */
export class DumpWorkerPool {
  /**
   * The ring pieces go through: room for the pieces one reader reads ahead (see `ahead`); those of a second reader at
   * the same time go as copies when it is full.
   */
  readonly input = new InputRing(4 << 20);
  private readonly workers: PieceWorker[] = [];
  private nextId = 1;

  constructor(readonly size: number) {}

  run(job: Omit<PieceJob, 'id'>): Promise<PieceResult> {
    let worker: PieceWorker | undefined;
    if (this.workers.length < this.size) {
      worker = new PieceWorker(this.input, (dead) => this.workers.splice(this.workers.indexOf(dead), 1));
      this.workers.push(worker);
    } else {
      for (const w of this.workers) if (!worker || w.pending.size < worker.pending.size) worker = w;
    }
    return worker!.run({ ...job, id: this.nextId++ });
  }
}

const pools = new Map<number, DumpWorkerPool>();

/** The process's pool of `size` worker threads. */
export function dumpWorkerPool(size: number): DumpWorkerPool {
  let pool = pools.get(size);
  if (!pool) {
    pool = new DumpWorkerPool(size);
    pools.set(size, pool);
  }
  return pool;
}

export interface PieceReading {
  /** The file's name, for messages. */
  readonly name: string;
  readonly kind: DumpKind;
  /** The name of the kind's record element. */
  readonly recordElement: string;
  readonly encoder: RecordEncoder;
  readonly pool: DumpWorkerPool;
  /** The (decompressed) bytes of the file read already, from its start. */
  readonly head: readonly Buffer[];
  /** Where the records left out for want of a valid id are counted. */
  readonly skipped: SkippedRecordTally;
  /**
   * The next bytes of the file, valid until the next call; null at its end. Throws `InvalidDump` when the file cannot
   * be read.
   */
  readonly read: () => Promise<Buffer | null>;
  /** Bytes per piece (default 512 KiB, about a hundred records). */
  readonly pieceBytes?: number;
  /** Pieces read ahead: being read by workers or read and waiting to be taken (default 6). */
  readonly ahead?: number;
}

interface Piece {
  readonly bytes: Uint8Array;
  readonly state: PieceState;
  readonly final: boolean;
  readonly result: Promise<PieceResult>;
  /** Gives back the piece's block of the ring of pieces, if it has one. */
  readonly release: () => void;
}

/** Pieces smaller than this are copied to the worker rather than put in the ring (the last one, tiny test pieces). */
const SMALL = 4096;

/** Reads a dump's records in pieces on worker threads, yielding their encoded batches in file order. */
export async function* readPieces(r: PieceReading): AsyncGenerator<EncodedBatch> {
  const pieceBytes = r.pieceBytes ?? 512 * 1024;
  const ahead = r.ahead ?? 6;
  const tag = Buffer.from(`<${r.recordElement}`, 'latin1');
  const queue: Piece[] = [];
  const dispatch = (
    prefix: string,
    bytes: Uint8Array,
    state: PieceState,
    final: boolean,
    release: () => void,
  ): Piece => {
    const result = r.pool.run({ kind: r.kind, encoder: r.encoder.module, prefix, bytes, state, final });
    result.catch(() => undefined); // awaited in order below, or abandoned when reading stops
    return { bytes, state, final, result, release };
  };

  // The pump reads the file and queues pieces while there is room; the loop below takes their results in order.
  let stopped = false;
  let lastQueued = false;
  let pumpError: unknown;
  let roomMade: (() => void) | undefined;
  let pieceQueued: (() => void) | undefined;
  const signal = (): void => {
    pieceQueued?.();
    pieceQueued = undefined;
  };
  const pump = async (): Promise<void> => {
    // The bytes read and not sent yet, copied as they come into one buffer used again (a chunk read is valid only
    // until the next read), grown when a record is longer than what it holds.
    let stage = Buffer.allocUnsafe(2 * pieceBytes);
    let staged = 0;
    const append = (bytes: Uint8Array): void => {
      if (staged + bytes.length > stage.length) {
        const grown = Buffer.allocUnsafe(Math.max(2 * stage.length, staged + bytes.length));
        stage.copy(grown, 0, 0, staged);
        stage = grown;
      }
      stage.set(bytes, staged);
      staged += bytes.length;
    };
    for (const bytes of r.head) append(bytes);
    let state: PieceState = 'start';
    let searchAt = pieceBytes;
    let ended = false;
    while (!stopped && !lastQueued) {
      if (queue.length >= ahead) {
        await new Promise<void>((resolve) => (roomMade = resolve));
        continue;
      }
      if (!ended && staged < searchAt) {
        const more = await r.read();
        if (more === null) ended = true;
        else append(more);
        continue;
      }
      const cut = ended ? staged : findCut(stage.subarray(0, staged), tag);
      if (cut <= 0) {
        // A record longer than what is read yet: read on.
        searchAt = staged * 2;
        continue;
      }
      const slot = cut >= SMALL ? r.pool.input.alloc(cut) : undefined;
      const bytes = slot ? slot.bytes : new Uint8Array(cut);
      bytes.set(stage.subarray(0, cut));
      stage.copyWithin(0, cut, staged);
      staged -= cut;
      queue.push(dispatch('', bytes, state, ended, slot ? slot.release : () => undefined));
      lastQueued = ended;
      state = 'inRoot';
      searchAt = pieceBytes;
      signal();
    }
  };
  void pump().catch((err: unknown) => {
    pumpError = err;
    signal();
  });

  let taken: PieceResult | undefined;
  try {
    let line = 1;
    let column = 0;
    // Records read from the pieces taken so far, skipped ones included.
    let records = 0;
    // The state the next piece must start in, after what the previous piece left unread.
    let tail = '';
    let state: PieceState = 'start';
    for (;;) {
      if (queue.length === 0) {
        if (pumpError !== undefined) throw pumpError;
        if (lastQueued) return;
        await new Promise<void>((resolve) => (pieceQueued = resolve));
        continue;
      }
      const piece = queue[0]!;
      const result = await piece.result;
      if (tail !== '' || piece.state !== state) {
        // The previous piece was cut in the wrong place: this one is read again, after the rest of that one.
        result.release?.();
        queue[0] = dispatch(tail, piece.bytes, state, piece.final, piece.release);
        tail = '';
        continue;
      }
      queue.shift();
      piece.release();
      roomMade?.();
      roomMade = undefined;
      if ('failure' in result) throw new Error(`Reading ${r.name} failed in a worker thread: ${result.failure}`);
      if ('error' in result) {
        const { reason, line: l, column: c } = result.error;
        const at = `line ${line + l - 1}, column ${l === 1 ? column + c : c}`;
        throw new InvalidDump(r.name, `${r.name} is not well-formed XML at ${at}: ${reason}`);
      }
      for (const skip of result.skips) {
        r.skipped.add({ record: records + skip.index, line: line + skip.line - 1, id: skip.id });
      }
      r.skipped.addUnlisted(result.skipped - result.skips.length);
      records += result.count + result.skipped;
      if (result.lines > 0) {
        line += result.lines;
        column = result.column;
      } else {
        column += result.column;
      }
      tail = result.tail;
      state = result.state;
      // (Once the caller asks for the next batch, it is done with this one.)
      taken = result;
      if (result.count > 0) yield { kind: r.kind, count: result.count, encoded: result.encoded };
      taken.release?.();
      taken = undefined;
      if (piece.final) return;
    }
  } finally {
    stopped = true;
    roomMade?.();
    taken?.release?.();
    for (const piece of queue) {
      piece.result.then(
        (result) => {
          result.release?.();
          piece.release();
        },
        () => piece.release(),
      );
    }
  }
}

/**
 * Where to cut bytes before the last record's start tag (`<release …`) at `from` or after, preferring one at the start
 * of a line (dumps write a record per line; nested elements of the same name are mid-line or indented deeper). -1
 * when there is none.
 */
export function findCut(bytes: Uint8Array, tag: Buffer, from = 1): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let fallback = -1;
  for (let at = buf.lastIndexOf(tag); at >= from; at = at === 0 ? -1 : buf.lastIndexOf(tag, at - 1)) {
    const c = buf[at + tag.length];
    if (c !== 32 && c !== 62 && c !== 47 && c !== 9 && c !== 10 && c !== 13) continue;
    let i = at - 1;
    while (i >= 0 && (buf[i] === 32 || buf[i] === 9)) i--;
    if (i < 0 || buf[i] === 10) return at;
    if (fallback === -1) fallback = at;
    else if (at < buf.length / 2) break;
  }
  return fallback;
}
