/*
 * Synthetic Discogs dumps for the benchmarks: the 1,000 sample records of each kind in composition/demo-data/
 * (2020-08-06) repeated with new ids 1…N, one record per line, gzip-compressed, in the temp folder.
 *
 * References stay consistent, so the derived lists are realistic: every artist, label, master and release id a
 * record refers to is mapped to a generated record of that kind. Copy k of a sample record maps a referenced sample
 * id X as follows:
 * - 0 (an unlinked credit) stays 0;
 * - an id that at least HOT_MIN_RELEASES sample releases refer to ("Various", the big labels, the masters with
 *   several versions in the sample) maps to one fixed generated id in every copy, so its list grows with N (at
 *   N = 1,000,000: the largest artist about 60,000 releases, the largest label about 21,000, the largest master
 *   about 8,000 versions, as the real dumps' largest lists are tens of thousands long);
 * - any other id maps to a new generated id in every copy, spread over all ids of the kind (so most lists keep the
 *   sample's sizes: each artist is credited on about 6–7 releases, a label has about 2).
 * Releases refer to masters in the first quarter of the master ids only, so that those masters have a few versions
 * each (about 2.4) rather than most masters one or none.
 *
 * The next month's dumps (`NextMonth`): the same records, dated a month later, in which a given share of the records
 * of each kind (chosen by a hash of the kind and the id, so the same ones in every run) carries one edit of the kind a
 * monthly dump brings (see `EDITS`); every other record is byte for byte the first month's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { DumpKind } from '../application/ports/dump-reader.js';
import { demoDataFiles } from '../composition/catalogue/catalogue-import.js';

/** The dump date in the generated file names: fixed, so a re-run is never refused as an older dump. */
export const SYNTHETIC_DUMP_DATE = '20990101';

/** The dump date of the next month's dumps (`NextMonth`): later, so `spindle import` takes them as newer. */
export const NEXT_MONTH_DUMP_DATE = '20990201';

/** The order `spindle import` is told to import them in by the benchmarks. */
export const IMPORT_ORDER: readonly DumpKind[] = ['labels', 'artists', 'masters', 'releases'];

/** Sample releases that must refer to an id for it to keep one generated id in every copy. */
export const HOT_MIN_RELEASES = 4;

/** Releases refer to the first 1/MASTER_SHARE of the masters. */
const MASTER_SHARE = 4;

/** Records of each kind to generate. */
export type DumpCounts = Readonly<Record<DumpKind, number>>;

export interface SyntheticDumps {
  /** The folder of this set of counts (the files are cached there with --keep). */
  readonly dir: string;
  readonly files: Readonly<Record<DumpKind, string>>;
}

/**
 * The next month's dumps of the same counts: dated `NEXT_MONTH_DUMP_DATE`, with `changed` (0…1) of the records of each
 * kind edited (`changedInNextMonth`).
 */
export interface NextMonth {
  readonly changed: number;
}

/**
 * Where the files of these counts live: `<tmp>/spindle-bench-dumps-N/` (or `-L-A-M-R` when the counts differ); the
 * next month's in `<tmp>/spindle-bench-dumps-N-next-C/` (C the share changed).
 */
export function syntheticDumpDir(counts: DumpCounts, next?: NextMonth): string {
  const all = [counts.labels, counts.artists, counts.masters, counts.releases];
  const name = all.every((n) => n === all[0]) ? String(all[0]) : all.join('-');
  return path.join(os.tmpdir(), `spindle-bench-dumps-${name}${next ? `-next-${next.changed}` : ''}`);
}

export function syntheticDumpFile(counts: DumpCounts, kind: DumpKind, next?: NextMonth): string {
  const date = next ? NEXT_MONTH_DUMP_DATE : SYNTHETIC_DUMP_DATE;
  return path.join(syntheticDumpDir(counts, next), `discogs_${date}_${kind}.xml.gz`);
}

/**
 * Makes sure the dumps of `kinds` exist for these counts (the next month's with `next`), generating those that do not
 * (a file of kind K depends on its own count and on the counts of the kinds it refers to, all of which are in the
 * folder's name).
 */
