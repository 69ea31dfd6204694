/*
 * Shared memory between the reader's thread and its worker threads, through which pieces go to the workers
 * (`InputRing`) and the typed arrays of their results come back (`RingWriter` → `RingReader`, one ring per worker).
 * Handing over ArrayBuffers (or copying them through postMessage) would create a megabyte of new external memory per
 * piece on each side, and V8 answers such memory with full garbage collections (in the reader's thread, of a heap
 * that holds the application: an ORM, a server) every few dozen megabytes — about a tenth of the import's CPU time.
 * Memory in a ring is written once per piece and reused.
 *
 * Space is taken from a ring one block after the other, in a circle (`RingSpace`), and given back in the order it was
 * taken. When a ring is full, or a block is larger than the ring, the data travels the ordinary way.
 */

/** A circular allocator: blocks are taken after the newest one and given back oldest first. */
export class RingSpace {
  /** Blocks not given back yet, oldest first. */
  private readonly live: { start: number; end: number }[] = [];

  constructor(readonly size: number) {}

  /** How many blocks are taken. */
  get count(): number {
    return this.live.length;
  }

  /** The start of a block of `n` bytes, or -1 when there is no room. */
  alloc(n: number): number {
    const size = this.size;
    let start = -1;
    if (this.live.length === 0) {
      if (n <= size) start = 0;
    } else {
      const tail = this.live[0]!.start;
      const head = this.live[this.live.length - 1]!.end;
      if (head > tail) {
        // The blocks lie in [tail, head): free are [head, size) and [0, tail).
        if (size - head >= n) start = head;
        else if (tail >= n) start = 0;
      } else if (tail - head >= n) {
        // They wrapped around: free is [head, tail).
        start = head;
      }
    }
    if (start !== -1) this.live.push({ start, end: start + n });
    return start;
  }

  /** Gives back the `count` oldest blocks. */
  free(count: number): void {
    this.live.splice(0, count);
  }
}

type TypedArray = Uint8Array | Int32Array;
const TYPES = { Uint8Array, Int32Array } as const;
type TypeName = keyof typeof TYPES;

/** A typed array that was put in the ring, as it travels in a message. */
interface RingRef {
  readonly $ring: number;
  readonly length: number;
  readonly type: TypeName;
}

function isRingRef(v: unknown): v is RingRef {
  return typeof v === 'object' && v !== null && typeof (v as RingRef).$ring === 'number';
}

function typeOf(v: unknown): TypeName | undefined {
  if (v instanceof Uint8Array) return 'Uint8Array';
  if (v instanceof Int32Array) return 'Int32Array';
  return undefined;
}

/** The two shared buffers of a ring, created by the reader's thread and sent to the worker once. */
export interface RingBuffers {
  readonly data: SharedArrayBuffer;
  /** One Int32: how many results the reader's thread has released. */
  readonly control: SharedArrayBuffer;
}

/** The worker's side: puts the typed arrays of a result object in the ring. */
export class RingWriter {
  private readonly data: Uint8Array;
  private readonly released: Int32Array;
  private readonly space: RingSpace;
  /** How many results the reader's thread had released when last looked at. */
  private dropped = 0;

  constructor(buffers: RingBuffers) {
    this.data = new Uint8Array(buffers.data);
    this.released = new Int32Array(buffers.control);
    this.space = new RingSpace(this.data.length);
  }

  /**
   * Moves the typed arrays among `value`'s own properties into the ring, replacing them with references; returns
   * whether it did (false: the ring has no room, and `value` is unchanged).
   */
  put(value: Record<string, unknown>): boolean {
    const parts: [string, TypedArray][] = [];
    let bytes = 0;
    for (const [key, v] of Object.entries(value)) {
      if (typeOf(v) === undefined) continue;
      parts.push([key, v as TypedArray]);
      bytes += ((v as TypedArray).byteLength + 7) & ~7;
    }
    if (parts.length === 0) return false;
    const start = this.alloc(Math.max(bytes, 8));
    if (start === -1) return false;
    let at = start;
    for (const [key, array] of parts) {
      this.data.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
      value[key] = { $ring: at, length: array.length, type: typeOf(array)! } satisfies RingRef;
      at += (array.byteLength + 7) & ~7;
    }
    return true;
  }

  /** The start of `n` free bytes, or -1. */
  private alloc(n: number): number {
    const released = Atomics.load(this.released, 0);
    if (released > this.dropped) {
      this.space.free(released - this.dropped);
      this.dropped = released;
    }
    return this.space.alloc(n);
  }
}

/** The reader's side: creates the ring, turns references back into arrays, and releases results in order. */
export class RingReader {
  readonly buffers: RingBuffers;
  private readonly released: Int32Array;
  /** Results read from the ring and not released yet, oldest first (true once released). */
  private readonly live: boolean[] = [];
  private releasedCount = 0;

  constructor(bytes: number) {
    this.buffers = { data: new SharedArrayBuffer(bytes), control: new SharedArrayBuffer(4) };
    this.released = new Int32Array(this.buffers.control);
  }

  /**
   * Turns the ring references among `value`'s own properties back into typed arrays (views of the ring, valid until
   * released) and returns the function that releases them. Each result the worker put in the ring must be taken here,
   * in the order they came, and released once (in any order).
   */
  take(value: Record<string, unknown>): () => void {
    const index = this.releasedCount + this.live.length;
    this.live.push(false);
    for (const [key, v] of Object.entries(value)) {
      if (isRingRef(v)) value[key] = new TYPES[v.type](this.buffers.data as unknown as ArrayBuffer, v.$ring, v.length);
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.live[index - this.releasedCount] = true;
      while (this.live.length > 0 && this.live[0]) {
        this.live.shift();
        this.releasedCount++;
      }
      Atomics.store(this.released, 0, this.releasedCount);
    };
  }
}

/** The reader's side of the ring its pieces go through, shared by every worker (each reads its pieces' blocks). */
export class InputRing {
  readonly buffer: SharedArrayBuffer;
  private readonly view: Uint8Array;
  private readonly space: RingSpace;
  /** Whether each block taken is given back yet, oldest first. */
  private readonly done: boolean[] = [];
  private freed = 0;

  constructor(bytes: number) {
    this.buffer = new SharedArrayBuffer(bytes);
    this.view = new Uint8Array(this.buffer);
    this.space = new RingSpace(bytes);
  }

  /**
   * A block of `n` bytes, or undefined when there is no room: `bytes` to write in, and `release()` to give it back
   * (once no worker reads it any more; blocks may be released in any order).
   */
  alloc(n: number): { bytes: Uint8Array; release: () => void } | undefined {
    const start = this.space.alloc(n);
    if (start === -1) return undefined;
    const index = this.freed + this.done.length;
    this.done.push(false);
    let released = false;
    return {
      bytes: this.view.subarray(start, start + n),
      release: () => {
        if (released) return;
        released = true;
        this.done[index - this.freed] = true;
        let count = 0;
        while (count < this.done.length && this.done[count]) count++;
        if (count > 0) {
          this.done.splice(0, count);
          this.freed += count;
          this.space.free(count);
        }
      },
    };
  }

  /** Whether `bytes` lies in this ring. */
  holds(bytes: Uint8Array): boolean {
    return bytes.buffer === (this.buffer as unknown as ArrayBuffer);
  }
}
