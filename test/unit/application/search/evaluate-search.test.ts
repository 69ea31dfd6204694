import { expect } from 'chai';
import { InMemoryPostingSource } from '../../../../adapters/in-memory/in-memory-posting-source.js';
import { evaluateSearch } from '../../../../application/search/evaluate-search.js';
import { kthLargest } from '../../../../application/search/found-records.js';
import { KIND_NAMES } from '../../../../application/search/posting-codec.js';
import { Porter2Stemmer } from '../../../../adapters/persistence/search/porter2-stemmer.js';
import { correctedTerm, planSearch, typingDistance } from '../../../../application/search/plan-search.js';
import { QueryTimeExceeded } from '../../../../application/errors.js';
import type { SearchCriteria } from '../../../../application/ports/catalogue-search.js';
import { artistSearchFacts, releaseSearchFacts, type SearchFacts } from '../../../../domain/catalogue/search-facts.js';
import { aCredit, anArtist, aRelease, aTrack, onLabel } from '../../../support/builders/catalogue-builders.js';

const stem = new Porter2Stemmer().fn;

/*
 * The records: words in each grade (A title, B artists, C labels and catalogue numbers, D the rest), so that each rule
 * of the order shows (score = 128 code + 64 exact title + 8/4/2/1 per word by grade, then popularity, id, kind).
 */
const RECORDS: SearchFacts[] = [
  releaseSearchFacts(aRelease(1, { title: 'Blue Monday', artists: [aCredit(9, 'New Order')] })),
  releaseSearchFacts(aRelease(2, { title: 'Other', artists: [aCredit(8, 'Blue Band')], tracklist: [aTrack('A', 'Monday Song')] })),
  releaseSearchFacts(aRelease(3, { title: 'Monday', tracklist: [aTrack('A', 'Blue')] })),
  releaseSearchFacts(aRelease(4, { title: 'Blue', labels: [onLabel(5, 'Factory', 'FAC 73')] })),
  releaseSearchFacts(aRelease(5, { title: 'FAC 73 Remixed', labels: [onLabel(5, 'Factory', 'FACT 1')] })),
  artistSearchFacts(anArtist(3, { name: 'Blue Monday' })),
  releaseSearchFacts(aRelease(20_000, { title: 'Blue Monday', artists: [aCredit(9, 'Orchestra')] })),
  // Alike but for their ids and kinds, in three blocks (each titled "Tie" exactly, as the artist is).
  ...[6, 7, 16_390, 40_000].map((id) => releaseSearchFacts(aRelease(id, { title: 'Tie', artists: [], genres: ['Jazz'] }))),
  artistSearchFacts(anArtist(7, { name: 'Tie' })),
];

const criteria = (c: Partial<SearchCriteria>): SearchCriteria => ({ fields: {}, ...c });

async function ask(
  c: Partial<SearchCriteria>,
  options: { source?: InMemoryPostingSource; offset?: number; limit?: number; now?: () => number } = {},
): Promise<{ total: number; found: string[]; scores: number[] }> {
  const plan = planSearch(criteria(c), stem);
  if (plan === null) return { total: 0, found: [], scores: [] };
  const result = await evaluateSearch(plan, options.source ?? source, {
    offset: options.offset ?? 0,
    limit: options.limit ?? 100,
    now: options.now ?? (() => 0),
    deadline: 1_000,
    correct: (word, similar) => correctedTerm(word, similar, stem),
  });
  return {
    total: result.total,
    found: result.records.map((r) => `${KIND_NAMES[r.kind]}:${r.id}`),
    scores: result.records.map((r) => r.score),
  };
}

let source: InMemoryPostingSource;