export async function ensureSyntheticDumps(
  counts: DumpCounts,
  kinds: readonly DumpKind[],
  log: (line: string) => void = console.log,
  next?: NextMonth,
): Promise<SyntheticDumps> {
  if (next && !(next.changed >= 0 && next.changed <= 1)) throw new Error(`the share of records changed must be 0…1, not ${next.changed}`);
  const dir = syntheticDumpDir(counts, next);
  fs.mkdirSync(dir, { recursive: true });
  const files = Object.fromEntries(IMPORT_ORDER.map((k) => [k, syntheticDumpFile(counts, k, next)])) as Record<DumpKind, string>;
  let generator: DumpGenerator | undefined;
  for (const kind of kinds) {
    const file = files[kind];
    if (fs.existsSync(file)) {
      log(`using ${file}`);
      continue;
    }
    generator ??= new DumpGenerator(counts);
    const t0 = performance.now();
    await generator.write(kind, file, next);
    const mb = fs.statSync(file).size / 1e6;
    const edited = next ? `, ${changedInNextMonth(kind, counts[kind], next).length.toLocaleString('en-US')} of them changed` : '';
    log(
      `generated ${file}: ${counts[kind].toLocaleString('en-US')} ${kind}${edited}, ${mb.toFixed(0)} MB gzip ` +
        `(${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  return { dir, files };
}

/** Removes the generated files of `kinds` (and the folder when it is left empty). */
export function removeSyntheticDumps(dumps: SyntheticDumps, kinds: readonly DumpKind[]): void {
  for (const kind of kinds) fs.rmSync(dumps.files[kind], { force: true });
  try {
    fs.rmdirSync(dumps.dir);
  } catch {
    // not empty: other kinds are kept
  }
}

/** A 32-bit mix of a number (MurmurHash3's finaliser): spreads consecutive ids over the whole range. */
function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const KIND_SALT: Record<DumpKind, number> = { artists: 0x61727469, labels: 0x6c61626c, masters: 0x6d617374, releases: 0x72656c65 };

/** The hash of a record that decides whether the next month changes it, and which edit. */
const recordHash = (kind: DumpKind, id: number): number => mix32(id ^ KIND_SALT[kind]);

/** Whether the next month's dump changes record `id` of `kind`: a hash of both below the share changed. */
function isChanged(kind: DumpKind, id: number, next: NextMonth): boolean {
  return recordHash(kind, id) < next.changed * 2 ** 32;
}

/** The ids (1…count) of the records of `kind` that the next month's dump of that many records changes, in order. */
export function changedInNextMonth(kind: DumpKind, count: number, next: NextMonth): number[] {
  const ids: number[] = [];
  for (let id = 1; id <= count; id++) if (isChanged(kind, id, next)) ids.push(id);
  return ids;
}

/**
 * Appends `added` to the text of the first `<tag>` at or after `from`; fills an empty `<tag/>`; or, with `insert`, adds
 * the element before the record's `<data_quality>` when it has none. Undefined when there is nothing to edit.
 */
function editText(record: string, tag: string, added: string, options: { from?: string; insert?: boolean } = {}): string | undefined {
  const from = options.from === undefined ? 0 : record.indexOf(options.from);
  if (from < 0) return undefined;
  const open = record.indexOf(`<${tag}>`, from);
  if (open >= 0) {
    const close = record.indexOf(`</${tag}>`, open);
    if (close < 0) return undefined;
    const text = record.slice(open + tag.length + 2, close);
    return `${record.slice(0, close)}${text === '' ? '' : ' '}${added}${record.slice(close)}`;
  }
  const empty = record.indexOf(`<${tag}/>`, from);
  if (empty >= 0) return `${record.slice(0, empty)}<${tag}>${added}</${tag}>${record.slice(empty + tag.length + 3)}`;
  if (!options.insert) return undefined;
  const quality = record.indexOf('<data_quality>');
  return quality < 0 ? undefined : `${record.slice(0, quality)}<${tag}>${added}</${tag}>${record.slice(quality)}`;
}

/** A moderator's vote: "Needs Vote" becomes "Correct", anything else "Needs Vote" (every sample record has one). */
function editDataQuality(record: string): string | undefined {
  const m = /<data_quality>([^<]*)<\/data_quality>/.exec(record);
  if (!m) return undefined;
  const quality = m[1] === 'Needs Vote' ? 'Correct' : 'Needs Vote';
  return `${record.slice(0, m.index)}<data_quality>${quality}</data_quality>${record.slice(m.index + m[0].length)}`;
}

/** A corrected year: one later (a record without a year has nothing to edit). */
function editYear(record: string): string | undefined {
  const m = /<year>([1-9]\d*)<\/year>/.exec(record);
  if (!m) return undefined;
  return `${record.slice(0, m.index)}<year>${Number(m[1]) + 1}</year>${record.slice(m.index + m[0].length)}`;
}

/**
 * The edits a monthly dump brings to a record of each kind. A changed record takes one, picked by its hash; when that
 * one finds nothing to edit in the record, the next in the list (the last, the data quality, always applies). The
 * first `<title>` of a release or a master is its own (track and video titles come after it). Each edits what
 * Spindle stores (a master's `<notes>`, for one, it does not read: editing them would change nothing stored).
 */
const EDITS: Record<DumpKind, ReadonlyArray<(record: string) => string | undefined>> = {
  releases: [
    (r) => editText(r, 'title', '(Remastered)'),
    (r) => editText(r, 'notes', 'Credits corrected from the inner sleeve.', { insert: true }),
    (r) => editText(r, 'title', '(Original Mix)', { from: '<tracklist>' }),
    editDataQuality,
  ],
  masters: [
    (r) => editText(r, 'title', '(Deluxe Edition)'),
    editYear,
    editDataQuality,
  ],
  artists: [
    (r) => editText(r, 'profile', 'Profile expanded with a biography.', { insert: true }),
    (r) => (r.includes('<namevariations>') ? r.replace('<namevariations>', '<namevariations><name>A New Variation</name>') : undefined),
    editDataQuality,
  ],
  labels: [
    (r) => editText(r, 'profile', 'Profile expanded with the label history.', { insert: true }),
    (r) => editText(r, 'contactinfo', 'New postal address.'),
    editDataQuality,
  ],
};

/** Record `id` of `kind` as the next month's dump has it: edited when it is among the changed, else as it was. */
function nextMonthRecord(kind: DumpKind, id: number, record: string, next: NextMonth): string {
  if (!isChanged(kind, id, next)) return record;
  const edits = EDITS[kind];
  const first = mix32(recordHash(kind, id)) % edits.length;
  for (let i = 0; i < edits.length; i++) {
    const edited = edits[(first + i) % edits.length]!(record);
    if (edited !== undefined && edited !== record) return edited;
  }
  throw new Error(`no edit applies to ${RECORD[kind]} ${id}`);
}

type RefKind = 'artist' | 'label' | 'master' | 'release';

/** Where a generated record writes an id: its own, or a reference (hot: one id in every copy; else cold index j). */
type Slot = { readonly own: true } | { readonly ref: RefKind; readonly hot: number; readonly cold: number; readonly zero: boolean };

interface Template {
  /** Text between the slots: parts.length === slots.length + 1. */
  readonly parts: readonly string[];
  readonly slots: readonly Slot[];
}

const ROOT: Record<DumpKind, string> = { artists: 'artists', labels: 'labels', masters: 'masters', releases: 'releases' };
const RECORD: Record<DumpKind, string> = { artists: 'artist', labels: 'label', masters: 'master', releases: 'release' };

/**
 * The id positions of each kind of record, as (pattern, what the captured id is). `own` is the record's own id (in
 * artists and labels the first `<id>`; later ones are members). The patterns only see markup: text has `<` escaped.
 */
const PATTERNS: Record<DumpKind, ReadonlyArray<readonly [RegExp, RefKind | 'own' | 'own-first']>> = {
  releases: [
    [/^<release id="(\d+)"/, 'own'],
    [/<artist><id>(\d+)<\/id>/, 'artist'],
    [/<(?:label|series)\b[^>]*?\sid="(\d+)"/, 'label'],
    [/<company><id>(\d+)<\/id>/, 'label'],
    [/<master_id\b[^>]*>(\d+)<\/master_id>/, 'master'],
  ],
  masters: [
    [/^<master id="(\d+)"/, 'own'],
    [/<main_release>(\d+)<\/main_release>/, 'release'],
    [/<artist><id>(\d+)<\/id>/, 'artist'],
  ],
  artists: [
    [/<id>(\d+)<\/id>/, 'own-first'],
    [/<name id="(\d+)"/, 'artist'],
  ],
  labels: [
    [/<id>(\d+)<\/id>/, 'own-first'],
    [/<parentLabel id="(\d+)"/, 'label'],
    [/<label\b[^>]*?\sid="(\d+)"/, 'label'],
  ],
};

interface Found {
  readonly start: number;
  readonly end: number;
  readonly id: string;
  readonly what: RefKind | 'own';
}

/** The ids of one sample record, in text order. */
function findIds(kind: DumpKind, record: string): Found[] {
  const found: Found[] = [];
  let ownSeen = false;
  for (const [pattern, what] of PATTERNS[kind]) {
    const re = new RegExp(pattern.source, 'gd');
    for (const m of record.matchAll(re)) {
      const [start, end] = m.indices![1]!;
      found.push({ start, end, id: m[1]!, what: what === 'own-first' ? 'own' : what });
    }
  }
  found.sort((a, b) => a.start - b.start);
  // In artists and labels only the first <id> is the record's own; later ones (members) are references.
  return found.map((f) => {
    if (f.what !== 'own') return f;
    if (ownSeen) return { ...f, what: kind === 'artists' ? 'artist' : 'label' };
    ownSeen = true;
    return f;
  });
}

/** The sample records of a dump file, as text (the samples have a few records that share a line). */
function sampleRecords(kind: DumpKind): string[] {
  const file = demoDataFiles().find((f) => f.endsWith(`_${kind}.xml.gz`) || f.endsWith(`_${kind}.xml`))!;
  let xml = fs.readFileSync(file);
  if (xml[0] === 0x1f && xml[1] === 0x8b) xml = zlib.gunzipSync(xml);
  const text = xml.toString('utf8');
  // Records are the <artist>, <label>, … elements at depth 1; a label holds <label> sublabels. Only markup is seen:
  // text has `<` escaped.
  const records: string[] = [];
  const tag = new RegExp(`<(/?)${RECORD[kind]}(?=[\\s/>])[^>]*?(/?)>`, 'g');
  let depth = 0;
  let start = 0;
  for (const m of text.matchAll(tag)) {
    if (m[2] === '/') continue;
    if (m[1] !== '/') {
      if (depth++ === 0) start = m.index;
    } else if (--depth === 0) {
      records.push(text.slice(start, m.index + m[0].length));
    }
  }
  if (records.length === 0 || depth !== 0) throw new Error(`cannot cut the sample ${kind} into records`);
  return records;
}

/** Strides coprime with every size a range may have; the first that divides nothing in use is taken. */
const STRIDES = [7_368_787, 6_700_417, 5_915_587];

class DumpGenerator {
  private readonly templates = new Map<DumpKind, Template[]>();
  /** Per referenced kind: hot ids in use and the number of cold ids per copy. */
  private readonly hotCount = new Map<RefKind, number>();
  private readonly coldCount = new Map<RefKind, number>();
  private readonly range: Record<RefKind, number>;
  private readonly stride: Record<RefKind, number>;

  constructor(private readonly counts: DumpCounts) {
    this.range = {
      artist: counts.artists,
      label: counts.labels,
      master: Math.max(1, Math.ceil(counts.masters / MASTER_SHARE)),
      release: counts.releases,
    };
    const stride = (n: number) => STRIDES.find((s) => n % s !== 0)!;
    this.stride = {
      artist: stride(this.range.artist),
      label: stride(this.range.label),
      master: stride(this.range.master),
      release: stride(this.range.release),
    };
    const samples = new Map<DumpKind, { text: string; ids: Found[] }[]>();
    for (const kind of IMPORT_ORDER) {
      samples.set(kind, sampleRecords(kind).map((text) => ({ text, ids: findIds(kind, text) })));
    }

    // Hot: referred to by at least HOT_MIN_RELEASES sample releases.
    const releasesReferring = new Map<string, number>();
    for (const { ids } of samples.get('releases')!) {
      for (const key of new Set(ids.filter((f) => f.what !== 'own').map((f) => `${f.what}:${f.id}`))) {
        releasesReferring.set(key, (releasesReferring.get(key) ?? 0) + 1);
      }
    }
    const hot = new Map<string, number>();
    const cold = new Map<string, number>();
    const next = (m: Map<RefKind, number>, k: RefKind) => {
      const n = m.get(k) ?? 0;
      m.set(k, n + 1);
      return n;
    };
    for (const [key, n] of [...releasesReferring].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
      if (n >= HOT_MIN_RELEASES && !key.endsWith(':0')) hot.set(key, next(this.hotCount, key.split(':')[0] as RefKind));
    }
    for (const kind of IMPORT_ORDER) {
      this.templates.set(
        kind,
        samples.get(kind)!.map(({ text, ids }) => {
          const parts: string[] = [];
          const slots: Slot[] = [];
          let at = 0;
          for (const f of ids) {
            parts.push(text.slice(at, f.start));
            at = f.end;
            if (f.what === 'own') {
              slots.push({ own: true });
              continue;
            }
            const key = `${f.what}:${f.id}`;
            const zero = Number(f.id) === 0;
            let c = -1;
            if (!zero && !hot.has(key)) {
              if (!cold.has(key)) cold.set(key, next(this.coldCount, f.what));
              c = cold.get(key)!;
            }
            slots.push({ ref: f.what, hot: hot.get(key) ?? -1, cold: c, zero });
          }
          parts.push(text.slice(at));
          if (!slots.some((s) => 'own' in s)) throw new Error(`a sample ${RECORD[kind]} has no id`);
          return { parts, slots };
        }),
      );
    }
  }

  /**
   * The generated id of a reference in copy `copy`: positions 0…H−1 are the hot ids, then each copy has its own
   * block of C positions; a position p becomes 1 + (p × stride) mod range, one to one while p < range.
   */
  private refId(slot: Exclude<Slot, { own: true }>, copy: number): number {
    if (slot.zero) return 0;
    const hot = this.hotCount.get(slot.ref) ?? 0;
    const p = slot.hot >= 0 ? slot.hot : hot + copy * (this.coldCount.get(slot.ref) ?? 0) + slot.cold;
    const range = this.range[slot.ref];
    return 1 + ((p % range) * this.stride[slot.ref]) % range;
  }

  async write(kind: DumpKind, file: string, next?: NextMonth): Promise<void> {
    const templates = this.templates.get(kind)!;
    const count = this.counts[kind];
    const refId = this.refId.bind(this);
    function* text(): Generator<string> {
      yield `<${ROOT[kind]}>\n`;
      let chunk = '';
      for (let n = 0; n < count; n++) {
        const t = templates[n % templates.length]!;
        const copy = Math.floor(n / templates.length);
        let s = t.parts[0]!;
        for (let i = 0; i < t.slots.length; i++) {
          const slot = t.slots[i]!;
          s += String('own' in slot ? n + 1 : refId(slot, copy)) + t.parts[i + 1]!;
        }
        chunk += `${next ? nextMonthRecord(kind, n + 1, s, next) : s}\n`;
        if (chunk.length > 1 << 20) {
          yield chunk;
          chunk = '';
        }
      }
      yield `${chunk}</${ROOT[kind]}>\n`;
    }
    const tmp = `${file}.${process.pid}.part`;
    try {
      await pipeline(Readable.from(text()), zlib.createGzip({ level: 6 }), fs.createWriteStream(tmp));
      fs.renameSync(tmp, file);
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }

}
