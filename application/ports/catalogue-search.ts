import type { Image } from '../../domain/catalogue/media.js';
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

/**
 * One record found: the values its result shows, its community figures (zero for artists and labels), and its own
 * images (a master's, not its main release's), whose primary one is the result's cover.
 */
export interface SearchHit {
  readonly kind: SearchKind;
  readonly id: number;
  readonly result: SearchResultFacts;
  readonly have: number;
  readonly want: number;
  readonly images: readonly Image[];
}

/**
 * Searches the catalogue. Order: relevance first (128 for an exact catalogue number or barcode of the free text, 64
 * for an exact title, and per word of the free text, `title` and `release_title` a weight by where the record holds
 * it: 8 title, 4 artists, 2 labels and catalogue numbers, 1 elsewhere; stemming and accents folded; when no record
 * holds every word, words no record holds are replaced by vocabulary words a typing slip away, so a misspelt query
 * still finds), then popularity (collection and wantlist counts together), then id and kind, so equal scores come in
 * the same order every time. Pages may be as deep as the results. Counts are exact, except for a question of several
 * lists (words, fields) whose page was found without matching every block: then an estimate, and the page says so
 * (`Page.estimated`, ADR 0062). Throws `QueryTimeExceeded` when the search takes longer than allowed.
 */
export interface CatalogueSearch {
  search(criteria: SearchCriteria, page: PageRequest): Promise<Page<SearchHit>>;
}

/** The records a user submitted (`submitter`), or submitted or edited (`contributor`): the contributions module's part. */
export interface RecordsByPerson {
  recordsOf(userId: number, role: 'submitter' | 'contributor'): Promise<readonly RecordRef[]>;
}

/** Whether a user holds a record in their collection and has it in their wantlist. */
export interface Holds {
  readonly inCollection: boolean;
  readonly inWantlist: boolean;
}

/**
 * Which of some records a user holds (the collection module's part of a search's `user_data`): a release when it is
 * in the user's collection or wantlist, a master when any of its versions is; artists and labels never. One answer per
 * record asked, in the order asked, read in one batch.
 */
export interface UserHoldings {
  of(userId: number, records: readonly RecordRef[]): Promise<readonly Holds[]>;
}
