import zlib from 'node:zlib';
import { RELEASE_DOCUMENT_DICTIONARY_1 } from './release-document-dictionary-1.js';

/*
 * A release's document template as `release.packed_document` holds it (ADR 0066): one byte naming the format, then
 * the template's UTF-8 compressed by raw deflate against that format's preset dictionary. PostgreSQL stores the
 * column as it is (`storage external`: no pglz over it). The format byte is what lets a better dictionary come later:
 * it becomes format 2 beside this one, and rows packed in format 1 stay readable until their next import.
 */

/** The preset dictionary of each format, by its byte. */
const DICTIONARIES: readonly (Buffer | undefined)[] = [undefined, RELEASE_DOCUMENT_DICTIONARY_1];

/** The format the import packs in. */
const CURRENT_FORMAT = 1;

/** zlib's default level: the dictionary saves what a higher one would, for less CPU (ADR 0066). */
const LEVEL = 6;

const PACK_OPTIONS: zlib.ZlibOptions = { level: LEVEL, dictionary: DICTIONARIES[CURRENT_FORMAT] };

/**
 * The parts of node:zlib's stream that its own synchronous functions drive (lib/zlib.js, `processChunkSync`): the
 * native handle's synchronous write (flush flag, input and its range, output and its range), which leaves the output
 * and input bytes still free in `_writeState`, and `reset`, which is `deflateReset` and the dictionary set again.
 * Not public API: `packer()` checks that they are there and falls back to `deflateRawSync` when they are not.
 */
interface DrivenDeflate extends zlib.DeflateRaw {
  readonly _handle: {
    writeSync(flush: number, input: Uint8Array, inOffset: number, inLength: number, output: Uint8Array, outOffset: number, outLength: number): void;
  } | null;
  readonly _writeState: Uint32Array;
}

/**
 * Packs templates through one deflate stream kept for the thread (each parse worker loads this module, so each has
 * its own) and reset after each template: `deflateRawSync` makes a stream per call (the JS stream, its output buffer
 * and some 256 KB of native state), which costs about 13 µs of a pack's 92 (bench/release-document-pack.ts; ADR 0066,
 * "Later: the packing's import CPU"). The stream's bytes are those of `deflateRawSync` with the same options: the
 * same zlib, parameters and dictionary, from the same state.
 */
class ReusedDeflate {
  /** Where the stream writes; grown when a template needs more, and kept. */
  private out = Buffer.allocUnsafe(64 * 1024);

  private constructor(private stream: DrivenDeflate) {}

  /** A packer over a stream of its own, or undefined when node:zlib no longer has the parts it drives. */
  static make(): ReusedDeflate | undefined {
    const stream = zlib.createDeflateRaw(PACK_OPTIONS) as DrivenDeflate;
    if (typeof stream._handle?.writeSync !== 'function' || !(stream._writeState instanceof Uint32Array)) {
      stream.close();
      return undefined;
    }
    // A failing write destroys the stream, which `pack` sees, and emits 'error' later, which must not go unheard.
    stream.on('error', () => {});
    return new ReusedDeflate(stream);
  }

  /** Frees the stream's native state. */
  close(): void {
    this.stream.close();
  }

  /** The packed form of `utf8`, the format byte first. */
  pack(utf8: Uint8Array): Buffer {
    const handle = this.stream._handle;
    if (handle === null || this.stream.destroyed) throw new Error('the release document packer\'s deflate stream is closed');
    const state = this.stream._writeState;
    let out = this.out;
    let length = 1;
    let inOffset = 0;
    let inLength = utf8.length;
    for (;;) {
      handle.writeSync(zlib.constants.Z_FINISH, utf8, inOffset, inLength, out, length, out.length - length);
      if (this.stream.destroyed) throw new Error('the release document packer\'s deflate stream failed');
      const [outLeft, inLeft] = [state[0]!, state[1]!];
      inOffset += inLength - inLeft;
      inLength = inLeft;
      if (outLeft > 0) {
        length = out.length - outLeft;
        break;
      }
      // The output is full: deflate goes on where it stopped, into a larger buffer.
      const larger = Buffer.allocUnsafe(out.length * 2);
      out.copy(larger);
      length = out.length;
      this.out = out = larger;
    }
    this.stream.reset();
    const packed = Buffer.allocUnsafe(length);
    out.copy(packed, 0, 0, length);
    packed[0] = CURRENT_FORMAT;
    return packed;
  }
}

/** This thread's packer: made at the first template, dropped when a pack fails (the next makes a new one). */
let reused: ReusedDeflate | undefined | null = null;

function packer(): ReusedDeflate | undefined {
  if (reused === null) reused = ReusedDeflate.make();
  return reused;
}

/** Whether this thread packs through a kept stream (true while node:zlib has the parts it drives). */
export function packsThroughKeptStream(): boolean {
  return packer() !== undefined;
}

/** The packed form of `utf8` made by `deflateRawSync` (a new stream each call): what the kept stream must equal. */
export function packReleaseDocumentAlone(utf8: Uint8Array): Buffer {
  const body = zlib.deflateRawSync(utf8, PACK_OPTIONS);
  const packed = Buffer.allocUnsafe(body.length + 1);
  packed[0] = CURRENT_FORMAT;
  body.copy(packed, 1);
  return packed;
}

/**
 * The packed form of a template given as UTF-8. Deterministic for a given zlib (the import compares packed values to
 * find unchanged releases; a zlib that compresses differently makes every release count as changed once).
 */
export function packReleaseDocument(utf8: Uint8Array): Buffer {
  const kept = packer();
  if (kept === undefined) return packReleaseDocumentAlone(utf8);
  try {
    return kept.pack(utf8);
  } catch (e) {
    kept.close();
    reused = null;
    throw e;
  }
}

/** The template a packed value holds. */
export function unpackReleaseDocument(packed: Uint8Array): string {
  const dictionary = DICTIONARIES[packed[0]!];
  if (dictionary === undefined) throw new Error(`a packed release document in an unknown format (${packed[0]})`);
  return zlib.inflateRawSync(packed.subarray(1), { dictionary }).toString('utf8');
}
