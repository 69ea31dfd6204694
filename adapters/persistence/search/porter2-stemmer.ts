import { stem } from 'porter2';
import { wordToken } from '../../../domain/catalogue/search-facts.js';

/** Stems kept by default: a catalogue's everyday vocabulary (the synthetic 1,000,000-release one has about 60,000 words). */
const DEFAULT_CAPACITY = 100_000;

/**
 * English stems by the Snowball English ("Porter2") algorithm (npm `porter2`, the same stems as PostgreSQL's
 * `english_stem` on what we compared), remembered in a bounded map: a catalogue repeats its words, and a look-up costs
 * a fraction of stemming (about 320 ns a word). When the map is full it is emptied and filled again. Words are folded
 * already (`searchTokens`); words the algorithm does not know (other scripts, digits) come back unchanged.
 */
export class Porter2Stemmer {
  private readonly stems = new Map<string, string>();
  private readonly tokens = new Map<string, string>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The stem of a folded word. */
  stem(word: string): string {
    let s = this.stems.get(word);
    if (s === undefined) {
      s = stem(word);
      if (this.stems.size >= this.capacity) this.stems.clear();
      this.stems.set(word, s);
    }
    return s;
  }

  /** The same, as a plain function (for `postingTokens`). */
  readonly fn = (word: string): string => this.stem(word);

  /** A folded word's token (`wordToken`: its prefix and stem), remembered likewise: the import asks for every word. */
  readonly token = (word: string): string => {
    let t = this.tokens.get(word);
    if (t === undefined) {
      t = wordToken(word, this.fn);
      if (this.tokens.size >= this.capacity) this.tokens.clear();
      this.tokens.set(word, t);
    }
    return t;
  };
}
