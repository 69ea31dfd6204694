import { expect } from 'chai';
import { InMemoryPostingSource } from '../../../../adapters/in-memory/in-memory-posting-source.js';
import { Porter2Stemmer } from '../../../../adapters/persistence/search/porter2-stemmer.js';
import type { SearchCriteria } from '../../../../application/ports/catalogue-search.js';
import { evaluateSearch } from '../../../../application/search/evaluate-search.js';
import { correctedTerm, planSearch } from '../../../../application/search/plan-search.js';
import { BLOCK_SIZE, KIND_NAMES } from '../../../../application/search/posting-codec.js';
import type { PostingRow, PostingSource } from '../../../../application/ports/posting-source.js';
import { artistSearchFacts, releaseSearchFacts, type SearchFacts } from '../../../../domain/catalogue/search-facts.js';
import { aCredit, anArtist, aRelease, aTrack, onLabel } from '../../../support/builders/catalogue-builders.js';

const stem = new Porter2Stemmer().fn;

/** A small deterministic generator (mulberry32), so that a failing case can be run again. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['album', 'live', 'blue', 'night', 'love', 'dance', 'river', 'stone', 'echo', 'gold', 'zebra', 'quartz'];
const GENRES = ['Rock', 'Jazz', 'Electronic'];
const COUNTRIES = ['UK', 'US', 'Germany', 'Japan'];

/**
 * Records over six blocks of ids, words drawn unevenly (the first words common, the last rare) into titles (A),
 * artists (B), labels (C) and tracks (D), and some popularity: every rule of the order and every kind of block bound
 * shows (blocks where a word is only in tracks, blocks with popular records, titles equal to a question). Popularity
 * in every block, or only in those given.
 */
function generated(
  seed: number,
  popularBlocks?: ReadonlySet<number>,
  releases = 1_500,
): { source: InMemoryPostingSource; counting: CountingSource } {
  const next = random(seed);
  const word = (): string => WORDS[Math.floor(WORDS.length * next() ** 2)]!;
  const records: SearchFacts[] = [];
  const ids = new Set<number>();
  while (ids.size < releases) ids.add(1 + Math.floor(next() * 6 * BLOCK_SIZE));
  for (const id of ids) {
    const title = Array.from({ length: 1 + Math.floor(next() * 2) }, word).join(' ');
    records.push(
      releaseSearchFacts(
        aRelease(id, {
          title,
          artists: next() < 0.5 ? [aCredit(1 + Math.floor(next() * 20), word())] : [],
          labels: next() < 0.3 ? [onLabel(1 + Math.floor(next() * 5), word())] : [],
          tracklist: next() < 0.5 ? [aTrack('A', word())] : [],
          genres: [GENRES[Math.floor(next() * GENRES.length)]!],
          country: COUNTRIES[Math.floor(COUNTRIES.length * next() ** 2)]!,
          released: String(1990 + Math.floor(next() * 4)),
        }),
      ),
    );
  }
  for (let id = 1; id <= 120; id++) records.push(artistSearchFacts(anArtist(id * 97, { name: `${word()} ${word()}` })));
  const source = new InMemoryPostingSource(records, stem, 1 + Math.floor(next() * 2));
  for (const id of ids) {
    if (next() < 0.1 && (!popularBlocks || popularBlocks.has(Math.floor(id / BLOCK_SIZE)))) source.setPopularity('release', id, Math.floor(next() * 4));
  }
  return { source, counting: new CountingSource(source) };
}

/** A source that counts the posting streams it gives (how many postings a search decoded at most). */
class CountingSource implements PostingSource {
  postingsRead = 0;
  constructor(private readonly inner: PostingSource) {}
  rows(kinds: readonly number[], tokens: readonly string[]): Promise<readonly PostingRow[]> {
    return this.inner.rows(kinds, tokens);
  }
  async postings(kinds: readonly number[], tokens: readonly string[], blocks: readonly number[]): Promise<readonly PostingRow[]> {
    const rows = await this.inner.postings(kinds, tokens, blocks);
    for (const r of rows) this.postingsRead += r.n;
    return rows;
  }
  popularity(blocks: ReadonlyMap<number, readonly number[]>): ReturnType<PostingSource['popularity']> {
    return this.inner.popularity(blocks);
  }
  similarWords(word: string): Promise<readonly string[]> {
    return this.inner.similarWords(word);
  }
}

