import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { Porter2Stemmer } from '../../../../../adapters/persistence/search/porter2-stemmer.js';
import { PostingTokenizer, tokenHash, type PostingSink } from '../../../../../adapters/persistence/search/posting-tokenizer.js';
import type { DumpKind, DumpRecordOf } from '../../../../../application/ports/dump-reader.js';
import { postingTokens, releaseSearchFacts, vocabularyWords } from '../../../../../domain/catalogue/search-facts.js';
import { factsOf, sortedTokens, type AnyRecord } from '../../../../support/search-fixtures.js';
import { aCredit, aRelease, aTrack, onLabel } from '../../../../support/builders/catalogue-builders.js';
import { demo, readDump, REPO_ROOT, SINGLE, SMALL } from '../../../../support/dump-fixtures.js';


const utf8 = new TextDecoder();

/** The tokens and grades, and the vocabulary words, the tokenizer gives a record, by token text. */
function tokenized(tokenizer: PostingTokenizer, kind: DumpKind, record: AnyRecord): { tokens: Map<string, number>; vocabulary: Set<string> } {
  const numbers = new Map<number, number>();
  const words = new Set<number>();
  // Each record a run of its own: the tables are emptied between runs when full.
  tokenizer.startRun();
  const sink: PostingSink = {
    posting: (token, grade) => {
      const had = numbers.get(token);
      if (had === undefined || had < grade) numbers.set(token, grade);
    },
    vocabulary: (word) => void words.add(word),
  };
  if (kind === 'releases') tokenizer.release(record as DumpRecordOf['releases'], sink);
  else if (kind === 'masters') tokenizer.master(record as DumpRecordOf['masters'], sink);
  else if (kind === 'artists') tokenizer.artist(record as DumpRecordOf['artists'], sink);
  else tokenizer.label(record as DumpRecordOf['labels'], sink);
  const texts = tokenizer.tokens.texts;
  // The writer reads the tokens from the shared table: their UTF-8 bytes and hashes.
  const shared = tokenizer.tokens.shared();
  for (const n of [...numbers.keys(), ...words]) {
    expect(shared.hashes[n]).to.equal(tokenHash(texts[n]!));
    expect(utf8.decode(shared.bytes.subarray(n === 0 ? 0 : shared.ends[n - 1]!, shared.ends[n]!))).to.equal(texts[n]);
  }
  return {
    tokens: new Map([...numbers].map(([n, grade]) => [texts[n]!, grade])),
    vocabulary: new Set([...words].map((n) => texts[n]!)),
  };
}



/** Records made to be awkward: other scripts, accents, ligatures, punctuation runs, upper case, long words, codes. */
const AWKWARD: AnyRecord[] = [
  aRelease(1, {
    title: 'Björk — Homogenic (Ünïcödé ÆTHER) ½ №9',
    artists: [aCredit(7, 'Sigur Rós', { anv: 'SIGUR-RÓS' })],
    extraartists: [aCredit(8, 'Mark Bell', { anv: 'M. Bell', role: 'Producer' })],
    labels: [onLabel(5, 'One Little Indian', 'TPLP 71 CD'), onLabel(6, 'Ελληνικά', 'ΑΒΓ-12')],
    tracklist: [aTrack('1', 'Hunter'), aTrack('2', 'Jóga', { subTracks: [aTrack('2a', 'ÇA VA / ça va')] })],
    genres: ['Electronic', 'Pop'],
    styles: ['Trip Hop', 'Downtempo'],
    country: 'Iceland',
    released: '1997-09-22',
    identifiers: [{ type: 'Barcode', value: ' 0 1234-5678 9 ', description: '' }, { type: 'Matrix / Runout', value: 'X', description: '' }],
  }),
  aRelease(2, { title: `${'Long'.repeat(40)} word`, artists: [], genres: ['Jazz'], released: '' }),
  aRelease(3, { title: '...', artists: [aCredit(0, 'Various')], tracklist: [aTrack('A1', 'DON\'T STOP!!! (12" mix)')] }),
];

describe('PostingTokenizer', function () {
  this.timeout(120_000);
  const stemmer = new Porter2Stemmer();

  async function fixtures(kind: DumpKind): Promise<AnyRecord[]> {
    const singular = kind.slice(0, -1);
    const files = [
      demo(kind),
      path.join(SMALL, `${kind}.xml`),
      path.join(REPO_ROOT, 'test/fixtures/dumps/synthetic', `${kind}.xml`),
      ...fs.readdirSync(SINGLE).filter((f) => f.startsWith(`${singular}_`)).map((f) => path.join(SINGLE, f)),
    ];
    const out: AnyRecord[] = [];
    for (const file of files) out.push(...(await readDump(file, kind)));
    return out;
  }

  for (const kind of ['releases', 'masters', 'artists', 'labels'] as const) {
    it(`gives every fixture ${kind.slice(0, -1)} the tokens, grades and vocabulary the domain's search facts give`, async () => {
      const records = [...(await fixtures(kind)), ...(kind === 'releases' ? AWKWARD : [])];
      expect(records.length).to.be.greaterThan(1000);
      // A small table, so that it is emptied and filled again many times on the way.
      const tokenizer = new PostingTokenizer((w) => stemmer.stem(w), 512);
      for (const record of records) {
        const facts = factsOf(kind, record);
        const expected = postingTokens(facts, (w) => stemmer.stem(w), new Map());
        const got = tokenized(tokenizer, kind, record);
        if (JSON.stringify(sortedTokens(got.tokens)) !== JSON.stringify(sortedTokens(expected))) {
          expect(sortedTokens(got.tokens), `${kind} ${record.id}`).to.deep.equal(sortedTokens(expected));
        }
        expect([...got.vocabulary].sort(), `${kind} ${record.id}`).to.deep.equal([...vocabularyWords(facts, new Set())].sort());
      }
    });
  }

  it('grows its table for a record with more new words than it has room for, and empties it when full', () => {
    const tokenizer = new PostingTokenizer((w) => stemmer.stem(w), 16);
    const many = aRelease(9, { title: Array.from({ length: 200 }, (_, i) => `w${i}x`).join(' '), artists: [] });
    const got = tokenized(tokenizer, 'releases', many);
    expect([...got.tokens.keys()].filter((t) => t.startsWith('w:w'))).to.have.length(200);
    // Full now: the next run starts from empty tables, and its tokens are right.
    const generation = tokenizer.tokens.generation;
    const next = aRelease(10, { title: 'Blue Monday', artists: [] });
    expect(sortedTokens(tokenized(tokenizer, 'releases', next).tokens)).to.deep.equal(
      sortedTokens(postingTokens(releaseSearchFacts(next), (w) => stemmer.stem(w), new Map())),
    );
    expect(tokenizer.tokens.generation).to.equal(generation + 1);
    expect(tokenizer.tokens.size).to.be.lessThan(20);
  });
});
