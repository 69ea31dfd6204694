import { ContainerModule } from 'inversify';
import { SqlCatalogueSearch } from '../../adapters/persistence/search/sql-catalogue-search.js';
import type { SqlRuntime } from '../spindle-module.js';
import { SEARCH } from './search-tokens.js';

/** Search on the database: the posting lists kept in SQL tables, planned and evaluated by the application's algorithm (ADR 0017). */
export const searchSql = ({ db, config }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(SEARCH.Engine).toConstantValue(new SqlCatalogueSearch(db.orm, { timeoutMs: config.searchTimeoutMs }));
  });
