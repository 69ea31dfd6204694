import { stem } from 'porter2';
import type { Clock } from '../../application/ports/clock.js';
import { InMemoryCatalogueReader } from './in-memory-catalogue-reader.js';
import { InMemoryCatalogueWriter } from './in-memory-catalogue-writer.js';
import { InMemoryPostingSource } from './in-memory-posting-source.js';
import type { InMemoryStorage } from './in-memory-storage.js';

/**
 * The catalogue of an in-memory storage: its records (the reader), the posting lists of database search made from
 * them, and the dump import's writer, which keeps both (as the SQL import writes the records and their postings in one
 * transaction). One per storage, shared by every container on it: the catalogue's and search's memory families both
 * ask for it here (search reads the postings and the records its results show, as the SQL search reads the
 * catalogue's tables).
 */
export interface InMemoryCatalogue {
  readonly reader: InMemoryCatalogueReader;
  readonly postings: InMemoryPostingSource;
  readonly writer: InMemoryCatalogueWriter;
}

/** Stems remembered at most (a catalogue's everyday vocabulary); the memory is emptied when full. */
const STEMS_KEPT = 100_000;
const stems = new Map<string, string>();

/**
 * The Snowball English ("Porter2") stem of a folded word, as the import and the SQL search stem (npm `porter2`),
 * remembered: a catalogue repeats its words, and a look-up costs a fraction of stemming.
 */
export function catalogueStem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stem(word);
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/**
 * The storage's catalogue, made the first time it is asked for: `clock` dates the records put (the first asker's
 * clock; the application's is the system clock), the postings' words are stemmed as the import stems them (Porter2).
 */
export function inMemoryCatalogue(memory: InMemoryStorage, clock: Clock): InMemoryCatalogue {
  return memory.store('catalogue/records', () => {
    const reader = new InMemoryCatalogueReader(clock);
    const postings = new InMemoryPostingSource([], catalogueStem);
    return { reader, postings, writer: new InMemoryCatalogueWriter(reader, postings) };
  });
}
