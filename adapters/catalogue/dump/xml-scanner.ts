/** Receives what the scanner reads, in document order; text is already decoded (entities and character references). */
export interface XmlScanHandler {
  /** `attributes` holds names and values in turn, in document order: `[name1, value1, name2, value2, …]`. */
  open(name: string, attributes: readonly string[]): void;
  close(): void;
  text(text: string): void;
}

/** The input is not well-formed XML; `line` and `column` (1-based) say where. */
export class XmlScanError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = 'XmlScanError';
  }
}

/** Shared by every tag without attributes. */
export const NO_ATTRIBUTES: readonly string[] = Object.freeze([]);

const LT = 60;
const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQUALS = 61;
const DQUOTE = 34;
const SQUOTE = 39;
const AMP = 38;

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);
/** The longest text or tag the scanner buffers (a dump's longest text is a few hundred kilobytes). */
const MAX_TOKEN = 64 * 1024 * 1024;

const CRLF = /\r\n?/g;
const WHITESPACE_NOT_SPACE = /[\t\n\r]/;
const WHITESPACE_NOT_SPACE_ALL = /[\t\n\r]/g;
const DEC_DIGITS = /^[0-9]+$/;
const HEX_DIGITS = /^[0-9a-fA-F]+$/;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 0xb7;
}

/** Whether `buf` holds `word` at `at` (`startsWith` with a position is slower for short words). */
function matchesAt(buf: string, at: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (buf.charCodeAt(at + i) !== word.charCodeAt(i)) return false;
  return true;
}

