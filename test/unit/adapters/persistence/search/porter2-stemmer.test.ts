import { expect } from 'chai';
import { Porter2Stemmer } from '../../../../../adapters/persistence/search/porter2-stemmer.js';

describe('Porter2Stemmer', () => {
  // Stems PostgreSQL's `english_stem` (Snowball English) gives for the same folded words: ts_lexize('english_stem', w).
  const cases: Array<[string, string]> = [
    ['loving', 'love'],
    ['love', 'love'],
    ['loved', 'love'],
    ['lovely', 'love'],
    ['running', 'run'],
    ['generously', 'generous'],
    ['beatles', 'beatl'],
    ['once', 'onc'],
    ['the', 'the'],
    ['stockholm', 'stockholm'],
    ['dancing', 'danc'],
    ['records', 'record'],
    ['sk032', 'sk032'],
    ['1999', '1999'],
    ['坂本龍一', '坂本龍一'],
  ];
  const stemmer = new Porter2Stemmer();
  for (const [word, stem] of cases) it(`${word} → ${stem}`, () => expect(stemmer.stem(word)).to.equal(stem));

  it('makes word tokens (w: and the stem), cutting words of more than 100 characters first', () => {
    expect(stemmer.token('loving')).to.equal('w:love');
    expect(stemmer.token('a'.repeat(150))).to.equal(`w:${'a'.repeat(100)}`);
  });

  it('answers the same once its memory is full and emptied', () => {
    const small = new Porter2Stemmer(2);
    const words = ['loving', 'running', 'dancing', 'loving', 'records', 'running'];
    expect(words.map((w) => small.stem(w))).to.deep.equal(['love', 'run', 'danc', 'love', 'record', 'run']);
    expect(words.map((w) => small.token(w))).to.deep.equal(['w:love', 'w:run', 'w:danc', 'w:love', 'w:record', 'w:run']);
  });
});
