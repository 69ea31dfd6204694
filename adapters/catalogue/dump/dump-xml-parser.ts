import { InvalidDump } from '../../../application/catalogue/invalid-dump.js';
import { DUMP_KINDS, type DumpKind, type DumpRecordOf } from '../../../application/ports/dump-reader.js';
import { attr, type DumpElement, NO_CHILDREN, textOf } from './dump-element.js';
import { mapArtist } from './map-artist.js';
import { mapLabel } from './map-label.js';
import { mapMaster } from './map-master.js';
import { mapRelease } from './map-release.js';
import { type XmlScanHandler, XmlScanError, XmlScanner } from './xml-scanner.js';

type AnyRecord = DumpRecordOf[DumpKind];

/** The id of a record as written: an attribute (releases, masters) or an `<id>` child (artists, labels). */
const idAttribute = (el: DumpElement): string => attr(el, 'id');
const idElement = (el: DumpElement): string => {
  for (const c of el.children) if (c.name === 'id') return textOf(c);
  return '';
};

const RECORDS: {
  readonly [K in DumpKind]: {
    element: string;
    map: (el: DumpElement) => DumpRecordOf[K];
    idText: (el: DumpElement) => string;
  };
} = {
  artists: { element: 'artist', map: mapArtist, idText: idElement },
  labels: { element: 'label', map: mapLabel, idText: idElement },
  masters: { element: 'master', map: mapMaster, idText: idAttribute },
  releases: { element: 'release', map: mapRelease, idText: idAttribute },
};

/** A record the parser left out because it has no valid id (its mapper gave id 0). */
export interface SkippedElement {
  /** Its place among the records this parser read, from 1 (skipped ones count). */
  readonly index: number;
  /** Where its start tag is in the text this parser was given (1-based). */
  readonly line: number;
  readonly column: number;
  /** Its id as written; '' when it has none. */
  readonly id: string;
}

/** The name of the element of each record in a dump of that kind (`release` in a releases dump). */
export function recordElementOf(kind: DumpKind): string {
  return RECORDS[kind].element;
}

/**
 * Push parser for dump XML: text goes in (already decoded and cleaned of forbidden characters), records come out in
 * `records`, to be taken by the caller after each `write`. The kind is known once the root element has been read.
 * Each record is built as a small element tree and mapped to its domain type when its end tag is read, so memory
 * holds one record's tree plus the records not yet taken. A record without a valid id (its mapper gives id 0) is
 * left out and reported to `onSkip`, with where it starts.
 */
export class DumpXmlParser implements XmlScanHandler {
  kind: DumpKind | undefined;
  records: AnyRecord[] = [];
  /** Takes each record as it is read, instead of `records`. */
  onRecord: ((record: AnyRecord) => void) | undefined;
  /** Told of each record left out for want of a valid id. */
  onSkip: ((skipped: SkippedElement) => void) | undefined;
  /** Record elements read so far, skipped ones included. */
  private recordsRead = 0;
  readonly scanner = new XmlScanner(this);
  private readonly stack: DumpElement[] = [];
  private depth = 0;
  private recordElement = '';
  private map: ((el: DumpElement) => AnyRecord) | undefined;
  /** Depth at which a subtree we do not read (an unexpected element under the root) started, or 0. */
  private skipFrom = 0;

  constructor(private readonly name: string) {}

  /**
   * A parser for a piece of a dump of the given kind, which starts at the start of the file, inside the root element
   * between two records, or after the root element (see `XmlScanner.resumeAt`). Its caller writes to `scanner` and
   * reports scan errors itself, with positions in the whole file.
   */
  static forPiece(kind: DumpKind, state: 'start' | 'inRoot' | 'afterRoot'): DumpXmlParser {
    const parser = new DumpXmlParser(kind);
    if (state === 'start') return parser;
    parser.setKind(kind);
    if (state === 'afterRoot') {
      parser.scanner.resumeAt(null);
    } else {
      parser.depth = 1;
      parser.scanner.resumeAt(kind);
    }
    return parser;
  }

  private setKind(kind: DumpKind): void {
    this.kind = kind;
    this.recordElement = RECORDS[kind].element;
    this.map = RECORDS[kind].map as (el: DumpElement) => AnyRecord;
  }

  write(text: string): void {
    try {
      this.scanner.write(text);
    } catch (err) {
      throw this.translate(err);
    }
  }

  end(): void {
    try {
      this.scanner.end();
    } catch (err) {
      throw this.translate(err);
    }
  }

  open(name: string, attributes: readonly string[]): void {
    const depth = ++this.depth;
    if (depth === 1) {
      const kind = DUMP_KINDS.find((k) => k === name);
      if (kind === undefined) throw this.notADump(`root element <${name}>`);
      this.setKind(kind);
      return;
    }
    if (this.skipFrom !== 0) return;
    if (depth === 2 && name !== this.recordElement) {
      this.skipFrom = depth;
      return;
    }
    const el: DumpElement = { name, attributes, children: NO_CHILDREN, text: '' };
    if (depth > 2) {
      const parent = this.stack[this.stack.length - 1]!;
      if (parent.children === NO_CHILDREN) parent.children = [el];
      else parent.children.push(el);
    }
    this.stack.push(el);
  }

  close(): void {
    const depth = this.depth--;
    if (depth === 1) return;
    if (this.skipFrom !== 0) {
      if (depth === this.skipFrom) this.skipFrom = 0;
      return;
    }
    const el = this.stack.pop()!;
    if (depth === 2) {
      const record = this.map!(el);
      this.recordsRead++;
      if (record.id === 0) this.skip(el);
      else if (this.onRecord) this.onRecord(record);
      else this.records.push(record);
    }
  }

  text(text: string): void {
    if (this.depth < 2 || this.skipFrom !== 0) return;
    const el = this.stack[this.stack.length - 1]!;
    el.text = el.text === '' ? text : el.text + text;
  }

  private skip(el: DumpElement): void {
    if (!this.onSkip) return;
    const { line, column } = this.scanner.childPosition();
    this.onSkip({ index: this.recordsRead, line, column, id: RECORDS[this.kind!].idText(el) });
  }

  private translate(err: unknown): unknown {
    if (!(err instanceof XmlScanError)) return err;
    if (this.kind === undefined) return this.notADump(`not XML: ${err.reason} at line ${err.line}, column ${err.column}`);
    return new InvalidDump(
      this.name,
      `${this.name} is not well-formed XML at line ${err.line}, column ${err.column}: ${err.reason}`,
    );
  }

  private notADump(why: string): InvalidDump {
    return new InvalidDump(this.name, `${this.name} is not a Discogs data dump (${why})`);
  }
}