function isXmlChar(code: number): boolean {
  return (
    code === 9 ||
    code === 10 ||
    code === 13 ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * A streaming XML 1.0 scanner for data dumps: elements, attributes, text, the five predefined entities and character
 * references, comments, processing instructions, CDATA and a simple DOCTYPE. It checks what it needs to refuse broken
 * input (names, attribute syntax, quoting, references, matching end tags, one root element, nothing left open at the
 * end) but not DTDs or namespaces. It exists because the dump import is CPU-bound: it reads the dumps about 1.5 times
 * as fast as saxes by searching the text with `indexOf` instead of stepping a state machine per character (see
 * docs/adr/0004-dump-import.md). Forbidden control characters must be removed before text reaches it.
 */
export class XmlScanner {
  private buf = '';
  private pos = 0;
  private readonly open: string[] = [];
  private readonly names: (string | undefined)[] = new Array<string | undefined>(1024);
  private sawRoot = false;
  private rootClosed = false;
  private ended = false;
  /** Whether scanning stops once the root element's start tag has been read (see `stopAfterRoot`). */
  private stopAtRoot = false;
  private stopped = false;
  /** Where the start tag of the open child of the root element begins in the text (see `childStart`). */
  private currentChildStart = -1;
  /** Characters dropped from the start of `buf` so far. */
  private dropped = 0;
  /** Lines and the offset of the current line's start, for the text already dropped from `buf`. */
  private droppedLines = 0;
  private droppedColumn = 0;
  /** Where the start tag of the open child of the root is, once it has been dropped from `buf`. */
  private childLine = 0;
  private childColumn = 0;

  constructor(private readonly handler: XmlScanHandler) {}

  /**
   * Makes the scanner stop reading once the root element's start tag has been read (until the next `write`): the
   * reader reads the head of a dump to learn its kind before it decides how to read the rest.
   */
  stopAfterRoot(): this {
    this.stopAtRoot = true;
    return this;
  }

  /**
   * Starts the scanner part-way through a document: inside the root element `root` (between two of its children),
   * or after the root element when `root` is null. Used for the pieces of a dump that workers read in parallel.
   */
  resumeAt(root: string | null): this {
    this.sawRoot = true;
    if (root === null) this.rootClosed = true;
    else this.open.push(root);
    return this;
  }

  /** How many elements are open (the root element counts). */
  get depth(): number {
    return this.open.length;
  }

  /** Whether the root element has been closed. */
  get afterRoot(): boolean {
    return this.rootClosed;
  }

  /** Whether the root element has not been seen yet. */
  get beforeRoot(): boolean {
    return !this.sawRoot;
  }

  /** Offset in all the text given of the start tag of the open child of the root element, or -1. */
  get childStart(): number {
    return this.open.length > 1 ? this.currentChildStart : -1;
  }

  /**
   * Line and column (1-based) of the start tag of the last child of the root element that was opened: while it is
   * open, and after its end tag until the next `write` (a handler asks from `close`). Costs a pass over the buffer.
   */
  childPosition(): { line: number; column: number } {
    const at = this.currentChildStart - this.dropped;
    return at >= 0 ? this.positionAt(at) : { line: this.childLine, column: this.childColumn };
  }

  /** Offset in all the text given of the first character not read yet. */
  get unread(): number {
    return this.dropped + this.pos;
  }

  /**
   * Ends a piece of a document that goes on in another piece which starts with markup: text the piece ends with is
   * complete, so it is reported now. Returns the offset (in all the text given) of what is left unread: the text's
   * length when the piece ended between tokens, less when it ended inside markup.
   */
  endPiece(): number {
    const buf = this.buf;
    if (this.pos < buf.length && buf.indexOf('<', this.pos) === -1) {
      this.text(buf.slice(this.pos), this.pos);
      this.pos = buf.length;
    }
    return this.unread;
  }

  write(chunk: string): void {
    if (this.ended) throw new Error('write after end');
    if (this.pos > 0) {
      this.drop(this.pos);
      this.dropped += this.pos;
      this.buf = this.buf.slice(this.pos) + chunk;
      this.pos = 0;
    } else {
      this.buf = this.buf === '' ? chunk : this.buf + chunk;
    }
    this.scan(false);
  }

  /** Ends the input; throws when the document is incomplete. */
  end(): void {
    this.stopAtRoot = false;
    this.scan(true);
    this.ended = true;
    if (this.pos < this.buf.length) this.fail(this.pos, 'unexpected end of input inside markup');
    const open = this.open[this.open.length - 1];
    if (open !== undefined) this.fail(this.pos, `unexpected end of input: <${open}> is not closed`);
    if (!this.sawRoot) this.fail(this.pos, 'the document has no root element');
  }

  private scan(final: boolean): void {
    this.stopped = false;
    const buf = this.buf;
    const len = buf.length;
    let pos = this.pos;
    for (;;) {
      // Most text between tags is short: a look at a few characters finds the next tag sooner than a search call.
      let lt = pos;
      const near = pos + 24 < len ? pos + 24 : len;
      while (lt < near && buf.charCodeAt(lt) !== LT) lt++;
      if (lt === near) lt = near < len ? buf.indexOf('<', near) : -1;
      if (lt === -1) {
        // Text runs to the end of what we have; at the end of input, or outside the root (where it can only be
        // whitespace), it is complete.
        if ((final || this.open.length === 0) && pos < len) {
          this.text(buf.slice(pos), pos);
          pos = len;
        }
        break;
      }
      if (lt > pos) this.text(buf.slice(pos, lt), pos);
      pos = lt;
      if (lt + 1 >= len) {
        if (final) this.fail(lt, 'unexpected end of input after <');
        break;
      }
      const c = buf.charCodeAt(lt + 1);
      let next: number;
      if (c === SLASH) next = this.endTag(buf, lt);
      else if (c === BANG) next = this.markupDeclaration(buf, lt);
      else if (c === QUESTION) next = this.processingInstruction(buf, lt);
      else next = this.startTag(buf, lt);
      if (next === -1) {
        if (final) this.fail(lt, 'unexpected end of input inside markup');
        break;
      }
      pos = next;
      if (this.stopped) break;
    }
    this.pos = pos;
    // Input that never closes a token (binary data, a runaway comment) must not fill the memory.
    if (len - pos > MAX_TOKEN) this.fail(pos, `no markup for ${MAX_TOKEN} characters`);
  }

  /** Returns the offset after the tag, or -1 when the buffer ends inside it. */
  private startTag(buf: string, lt: number): number {
    const len = buf.length;
    let i = lt + 1;
    if (!isNameStart(buf.charCodeAt(i))) this.fail(i, 'invalid element name');
    i++;
    // (Lower-case letters and `_` first: they make up nearly every name of a dump.)
    for (; i < len; i++) {
      const c = buf.charCodeAt(i);
      if ((c >= 97 && c <= 122) || c === 95) continue;
      if (!isNameChar(c)) break;
    }
    if (i >= len) return -1;
    const name = this.intern(buf, lt + 1, i);
    let attributes = NO_ATTRIBUTES as string[];
    for (;;) {
      const afterName = i;
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) return -1;
      const c = buf.charCodeAt(i);
      if (c === GT) {
        this.startElement(name, attributes, lt);
        return i + 1;
      }
      if (c === SLASH) {
        if (i + 1 >= len) return -1;
        if (buf.charCodeAt(i + 1) !== GT) this.fail(i, 'expected > after /');
        this.startElement(name, attributes, lt);
        this.open.pop();
        this.handler.close();
        if (this.open.length === 0) this.rootClosed = true;
        return i + 2;
      }
      if (i === afterName) this.fail(i, 'expected whitespace before an attribute');
      if (!isNameStart(c)) this.fail(i, 'invalid attribute name');
      const nameStart = i;
      i++;
      while (i < len && isNameChar(buf.charCodeAt(i))) i++;
      const attrName = this.intern(buf, nameStart, i);
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) return -1;
      if (buf.charCodeAt(i) !== EQUALS) this.fail(i, `expected = after attribute ${attrName}`);
      i++;
      while (i < len && isSpace(buf.charCodeAt(i))) i++;
      if (i >= len) return -1;
      const quote = buf.charCodeAt(i);
      if (quote !== DQUOTE && quote !== SQUOTE) this.fail(i, `the value of attribute ${attrName} is not quoted`);
      // Values are short, and most hold none of `<`, `&`, tab or a line break: one look at each character finds the
      // closing quote and tells.
      let close = i + 1;
      let plain = true;
      for (; close < len; close++) {
        const v = buf.charCodeAt(close);
        if (v === quote) break;
        if (v === LT || v === AMP || v === 9 || v === 10 || v === 13) plain = false;
      }
      if (close >= len) return -1;
      let value = buf.slice(i + 1, close);
      if (!plain) {
        if (value.indexOf('<') !== -1) this.fail(i, `< in the value of attribute ${attrName}`);
        // Attribute-value normalisation: each literal line break or tab is a space (references are kept).
        if (WHITESPACE_NOT_SPACE.test(value)) value = value.replace(CRLF, ' ').replace(WHITESPACE_NOT_SPACE_ALL, ' ');
        if (value.indexOf('&') !== -1) value = this.decode(value, i + 1);
      }
      if (attributes === NO_ATTRIBUTES) attributes = [];
      else {
        for (let k = 0; k < attributes.length; k += 2) {
          if (attributes[k] === attrName) this.fail(nameStart, `attribute ${attrName} is repeated`);
        }
      }
      attributes.push(attrName, value);
      i = close + 1;
    }
  }

  /** Element names repeat endlessly; reusing one string per name saves an allocation per tag. */
  private intern(buf: string, start: number, end: number): string {
    const slot = (buf.charCodeAt(start) * 31 + buf.charCodeAt(end - 1) * 7 + (end - start)) & 1023;
    const known = this.names[slot];
    if (known !== undefined && known.length === end - start && matchesAt(buf, start, known)) return known;
    const name = buf.slice(start, end);
    this.names[slot] = name;
    return name;
  }

  private startElement(name: string, attributes: readonly string[], at: number): void {
    if (this.open.length === 0) {
      if (this.sawRoot) this.fail(at, 'more than one root element');
      this.sawRoot = true;
      if (this.stopAtRoot) this.stopped = true;
    } else if (this.open.length === 1) {
      this.currentChildStart = this.dropped + at;
    }
    this.open.push(name);
    this.handler.open(name, attributes);
  }

  private endTag(buf: string, lt: number): number {
    const open = this.open;
    const last = open[open.length - 1];
    // The common case, `</name>` closing the open element, is checked in place.
    if (last !== undefined) {
      const nameEnd = lt + 2 + last.length;
      if (buf.charCodeAt(nameEnd) === GT && matchesAt(buf, lt + 2, last)) {
        open.pop();
        this.handler.close();
        if (open.length === 0) this.rootClosed = true;
        return nameEnd + 1;
      }
    }
    const gt = buf.indexOf('>', lt + 2);
    if (gt === -1) return -1;
    const expected = this.open[this.open.length - 1];
    const nameEnd = lt + 2 + (expected?.length ?? 0);
    if (
      expected === undefined ||
      nameEnd > gt ||
      !matchesAt(buf, lt + 2, expected) ||
      (nameEnd !== gt && !this.onlySpace(buf, nameEnd, gt))
    ) {
      const name = buf.slice(lt + 2, gt).trim();
      if (expected === undefined) this.fail(lt, `unexpected end tag </${name}>`);
      this.fail(lt, `end tag </${name}> does not match <${expected}>`);
    }
    this.open.pop();
    this.handler.close();
    if (this.open.length === 0) this.rootClosed = true;
    return gt + 1;
  }

  private onlySpace(buf: string, from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (!isSpace(buf.charCodeAt(i))) return false;
    return true;
  }

  private markupDeclaration(buf: string, lt: number): number {
    if (buf.startsWith('<!--', lt)) {
      const end = buf.indexOf('-->', lt + 4);
      return end === -1 ? -1 : end + 3;
    }
    if (buf.startsWith('<![CDATA[', lt)) {
      if (this.open.length === 0) this.fail(lt, 'CDATA outside the root element');
      const end = buf.indexOf(']]>', lt + 9);
      if (end === -1) return -1;
      this.handler.text(buf.slice(lt + 9, end));
      return end + 3;
    }
    if (buf.length - lt < 9) return -1;
    if (buf.startsWith('<!DOCTYPE', lt) && !this.sawRoot) {
      const end = buf.indexOf('>', lt);
      if (end === -1) return -1;
      if (buf.lastIndexOf('[', end) > lt) this.fail(lt, 'DOCTYPE internal subsets are not supported');
      return end + 1;
    }
    this.fail(lt, 'invalid markup after <!');
  }

  private processingInstruction(buf: string, lt: number): number {
    const end = buf.indexOf('?>', lt + 2);
    return end === -1 ? -1 : end + 2;
  }

  private text(text: string, at: number): void {
    if (this.open.length === 0) {
      for (let i = 0; i < text.length; i++) {
        if (!isSpace(text.charCodeAt(i))) {
          this.fail(at + i, this.rootClosed ? 'text after the root element' : 'text before the root element');
        }
      }
      return;
    }
    // End-of-line normalisation: literal CR LF and CR are LF (a CR written as &#13; is kept).
    if (text.indexOf('\r') !== -1) text = text.replace(CRLF, '\n');
    this.handler.text(text.indexOf('&') === -1 ? text : this.decode(text, at));
  }

  /**
   * Replaces entity and character references. A reference to a character XML forbids (`&#3;`, seen in some dumps) is
   * dropped rather than refused, like the raw control characters the reader filters out.
   */
  private decode(text: string, at: number): string {
    let out = '';
    let from = 0;
    let amp = text.indexOf('&');
    while (amp !== -1) {
      const semi = text.indexOf(';', amp + 1);
      if (semi === -1 || semi - amp > 12) this.fail(at + amp, 'invalid entity or character reference');
      out += text.slice(from, amp);
      if (text.charCodeAt(amp + 1) === 35 /* # */) {
        const hex = text.charCodeAt(amp + 2) === 120; /* x */
        const digits = text.slice(amp + (hex ? 3 : 2), semi);
        if (digits === '' || !(hex ? HEX_DIGITS : DEC_DIGITS).test(digits)) {
          this.fail(at + amp, 'invalid character reference');
        }
        const code = parseInt(digits, hex ? 16 : 10);
        if (isXmlChar(code)) out += String.fromCodePoint(code);
        else if (code >= 0x20 && code !== 0xfffe && code !== 0xffff) {
          this.fail(at + amp, `character reference ${text.slice(amp, semi + 1)} is not an XML character`);
        } // else a control character or non-character: dropped, like the raw ones
      } else {
        const entity = ENTITIES.get(text.slice(amp + 1, semi));
        if (entity === undefined) this.fail(at + amp, `unknown entity ${text.slice(amp, semi + 1)}`);
        out += entity;
      }
      from = semi + 1;
      amp = text.indexOf('&', from);
    }
    return out + text.slice(from);
  }

  /**
   * Counts the lines of text about to be dropped from the buffer, for error positions; when the start tag of the open
   * child of the root is among it, notes where that is (see `childPosition`), in the same pass.
   */
  private drop(upTo: number): void {
    const buf = this.buf;
    const child = this.open.length > 1 ? this.currentChildStart - this.dropped : -1;
    let lines = 0;
    let last = -1;
    let nl = buf.indexOf('\n');
    if (child >= 0 && child < upTo) {
      while (nl !== -1 && nl < child) {
        lines++;
        last = nl;
        nl = buf.indexOf('\n', nl + 1);
      }
      this.childLine = this.droppedLines + lines + 1;
      this.childColumn = last === -1 ? this.droppedColumn + child + 1 : child - last;
    }
    while (nl !== -1 && nl < upTo) {
      lines++;
      last = nl;
      nl = buf.indexOf('\n', nl + 1);
    }
    if (last === -1) {
      this.droppedColumn += upTo;
      return;
    }
    this.droppedLines += lines;
    this.droppedColumn = upTo - last - 1;
  }

  /** Line and column (1-based) of an offset in the buffer. */
  private positionAt(at: number): { line: number; column: number } {
    const before = this.buf.slice(0, at);
    const nl = before.lastIndexOf('\n');
    let lines = 0;
    for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) lines++;
    return { line: this.droppedLines + lines + 1, column: nl === -1 ? this.droppedColumn + at + 1 : at - nl };
  }

  private fail(at: number, reason: string): never {
    const { line, column } = this.positionAt(at);
    throw new XmlScanError(reason, line, column);
  }
}
