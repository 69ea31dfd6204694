import type { SearchField, SearchKind, SearchResultFacts } from '../../domain/catalogue/search-facts.js';
import type { Page, PageRequest } from '../shared/page.js';

/** A catalogue record by kind and id (ids repeat across kinds). */
export interface RecordRef {
  readonly kind: SearchKind;
  readonly id: number;
}

/**
 * What a database search asks, every part optional and all of them combined (a record must meet each part given):
 * free text, the kind of record, words of the title (artist and title together, or the title alone), field values
 * (each matches a record holding every word of the value in that field; `catno` and `barcode` are whole codes), and
 * the records of a submitter or contributor.
 */
export interface SearchCriteria {
  readonly text?: string;
  readonly kind?: SearchKind;
  /** Artist and title together (`title`), and the title alone (`release_title`). */
  readonly title?: string;
  readonly releaseTitle?: string;
  readonly fields: Partial<Readonly<Record<SearchField, string>>>;
  /** Only these records (a submitter's or contributor's); undefined: no such restriction. */
  readonly records?: readonly RecordRef[];
}

/** One record found: the values its result shows, and its community figures (zero for artists and labels). */
export interface SearchHit {
  readonly kind: SearchKind;
  readonly id: number;
  readonly result: SearchResultFacts;
  readonly have: number;
  readonly want: number;
}

/**
 * Searches the catalogue. Order: relevance first (exact catalogue-number and barcode matches, then full-text rank
 * with stemming and accents folded; when no record holds every word, records whose title is most like the text, so a
 * misspelt query still finds), then popularity (collection and wantlist counts together), then kind and id, so equal
 * scores come in the same order every time. Throws `QueryTimeExceeded` when the search takes longer than allowed.
 */
export interface CatalogueSearch {
  search(criteria: SearchCriteria, page: PageRequest): Promise<Page<SearchHit>>;
}

/** The records a user submitted (`submitter`), or submitted or edited (`contributor`): the contributions module's part. */
export interface RecordsByPerson {
  recordsOf(userId: number, role: 'submitter' | 'contributor'): Promise<readonly RecordRef[]>;
}