describe('search over posting lists (evaluateSearch on in-memory postings)', () => {
  beforeEach(() => {
    source = new InMemoryPostingSource(RECORDS, stem);
  });

  it('finds the records holding every word (AND), ranked by the grades the words have there', async () => {
    const { total, found, scores } = await ask({ text: 'blue monday', kind: 'release' });
    // 1: A + A; 20,000: A + A; 3: A monday + D blue; 2: B blue + D monday. Release 4 lacks "monday".
    expect(found).to.deep.equal(['release:1', 'release:20000', 'release:3', 'release:2']);
    expect(scores).to.deep.equal([16, 16, 9, 5]);
    expect(total).to.equal(4);
  });

  it('adds 64 for a title equal to the question, and orders kinds together', async () => {
    const { found, scores } = await ask({ text: 'Blue  MONDAY!' });
    expect(found[0]).to.equal('artist:3');
    expect(scores[0]).to.equal(64 + 16);
  });

  it('puts an exact catalogue number first (128), and finds a record by its code alone', async () => {
    const { found, scores } = await ask({ text: 'FAC-73' });
    // Release 4 holds cn:fac73 (and the words in grade C); release 5 holds the words in its title only.
    expect(found).to.deep.equal(['release:4', 'release:5']);
    expect(scores).to.deep.equal([128 + 2 + 2, 8 + 8]);
    expect((await ask({ text: 'fac73' })).found).to.deep.equal(['release:4']);
  });

  it('breaks ties by popularity, then id, then kind (artist before release)', async () => {
    expect((await ask({ text: 'tie' })).found).to.deep.equal(['release:6', 'artist:7', 'release:7', 'release:16390', 'release:40000']);
    source.setPopularity('release', 40_000, 3);
    source.setPopularity('release', 16_390, 5);
    source.setPopularity('artist', 7, 1);
    expect((await ask({ text: 'tie' })).found).to.deep.equal(['release:16390', 'release:40000', 'artist:7', 'release:6', 'release:7']);
  });

  it('counts exactly and cuts pages that agree with the whole order, however deep', async () => {
    source.setPopularity('release', 7, 2);
    const all = await ask({ text: 'tie' });
    for (const [offset, limit] of [[0, 2], [2, 2], [4, 2], [1, 3], [5, 2], [50, 10]] as const) {
      const page = await ask({ text: 'tie' }, { offset, limit });
      expect(page.total).to.equal(5);
      expect(page.found).to.deep.equal(all.found.slice(offset, offset + limit));
    }
  });

  it('pages a field alone (all alike, read block by block) as the whole order, and by popularity once there is some', async () => {
    for (const c of [{ fields: { genre: 'jazz' } }, {}] as const) {
      const all = await ask(c);
      for (const [offset, limit] of [[0, 1], [1, 2], [3, 5], [9, 4], [100, 5]] as const) {
        const page = await ask(c, { offset, limit });
        expect(page.total).to.equal(all.total);
        expect(page.found).to.deep.equal(all.found.slice(offset, offset + limit));
      }
    }
    source.setPopularity('release', 40_000, 1);
    expect((await ask({ fields: { genre: 'jazz' } }, { offset: 0, limit: 2 })).found).to.deep.equal(['release:40000', 'release:6']);
  });

  it('merges the rows of one token and block written apart (as two workers leave them)', async () => {
    const split = new InMemoryPostingSource(RECORDS, stem, 3);
    for (const c of [{ text: 'tie' }, { text: 'blue monday' }, { fields: { genre: 'jazz' } }, {}] as const) {
      expect(await ask(c, { source: split })).to.deep.equal(await ask(c));
    }
  });

  it('filters by fields with no score; type alone, or nothing, finds every record of the kinds asked', async () => {
    expect((await ask({ fields: { genre: 'Jazz' } })).found).to.deep.equal(['release:6', 'release:7', 'release:16390', 'release:40000']);
    expect((await ask({ fields: { catno: 'fac 73' } })).found).to.deep.equal(['release:4']);
    expect((await ask({ kind: 'artist' })).found).to.deep.equal(['artist:3', 'artist:7']);
    expect((await ask({})).total).to.equal(RECORDS.length);
  });

  it('title words count in the title and artists (A, B), release_title words in the title (A)', async () => {
    // Release 2 has "blue" as its artist's word and "monday" in a track (D): neither title nor release title.
    expect((await ask({ title: 'blue', kind: 'release' })).found).to.include.members(['release:2', 'release:1']);
    expect((await ask({ title: 'monday', kind: 'release' })).found).to.not.include('release:2');
    expect((await ask({ releaseTitle: 'blue', kind: 'release' })).found).to.not.include('release:2');
    expect((await ask({ releaseTitle: 'order', kind: 'release' })).found).to.deep.equal([]);
    expect((await ask({ title: 'new order', kind: 'release' })).found).to.deep.equal(['release:1']);
  });

  it('only the records given (a submitter’s), if they exist', async () => {
    const records = [{ kind: 'release', id: 3 }, { kind: 'release', id: 999 }, { kind: 'artist', id: 3 }] as const;
    expect((await ask({ records })).found).to.deep.equal(['artist:3', 'release:3']);
    expect((await ask({ records, text: 'monday', kind: 'release' })).found).to.deep.equal(['release:3']);
    expect((await ask({ records: [] })).found).to.deep.equal([]);
  });

  it('replaces a word no record holds by the vocabulary words a typing slip away, when nothing is found', async () => {
    expect((await ask({ text: 'mondya', kind: 'release' })).total).to.be.greaterThan(0);
    expect((await ask({ text: 'blue mnoday', kind: 'release' })).found).to.deep.equal(['release:1', 'release:20000', 'release:3', 'release:2']);
    // Every word is held but not together: nothing to correct.
    expect((await ask({ text: 'factory orchestra' })).found).to.deep.equal([]);
    expect((await ask({ text: 'xqzzy' })).found).to.deep.equal([]);
  });

  it('gives up when the time allowed runs out', async () => {
    let t = 0;
    const clock = () => (t += 600);
    let error: unknown;
    try {
      await ask({ text: 'blue' }, { now: clock });
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(QueryTimeExceeded);
  });
});

describe('search planning helpers', () => {
  it('typingDistance counts left out, added, changed and swapped letters', () => {
    const cases: Array<[string, string, number]> = [
      ['moivng', 'moving', 1],
      ['stockhlm', 'stockholm', 1],
      ['beatels', 'beatles', 1],
      ['abey', 'abbey', 1],
      ['stockhlm', 'stock', 3],
      ['love', 'love', 0],
      ['ab', 'abcdef', 4],
    ];
    for (const [a, b, d] of cases) expect(typingDistance(a, b), `${a} ${b}`).to.equal(d);
  });

  it('correctedTerm keeps the candidates within a slip (two for long words), closest first', () => {
    // stockholms is two slips away (a long word may be), stock three; both stockholm and stockholms stem alike.
    expect(correctedTerm('stockhlm', ['stock', 'stockholms', 'stockholm'], stem)?.tokens).to.deep.equal(['w:stockholm']);
    // Equally close: in the order of the candidates (most alike by trigrams first).
    expect(correctedTerm('mondy', ['monday', 'mind', 'money'], stem)?.tokens).to.deep.equal(['w:monday', 'w:money']);
    expect(correctedTerm('xqzzy', ['fuzzy'], stem)).to.equal(undefined);
  });

  it('kthLargest', () => {
    const values = Float64Array.from([5, 1, 9, 9, 3, 7]);
    expect([1, 2, 3, 4, 5, 6].map((k) => kthLargest(values, k))).to.deep.equal([9, 9, 7, 5, 3, 1]);
  });
});
