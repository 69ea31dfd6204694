const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEX = '0123456789abcdef';
/** The type of `text` array elements. */
const TEXT_OID = 25;

/**
 * Rows in PostgreSQL's binary COPY format, written into one reusable, growing Buffer. Binary rather than text COPY:
 * no escaping pass over every value (the JSON documents are most of the bytes), strings are encoded straight into
 * the buffer, and reusing the buffer for the next round keeps the rows out of the garbage-collected heap.
 *
 * Each value must match its column's type exactly: `int4` 4 bytes, `int2` 2 bytes, `bool` 1 byte, `text` and `json`
 * UTF-8, `jsonb` a version byte (1) and the JSON text.
 *
 * JSON values are written in place, piece by piece (`beginJson`, the `j…` methods, `endJson`), so that a document
 * never exists as a JavaScript string: strings are escaped and UTF-8 encoded straight into the buffer.
 */
/** Node's Buffer method behind `buf.write(…, 'latin1')`, without the encoding's look-up (not in @types/node). */
type LatinWriter = Buffer & { latin1Write(value: string, offset: number, length: number): number };

/** A character `jString` cannot copy as it is. */
const NOT_PLAIN_ASCII = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

export class BinaryCopyBuffer {
  private buf: Buffer;
  private length = 0;
  /** Offset where each row starts, so that a subset of the rows can be sent. */
  private starts: number[] = [];
  /** Where the length of the JSON value being written goes, or -1. */
  private jsonStart = -1;

