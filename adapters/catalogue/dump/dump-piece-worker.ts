/*
 * Worker thread of the parallel dump reader (see dump-pieces.ts): parses one piece of a dump at a time, maps its
 * records and encodes them with the writer's encoder, and answers with the encoded records and how the piece ended.
 */
import { parentPort } from 'node:worker_threads';
import { type DumpKind, type DumpRecordOf, SKIPPED_RECORDS_LISTED } from '../../../application/ports/dump-reader.js';
import { DumpXmlParser, type SkippedElement } from './dump-xml-parser.js';
import type { PieceJob, PieceMessage, PieceResult, WorkerSetup } from './dump-pieces.js';
import { removeForbiddenCharacters } from './remove-forbidden-characters.js';
import { RingWriter } from './shared-ring.js';
import { XmlScanError } from './xml-scanner.js';

interface Encoder {
  add(record: DumpRecordOf[DumpKind]): void;
  take(): unknown;
}

type CreateEncoder = (kind: DumpKind) => Encoder;

const modules = new Map<string, Promise<CreateEncoder>>();
/**
 * The encoder of the file being read, and what it encodes. One at a time: an encoder keeps buffers and token tables
 * of tens of megabytes, and the pool's workers outlive a file, so those of the files before would stay for the
 * whole import (a file's pieces are all taken before the next file's are given out).
 */
let current: { key: string; encoder: Encoder } | undefined;

async function encoderFor(module: string, kind: DumpKind): Promise<Encoder> {
  const key = `${kind} ${module}`;
  if (current?.key === key) return current.encoder;
  let create = modules.get(module);
  if (!create) {
    create = import(module).then((m: { createRecordEncoder?: CreateEncoder }) => {
      if (typeof m.createRecordEncoder !== 'function') throw new Error(`${module} exports no createRecordEncoder`);
      return m.createRecordEncoder;
    });
    modules.set(module, create);
  }
  const encoder = (await create)(kind);
  current = { key, encoder };
  return encoder;
}

/** Bytes decoded at a time: the strings stay small enough to be young garbage (a megabyte string would not). */
const SLICE = 32 * 1024;
const LT = 0x3c;
// (A byte order mark is dropped by hand, and only at the start of the file.)
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
let ringWriter: RingWriter | undefined;
let pieces: SharedArrayBuffer | undefined;

/**
 * The text given to the scanner, from the last slice that may still be needed: for the tail (what follows the last
 * complete record, when the piece turns out to be cut in the wrong place), and for counting lines.
 */
class PieceText {
  private readonly slices: { start: number; text: string }[] = [];
  /** Characters, line breaks and the offset of the last one, in all the text and in the slices dropped. */
  length = 0;
  private droppedLines = 0;
  private droppedLastBreak = -1;

  add(text: string): void {
    this.slices.push({ start: this.length, text });
    this.length += text.length;
  }

  /** Forgets the slices that end before `offset`. */
  dropBefore(offset: number): void {
    while (this.slices.length > 1 && this.slices[0]!.start + this.slices[0]!.text.length <= offset) {
      const { start, text } = this.slices.shift()!;
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
        this.droppedLines++;
        this.droppedLastBreak = start + i;
      }
    }
  }

  /** The text from `offset` on. */
  from(offset: number): string {
    let out = '';
    for (const { start, text } of this.slices) {
      if (start + text.length > offset) out += start >= offset ? text : text.slice(offset - start);
    }
    return out;
  }

  /** Line breaks before `offset`, and the characters after the last of them. */
  linesBefore(offset: number): { lines: number; column: number } {
    let lines = this.droppedLines;
    let last = this.droppedLastBreak;
    for (const { start, text } of this.slices) {
      if (start >= offset) break;
      const end = Math.min(text.length, offset - start);
      for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
        lines++;
        last = start + i;
      }
    }
    return { lines, column: offset - last - 1 };
  }
}