/**
 * A page and count, top-k or exhaustive. `exactCountPostings` 0: every question of several lists takes the top-k path
 * (these indexes are far below the default's postings).
 */
async function ask(source: PostingSource, c: SearchCriteria, offset: number, limit: number, exhaustive: boolean, exactCountPostings?: number) {
  const plan = planSearch(c, stem);
  if (plan === null) return { total: 0, found: [] as string[], estimated: false };
  const result = await evaluateSearch(plan, source, {
    offset,
    limit,
    now: () => 0,
    deadline: 1_000,
    correct: (word, similar) => correctedTerm(word, similar, stem),
    exhaustive,
    exactCountPostings,
  });
  return { total: result.total, found: result.records.map((r) => `${KIND_NAMES[r.kind]}:${r.id}:${r.score}`), estimated: result.estimated === true };
}

describe('top-k search (block-max, ADR 0053) against the exhaustive evaluation', () => {
  it('gives the same pages, in the same order with ties alike, and the same counts, for random questions', async () => {
    for (const seed of [1, 2, 3]) {
      const { source } = generated(seed, seed === 3 ? new Set([2]) : undefined);
      const next = random(seed * 7919);
      const word = (): string => WORDS[Math.floor(next() * WORDS.length)]!;
      for (let q = 0; q < 40; q++) {
        const shape = Math.floor(next() * 7);
        const c: SearchCriteria =
          shape === 0 ? { text: word(), fields: {} }
          : shape === 1 ? { text: word(), kind: next() < 0.5 ? 'release' : 'artist', fields: {} }
          : shape === 2 ? { text: `${word()} ${word()}`, fields: {} }
          : shape === 3 ? { title: word(), fields: {} }
          : shape === 4 ? { releaseTitle: word(), fields: {} }
          : shape === 5 ? { fields: { genre: GENRES[Math.floor(next() * GENRES.length)]! } }
          : { text: word(), fields: { genre: GENRES[Math.floor(next() * GENRES.length)]! } };
        const limit = 1 + Math.floor(next() * 60);
        const offset = next() < 0.3 ? Math.floor(next() * 600) : Math.floor(next() * 40);
        const label = `seed ${seed}, ${JSON.stringify(c)}, offset ${offset}, limit ${limit}`;
        const topK = await ask(source, c, offset, limit, false);
        const all = await ask(source, c, offset, limit, true);
        expect(topK, label).to.deep.equal(all);
      }
    }
  });

  it('gives questions of several lists the same pages, and exact counts or estimates within bounds (ADR 0062)', async () => {
    let estimated = 0;
    let exact = 0;
    for (const seed of [11, 13]) {
      const { source } = generated(seed, seed === 13 ? new Set([1, 4]) : undefined, 5_000);
      const next = random(seed * 104_729);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
      const word = (): string => WORDS[Math.floor(WORDS.length * next() ** 1.5)]!;
      for (let q = 0; q < 70; q++) {
        const shape = Math.floor(next() * 9);
        const c: SearchCriteria =
          shape === 0 ? { text: `${word()} ${word()}`, fields: {} }
          : shape === 1 ? { text: `${word()} ${word()}`, kind: 'release', fields: {} }
          : shape === 2 ? { text: word(), fields: { genre: pick(GENRES) } }
          : shape === 3 ? { fields: { genre: pick(GENRES), year: String(1990 + Math.floor(next() * 4)) } }
          : shape === 4 ? { fields: { country: pick(COUNTRIES), genre: pick(GENRES) } }
          : shape === 5 ? { title: `${word()} ${word()}`, fields: {} }
          : shape === 6 ? { text: word(), releaseTitle: word(), fields: { country: pick(COUNTRIES) } }
          : shape === 7 ? { text: `${word()} ${word()} ${word()}`, fields: {} }
          : { text: word(), fields: { genre: pick(GENRES) }, records: [...Array(400)].map(() => ({ kind: 'release' as const, id: 1 + Math.floor(next() * 6 * BLOCK_SIZE) })) };
        const limit = 1 + Math.floor(next() * 50);
        const offset = next() < 0.3 ? Math.floor(next() * 300) : Math.floor(next() * 30);
        const label = `seed ${seed}, ${JSON.stringify({ ...c, records: c.records?.length })}, offset ${offset}, limit ${limit}`;
        const topK = await ask(source, c, offset, limit, false, 0);
        const all = await ask(source, c, offset, limit, true);
        expect(topK.found, label).to.deep.equal(all.found);
        if (!topK.estimated) {
          exact++;
          expect(topK.total, label).to.equal(all.total);
          continue;
        }
        estimated++;
        // An estimate: the page lies within it, and it is the exact count where the whole list was matched.
        expect(topK.total, label).to.be.at.least(offset + limit);
        expect(all.total, label).to.be.at.least(offset + limit);
        expect(topK.total, label).to.be.within(all.total / 3, all.total * 3);
      }
    }
    expect(estimated, 'questions whose count was estimated').to.be.at.least(10);
    expect(exact, 'questions whose count was exact').to.be.at.least(20);
    // With the default, questions this small are matched whole: exact counts.
    const { source } = generated(11);
    for (const c of [{ text: 'album live', fields: {} }, { text: 'album', fields: { genre: 'Rock' } }] as SearchCriteria[]) {
      const topK = await ask(source, c, 0, 10, false);
      expect(topK).to.deep.equal(await ask(source, c, 0, 10, true));
    }
  });

  it('reads only the blocks that can reach the page for two common words, with popular records in one block', async () => {
    const { counting } = generated(4, new Set([0]), 5_000);
    for (const [common, limit] of [
      [{ text: 'album', fields: { genre: 'Rock' } }, 10],
      [{ text: 'album live', fields: {} }, 3],
    ] as const) {
      counting.postingsRead = 0;
      const all = await ask(counting, common, 0, limit, true);
      const everything = counting.postingsRead;
      counting.postingsRead = 0;
      const topK = await ask(counting, common, 0, limit, false, 0);
      expect(topK.found, JSON.stringify(common)).to.deep.equal(all.found);
      expect(topK.estimated, JSON.stringify(common)).to.equal(true);
      expect(counting.postingsRead, JSON.stringify(common)).to.be.greaterThan(0).and.lessThan(everything / 2);
    }
  });

  it('reads only the blocks that can reach the page for a common word, and all of them when asked to', async () => {
    // Popular records in one block only: the others' bounds are a title word's and nothing more.
    const { source, counting } = generated(4, new Set([0]));
    const common = { text: 'album', fields: {} } as const;
    const { total } = await ask(source, common, 0, 10, true);
    expect(total).to.be.greaterThan(300);
    counting.postingsRead = 0;
    await ask(counting, common, 0, 10, true);
    const everything = counting.postingsRead;
    counting.postingsRead = 0;
    expect((await ask(counting, common, 0, 10, false)).total).to.equal(total);
    expect(counting.postingsRead).to.be.greaterThan(0).and.lessThan(everything / 2);
  });

  it('gives the same answers over rows written before their grades were kept (null: any grade)', async () => {
    const { source } = generated(5);
    const withoutGrades: PostingSource = {
      rows: async (kinds, tokens) => (await source.rows(kinds, tokens)).map((r) => ({ ...r, grades: null })),
      postings: (kinds, tokens, blocks) => source.postings(kinds, tokens, blocks),
      popularity: (blocks) => source.popularity(blocks),
      similarWords: (word) => source.similarWords(word),
    };
    for (const c of [{ text: 'album', fields: {} }, { title: 'album', fields: {} }, { releaseTitle: 'live', fields: {} }] as SearchCriteria[]) {
      for (const [offset, limit] of [[0, 10], [35, 20]] as const) {
        expect(await ask(withoutGrades, c, offset, limit, false), JSON.stringify(c)).to.deep.equal(await ask(source, c, offset, limit, true));
      }
    }
  });
});
