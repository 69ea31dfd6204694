import path from 'node:path';
import { expect } from 'chai';
import { stem } from 'porter2';
import { createRecordEncoder, type EncodedRows } from '../../../../../adapters/persistence/catalogue/catalogue-row-encoder.js';
import { postingTokens, vocabularyWords } from '../../../../../domain/catalogue/search-facts.js';
import { factsOf, sortedTokens } from '../../../../support/search-fixtures.js';
import { demo, readDump, REPO_ROOT, SMALL } from '../../../../support/dump-fixtures.js';



const decoder = new TextDecoder();
const texts = (bytes: Uint8Array, ends: Int32Array): string[] =>
  [...ends].map((end, i) => decoder.decode(bytes.subarray(i === 0 ? 0 : ends[i - 1]!, end)));

/** Each record's tokens and grades of a run, by text, as the writer reads them. */
function postingsOf(run: EncodedRows): Map<string, number>[] {
  const tokens = texts(run.tokenTable.bytes, run.tokenTable.ends);
  const out: Map<string, number>[] = [];
  let from = 0;
  for (const end of run.postingEnds) {
    const record = new Map<string, number>();
    for (let i = from; i < end; i++) {
      const token = tokens[run.postingTokens[i]!]!;
      expect(record.has(token), `${token} once per record`).to.equal(false);
      record.set(token, run.postingGrades[i]!);
    }
    out.push(record);
    from = end;
  }
  return out;
}


describe('CatalogueRowEncoder: the search postings of a run', function () {
  this.timeout(120_000);

  for (const kind of ['releases', 'masters', 'artists', 'labels'] as const) {
    it(`gives each ${kind.slice(0, -1)} of a run the domain's tokens and grades, and the run every vocabulary word`, async () => {
      const records = [
        ...(await readDump(demo(kind), kind)),
        ...(await readDump(path.join(SMALL, `${kind}.xml`), kind)),
        ...(await readDump(path.join(REPO_ROOT, 'test/fixtures/dumps/synthetic', `${kind}.xml`), kind)),
      ];
      // A tokenizer that empties its tables every few records, and runs of uneven lengths: token numbers start again
      // in each run and after each emptying.
      const encoder = createRecordEncoder(kind, true, 64);
      for (let at = 0, size = 1; at < records.length; at += size, size = (size * 7) % 53) {
        const run = records.slice(at, at + size);
        for (const r of run) encoder.add(r);
        const encoded = encoder.take();
        expect([...encoded.ids]).to.deep.equal(run.map((r) => r.id));
        const got = postingsOf(encoded);
        const words = new Set(texts(encoded.words, encoded.wordEnds));
        const expectedWords = new Set<string>();
        run.forEach((r, i) => {
          const facts = factsOf(kind, r);
          expect(sortedTokens(got[i]!), `${kind} ${r.id}`).to.deep.equal(sortedTokens(postingTokens(facts, stem, new Map())));
          vocabularyWords(facts, expectedWords);
        });
        expect([...words].sort()).to.deep.equal([...expectedWords].sort());
        expect(encoded.searchEnds.length).to.equal(run.length);
      }
    });
  }
});
