import type { CatalogueSearch, RecordsByPerson, UserHoldings } from '../../application/ports/catalogue-search.js';
import type { SearchDatabase } from '../../application/search/search-database.js';
import { token } from '../token.js';

export const SEARCH = {
  /** The search port: posting lists the import keeps in the catalogue's database (ADR 0017). */
  Engine: token<CatalogueSearch>('search/Engine'),
  /** The slot for the records of a submitter or contributor: the contributions module binds it (optional). */
  RecordsByPerson: token<RecordsByPerson>('search/RecordsByPerson'),
  /** The slot for which records a user holds (a result's `user_data`): the collection module binds it (optional). */
  UserHoldings: token<UserHoldings>('search/UserHoldings'),
  SearchDatabase: token<SearchDatabase>('search/SearchDatabase'),
} as const;
