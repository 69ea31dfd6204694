const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Rows in PostgreSQL's binary COPY format, written into one reusable, growing Buffer. Binary rather than text COPY:
 * no escaping pass over every value (the JSON documents are most of the bytes), strings are encoded straight into
 * the buffer, and reusing the buffer for the next round keeps the rows out of the garbage-collected heap.
 *
 * Each value must match its column's type exactly: `int4` 4 bytes, `int2` 2 bytes, `bool` 1 byte, `text` UTF-8,
 * `jsonb` a version byte (1) and the JSON text.
 */
export class BinaryCopyBuffer {
  private buf: Buffer;
  private length = 0;
  /** Offset where each row starts, so that a subset of the rows can be sent. */
  private starts: number[] = [];

  constructor(initialBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  get rowCount(): number {
    return this.starts.length;
  }

  get byteLength(): number {
    return this.length;
  }

  clear(): void {
    this.length = 0;
    this.starts = [];
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
    // A UTF-16 code unit takes at most 3 bytes of UTF-8.
    this.reserve(4 + value.length * 3);
    const n = value.length === 0 ? 0 : this.buf.write(value, this.length + 4, 'utf8');
    this.buf.writeInt32BE(n, this.length);
    this.length += 4 + n;
    return this;
  }

  /** A jsonb value from JSON text. */
  jsonb(json: string): this {
    this.reserve(5 + json.length * 3);
    this.buf[this.length + 4] = 1;
    const n = this.buf.write(json, this.length + 5, 'utf8');
    this.buf.writeInt32BE(n + 1, this.length);
    this.length += 5 + n;
    return this;
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
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + bytes));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }
}
