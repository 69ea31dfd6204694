import type { SearchCriteria } from '../ports/catalogue-search.js';
import {
  clipToken,
  codeOf,
  EVERY_RECORD,
  FIELD_PREFIXES,
  GRADE,
  searchTokens,
  titleKey,
  titleToken,
  WORD_PREFIX,
  type SearchField,
} from '../../domain/catalogue/search-facts.js';
import { ANY_GRADE, type PlannedSearch, type Term } from './evaluate-search.js';
import { KIND_CODES } from './posting-codec.js';

/** `title` words count in the title and the artists; `release_title` words in the title alone. */
const TITLE_GRADES = (1 << GRADE.A) | (1 << GRADE.B);
const RELEASE_TITLE_GRADES = 1 << GRADE.A;
const ALL_KINDS = [KIND_CODES.artist, KIND_CODES.label, KIND_CODES.master, KIND_CODES.release];

/**
 * Search criteria as groups of tokens (see `PlannedSearch`), words stemmed by `stem` as the import stems them; null
 * when nothing can match (a field value without a word or code, a submitter without records). Field values match
 * word by word (`label=Warp Records`: `lb:warp` and `lb:records`), codes whole; `title` words are words of the title
 * or the artists (grade A or B), `release_title` words of the title (A); free text is its words or its code.
 */
export function planSearch(c: SearchCriteria, stem: (word: string) => string): PlannedSearch | null {
  const filters: Term[] = [];
  for (const [field, value] of Object.entries(c.fields) as [SearchField, string][]) {
    const prefix = FIELD_PREFIXES[field];
    if (field === 'catno' || field === 'barcode') {
      const code = codeOf(value);
      if (code === '') return null;
      filters.push(fieldTerm(prefix + code));
    } else {
      const tokens = searchTokens(value);
      if (tokens.length === 0) return null;
      for (const t of tokens) filters.push(fieldTerm(prefix + t));
    }
  }
  for (const [text, grades] of [
    [c.title, TITLE_GRADES],
    [c.releaseTitle, RELEASE_TITLE_GRADES],
  ] as const) {
    if (text === undefined) continue;
    const words = searchTokens(text);
    if (words.length === 0) return null;
    for (const w of words) filters.push(wordTerm(w, grades, stem));
  }
  let text: PlannedSearch['text'];
  let title: string | undefined;
  if (c.text !== undefined) {
    const words = searchTokens(c.text);
    if (words.length === 0) return null;
    const code = codeOf(c.text);
    text = {
      words: words.map((w) => wordTerm(w, ANY_GRADE, stem)),
      codes: [clipToken(FIELD_PREFIXES.catno + code), clipToken(FIELD_PREFIXES.barcode + code)],
    };
    title = titleToken(titleKey(c.text));
  }
  let records: Map<number, Set<number>> | undefined;
  if (c.records !== undefined) {
    if (c.records.length === 0) return null;
    records = new Map();
    for (const r of c.records) {
      const kind = KIND_CODES[r.kind];
      let ids = records.get(kind);
      if (!ids) records.set(kind, (ids = new Set()));
      ids.add(r.id);
    }
  }
  // Nothing else limits the search: every record of the kinds asked (the records given must exist too).
  if (filters.length === 0 && text === undefined) filters.push(fieldTerm(EVERY_RECORD));
  return {
    kinds: c.kind !== undefined ? [KIND_CODES[c.kind]] : ALL_KINDS,
    filters,
    ...(text ? { text } : {}),
    ...(title !== undefined ? { titleToken: title } : {}),
    ...(records ? { records } : {}),
  };
}

/** Corrections kept for one misspelt word, the closest first. */
const CORRECTIONS = 3;

/**
 * The term of a misspelt word replaced by the vocabulary words like it (`similar`: trigram candidates, most alike
 * first) that are also within a few typing slips of it (`typingDistance`: one for words of up to 7 characters, two for
 * longer ones), the closest first, up to three, any of them in any grade; none: undefined. Trigrams find candidates
 * fast but rank a swapped pair of letters low (`moivng` keeps 3 of the 7 trigrams of `moving`); the distance ranks
 * and keeps what a typist meant (`stockhlm` → `stockholm`, not `stock`).
 */
export function correctedTerm(word: string, similar: readonly string[], stem: (word: string) => string): Term | undefined {
  const limit = word.length <= 7 ? 1 : 2;
  const close = similar
    .map((w, rank) => ({ w, rank, d: typingDistance(word, w) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.rank - b.rank)
    .slice(0, CORRECTIONS);
  const tokens = [...new Set(close.map((c) => WORD_PREFIX + stem(clipToken(c.w))))];
  return tokens.length === 0 ? undefined : { tokens, grades: ANY_GRADE, scored: true, word };
}

/**
 * The typing slips between two words: letters left out, added, changed, or two neighbours swapped (the optimal string
 * alignment distance), counted in UTF-16 units.
 */
export function typingDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > 2) return Math.abs(n - m);
  let before = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const current = new Array<number>(m + 1).fill(0);
    current[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    before = previous;
    previous = current;
  }
  return previous[m]!;
}

const fieldTerm = (token: string): Term => ({ tokens: [clipToken(token)], grades: ANY_GRADE, scored: false });
const wordTerm = (word: string, grades: number, stem: (word: string) => string): Term => ({
  tokens: [WORD_PREFIX + stem(clipToken(word))],
  grades,
  scored: true,
  word,
});