  constructor(initialBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  get rowCount(): number {
    return this.starts.length;
  }

  get byteLength(): number {
    return this.length;
  }

  /**
   * Empties the buffer for reuse. With `keepBytes`, memory beyond it is let go (the buffer starts again at that size):
   * for a buffer that is seldom large.
   */
  clear(keepBytes = Infinity): void {
    this.length = 0;
    this.starts = [];
    if (this.buf.length > keepBytes) this.buf = Buffer.allocUnsafe(keepBytes);
  }

  /** Starts a row of `fields` values. */
  row(fields: number): this {
    this.reserve(2);
    this.starts.push(this.length);
    this.buf.writeInt16BE(fields, this.length);
    this.length += 2;
    return this;
  }

  int4(value: number): this {
    this.reserve(8);
    this.buf.writeInt32BE(4, this.length);
    this.buf.writeInt32BE(value, this.length + 4);
    this.length += 8;
    return this;
  }

  int2(value: number): this {
    this.reserve(6);
    this.buf.writeInt32BE(2, this.length);
    this.buf.writeInt16BE(value, this.length + 4);
    this.length += 6;
    return this;
  }

  bool(value: boolean): this {
    this.reserve(5);
    this.buf.writeInt32BE(1, this.length);
    this.buf[this.length + 4] = value ? 1 : 0;
    this.length += 5;
    return this;
  }

  null(): this {
    this.reserve(4);
    this.buf.writeInt32BE(-1, this.length);
    this.length += 4;
    return this;
  }

  text(value: string): this {
    const n = value.length;
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    this.reserve(4 + n * 3);
    const b = this.buf;
    const at = this.length + 4;
    // Most column values are short and ASCII: copied by a loop, which is faster than a call out for a few bytes.
    let i = 0;
    if (n <= 64) {
      for (; i < n; i++) {
        const c = value.charCodeAt(i);
        if (c > 0x7f) break;
        b[at + i] = c;
      }
    }
    const bytes = i === n ? n : b.write(value, at, 'utf8');
    b.writeInt32BE(bytes, this.length);
    this.length = at + bytes;
    return this;
  }

  /** A `bytea` value (or a `text` one, given as UTF-8 bytes: the same on the wire): `length` bytes from `from`. */
  bytea(bytes: Uint8Array, from: number, length: number): this {
    this.reserve(4 + length);
    this.buf.writeInt32BE(length, this.length);
    this.buf.set(bytes.subarray(from, from + length), this.length + 4);
    this.length += 4 + length;
    return this;
  }

  /**
   * A `text[]` value: PostgreSQL's binary array (one dimension, no nulls, element type `text`, lower bound 1), each
   * element as `text` writes it.
   */
  textArray(values: readonly string[]): this {
    this.reserve(24);
    const start = this.length;
    if (values.length === 0) {
      // The empty array has no dimensions.
      this.buf.writeInt32BE(12, start);
      this.buf.writeInt32BE(0, start + 4);
      this.buf.writeInt32BE(0, start + 8);
      this.buf.writeInt32BE(TEXT_OID, start + 12);
      this.length = start + 16;
      return this;
    }
    const b = this.buf;
    b.writeInt32BE(1, start + 4); // dimensions
    b.writeInt32BE(0, start + 8); // has nulls
    b.writeInt32BE(TEXT_OID, start + 12);
    b.writeInt32BE(values.length, start + 16);
    b.writeInt32BE(1, start + 20); // lower bound
    this.length = start + 24;
    for (const v of values) this.text(v);
    this.buf.writeInt32BE(this.length - start - 4, start);
    return this;
  }

  /**
   * Starts a JSON value (a `json` column, or a `jsonb` one with `jsonb`), to be written with the `j…` methods and
   * ended with `endJson`.
   */
  beginJson(jsonb = false): this {
    this.reserve(5);
    this.jsonStart = this.length;
    this.length += 4;
    if (jsonb) this.buf[this.length++] = 1;
    return this;
  }

  endJson(): this {
    this.buf.writeInt32BE(this.length - this.jsonStart - 4, this.jsonStart);
    this.jsonStart = -1;
    return this;
  }

  /**
   * Ends a JSON value written in place as the `bytea` value `transform` makes of its UTF-8 (a document stored
   * compressed). `transform` must return bytes of its own, not a view of its argument.
   */
  endJsonAs(transform: (utf8: Uint8Array) => Uint8Array): this {
    const start = this.jsonStart;
    this.jsonStart = -1;
    const bytes = transform(this.buf.subarray(start + 4, this.length));
    this.length = start;
    return this.bytea(bytes, 0, bytes.length);
  }

  /** JSON text that needs no escaping (punctuation, keys, literals), ASCII only. */
  jRaw(ascii: string): this {
    const n = ascii.length;
    this.reserve(n);
    const b = this.buf;
    let p = this.length;
    for (let i = 0; i < n; i++) b[p++] = ascii.charCodeAt(i);
    this.length = p;
    return this;
  }

  /**
   * `"name":` for an ASCII name that needs no escaping, after a comma unless it is an object's first key (the byte
   * before it is then `{`).
   */
  jKey(name: string): this {
    const n = name.length;
    this.reserve(n + 4);
    const b = this.buf;
    let p = this.length;
    if (b[p - 1] !== 123) b[p++] = 44;
    b[p++] = 34;
    for (let i = 0; i < n; i++) b[p++] = name.charCodeAt(i);
    b[p++] = 34;
    b[p++] = 58;
    this.length = p;
    return this;
  }

  /** A JSON number; the catalogue only has integers (anything else is written as `JSON.stringify` does). */
  jInt(value: number): this {
    if (!Number.isSafeInteger(value)) return this.jRaw(JSON.stringify(value));
    this.reserve(17);
    const b = this.buf;
    let p = this.length;
    if (value < 0) {
      b[p++] = 45;
      value = -value;
    }
    let digits = 1;
    for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
    for (let i = p + digits - 1; i >= p; i--) {
      b[i] = 48 + (value % 10);
      value = Math.floor(value / 10);
    }
    this.length = p + digits;
    return this;
  }

  /**
   * A JSON string: quoted, escaped as `JSON.stringify` escapes (`"`, `\`, control characters, lone surrogates) and
   * UTF-8 encoded, character by character (faster than a string round trip for the short strings of a record).
   */
  jString(value: string): this {
    const n = value.length;
    this.reserve(2 + n * 6);
    const b = this.buf;
    let p = this.length;
    b[p++] = 34;
    // A longer string of printable ASCII without quotes or backslashes (most notes, titles, URLs): one native test
    // and one native copy beat a loop over its characters.
    if (n >= 24 && !NOT_PLAIN_ASCII.test(value)) {
      p += (b as LatinWriter).latin1Write(value, p, n);
      b[p++] = 34;
      this.length = p;
      return this;
    }
    // Most text is printable ASCII without quotes or backslashes: copied by a tight loop until something else comes.
    let i = 0;
    for (; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 34 || c === 92) break;
      b[p + i] = c;
    }
    p += i;
    for (; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c !== 34 && c !== 92) {
          b[p++] = c;
          continue;
        }
        b[p++] = 92;
        if (c === 34 || c === 92) b[p++] = c;
        else if (c === 10) b[p++] = 110;
        else if (c === 13) b[p++] = 114;
        else if (c === 9) b[p++] = 116;
        else if (c === 8) b[p++] = 98;
        else if (c === 12) b[p++] = 102;
        else p = escapeUnit(b, p, c);
      } else if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 63);
      } else if (c < 0xd800 || c >= 0xe000) {
        b[p++] = 0xe0 | (c >> 12);
        b[p++] = 0x80 | ((c >> 6) & 63);
        b[p++] = 0x80 | (c & 63);
      } else {
        const d = i + 1 < n ? value.charCodeAt(i + 1) : 0;
        if (c < 0xdc00 && d >= 0xdc00 && d < 0xe000) {
          i++;
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          b[p++] = 0xf0 | (cp >> 18);
          b[p++] = 0x80 | ((cp >> 12) & 63);
          b[p++] = 0x80 | ((cp >> 6) & 63);
          b[p++] = 0x80 | (cp & 63);
        } else {
          // A lone surrogate, which UTF-8 cannot hold: written as \uXXXX, like JSON.stringify does.
          b[p++] = 92;
          p = escapeUnit(b, p, c);
        }
      }
    }
    b[p++] = 34;
    this.length = p;
    return this;
  }

  /**
   * A JSON string's content, escaped as `jString` escapes it, without the quotes (rare: written as a string, then
   * moved back over its opening quote).
   */
  jStringContent(value: string): this {
    const start = this.length;
    this.jString(value);
    this.buf.copyWithin(start, start + 1, this.length - 1);
    this.length -= 2;
    return this;
  }

  /**
   * Appends rows `from`…`to` (exclusive) of encoded rows: `data` holds rows one after the other, `ends[i]` is where
   * row `i` ends. (A "row" here may be a record's rows, or none: a record without any, as a release's search entry,
   * still takes a start, so that `chunks` filters by record, but no bytes: `holdsRows` tells a round of them, which
   * sends no COPY.)
   */
  appendRows(data: Uint8Array, ends: Int32Array, from: number, to: number): this {
    if (to <= from) return this;
    const first = from === 0 ? 0 : ends[from - 1]!;
    const bytes = ends[to - 1]! - first;
    this.reserve(bytes);
    const shift = this.length - first;
    for (let i = from; i < to; i++) this.starts.push((i === 0 ? 0 : ends[i - 1]!) + shift);
    this.buf.set(data.subarray(first, first + bytes), this.length);
    this.length += bytes;
    return this;
  }

  /** Whether the rows (all, or those whose index `include` accepts) hold any bytes: whether they are worth a COPY. */
  holdsRows(include?: (row: number) => boolean): boolean {
    if (!include) return this.length > 0;
    const starts = this.starts;
    for (let i = 0; i < starts.length; i++) {
      if ((i + 1 < starts.length ? starts[i + 1]! : this.length) > starts[i]! && include(i)) return true;
    }
    return false;
  }

  /** The rows written so far, as a view of the buffer (valid until it is written again). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  /**
   * The COPY data: signature and header, the rows (all, or those whose index `include` accepts) and the trailer, as
   * views into the buffer, valid until the buffer is written again.
   */
  chunks(include?: (row: number) => boolean): Buffer[] {
    const header = Buffer.alloc(SIGNATURE.length + 8);
    SIGNATURE.copy(header);
    const trailer = Buffer.from([0xff, 0xff]);
    if (!include) return [header, this.buf.subarray(0, this.length), trailer];
    const out: Buffer[] = [header];
    const starts = this.starts;
    let runStart = -1;
    for (let i = 0; i < starts.length; i++) {
      if (include(i)) {
        if (runStart === -1) runStart = starts[i]!;
      } else if (runStart !== -1) {
        out.push(this.buf.subarray(runStart, starts[i]));
        runStart = -1;
      }
    }
    if (runStart !== -1) out.push(this.buf.subarray(runStart, this.length));
    out.push(trailer);
    return out;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buf.length) return;
    // Doubling up to a megabyte; then by a quarter, so that a buffer reused for rounds of a few megabytes (an
    // import's) does not end up holding nearly twice what a round needs.
    const size = this.buf.length;
    const grown = Buffer.allocUnsafe(Math.max(size < 1 << 20 ? size * 2 : size + (size >> 2), this.length + bytes));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }
}

/** Writes `u` and the four hex digits of a UTF-16 code unit (the backslash is already written). */
function escapeUnit(b: Buffer, p: number, c: number): number {
  b[p++] = 117;
  b[p++] = HEX.charCodeAt((c >> 12) & 15);
  b[p++] = HEX.charCodeAt((c >> 8) & 15);
  b[p++] = HEX.charCodeAt((c >> 4) & 15);
  b[p++] = HEX.charCodeAt(c & 15);
  return p;
}