function parsePiece(job: PieceJob, encoder: Encoder): { result: PieceResult; transfer: ArrayBuffer[] } {
  const { id } = job;
  const parser = DumpXmlParser.forPiece(job.kind, job.state);
  let count = 0;
  parser.onRecord = (record) => {
    encoder.add(record);
    count++;
  };
  let skipped = 0;
  const skips: SkippedElement[] = [];
  parser.onSkip = (skip) => {
    skipped++;
    if (skips.length < SKIPPED_RECORDS_LISTED) skips.push(skip);
  };
  const scanner = parser.scanner;
  const text = new PieceText();
  const feed = (t: string): void => {
    t = removeForbiddenCharacters(t);
    text.add(t);
    scanner.write(t);
    text.dropBefore(scanner.depth > 1 ? scanner.childStart : scanner.unread);
  };
  const bytes = job.bytes;
  const n = bytes.length;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, n);
  let unread: number;
  try {
    if (job.prefix !== '') feed(job.prefix);
    let at = job.state === 'start' && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
    while (at < n) {
      // Slices end before a `<`, so that no UTF-8 sequence is cut in two.
      let end = at + SLICE;
      if (end >= n) end = n;
      else {
        const lt = buf.lastIndexOf(LT, end);
        if (lt > at) end = lt;
        else {
          const next = buf.indexOf(LT, end);
          end = next === -1 ? n : next;
        }
      }
      feed(decoder.decode(bytes.subarray(at, end)));
      at = end;
    }
    if (job.final) {
      scanner.end();
      unread = text.length;
    } else {
      unread = scanner.endPiece();
    }
  } catch (err) {
    encoder.take();
    if (err instanceof XmlScanError) {
      return { result: { id, error: { reason: err.reason, line: err.line, column: err.column } }, transfer: [] };
    }
    throw err;
  }
  // A piece that ends inside a record (or inside markup) was cut in the wrong place: what follows its last complete
  // record goes back to the reader, which reads it again at the start of the next piece.
  const readTo = scanner.depth > 1 ? scanner.childStart : unread;
  const state = scanner.beforeRoot ? 'start' : scanner.afterRoot ? 'afterRoot' : 'inRoot';
  const encoded = encoder.take();
  // Typed arrays go through the shared ring, or else as copies of their own, handed over.
  const transfer: ArrayBuffer[] = [];
  let ring = false;
  if (typeof encoded === 'object' && encoded !== null) {
    const value = encoded as Record<string, unknown>;
    ring = count > 0 && ringWriter !== undefined && ringWriter.put(value);
    if (!ring) {
      for (const [key, v] of Object.entries(value)) {
        if (!ArrayBuffer.isView(v)) continue;
        // A copy of its own: `Buffer#slice` gives a view, and handing over its memory would detach the encoder's.
        const copy = v instanceof Int32Array ? new Int32Array(v) : new Uint8Array(v as Uint8Array);
        value[key] = copy;
        transfer.push(copy.buffer);
      }
    }
  }
  return {
    result: { id, count, encoded, ring, skipped, skips, state, tail: text.from(readTo), ...text.linesBefore(readTo) },
    transfer,
  };
}

const port = parentPort!;
port.on('message', (message: PieceMessage | WorkerSetup) => {
  if (!('id' in message)) {
    ringWriter = new RingWriter(message.results);
    pieces = message.pieces;
    return;
  }
  const job: PieceJob =
    'at' in message
      ? { ...message, bytes: new Uint8Array(pieces as unknown as ArrayBuffer, message.at, message.length) }
      : message;
  encoderFor(job.encoder, job.kind)
    .then((encoder) => parsePiece(job, encoder))
    .catch((err: unknown) => ({
      result: { id: job.id, failure: err instanceof Error ? (err.stack ?? err.message) : String(err) },
      transfer: [],
    }))
    .then(({ result, transfer }) => port.postMessage(result, transfer));
});
