import { ContainerModule } from 'inversify';
import { SearchPresenter } from '../../adapters/http/search/search-presenter.js';
import { SearchRoutes } from '../../adapters/http/search/search-routes.js';
import { SqlCatalogueSearch } from '../../adapters/persistence/search/sql-catalogue-search.js';
import type { CatalogueSearch, RecordsByPerson } from '../../application/ports/catalogue-search.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { SearchDatabase } from '../../application/search/search-database.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { SEARCH } from './search-tokens.js';

/**
 * Database search (`GET /database/search`): the search port over the posting lists the catalogue import keeps in the
 * catalogue's database (server or PGlite); a submitter's and contributor's records through the
 * `SEARCH.RecordsByPerson` slot. See ADR 0017.
 */
export const searchModule: SpindleModule = {
  name: 'search',

  bindings: ({ db, config }) =>
    new ContainerModule(({ bind }) => {
      bind(SEARCH.Engine).toConstantValue(new SqlCatalogueSearch(db.orm, { timeoutMs: config.searchTimeoutMs }));
      bind(SEARCH.SearchDatabase)
        .toResolvedValue((engine: CatalogueSearch, users: UserRepository, people: RecordsByPerson | undefined) => new SearchDatabase(engine, users, people), [
          SEARCH.Engine,
          IDENTITY.UserRepository,
          { serviceIdentifier: SEARCH.RecordsByPerson, optional: true },
        ])
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (searchDatabase, urls) => new SearchRoutes(searchDatabase, new SearchPresenter(urls), { baseUrl: config.baseUrl }),
          [SEARCH.SearchDatabase, HTTP.ApiUrls],
        )
        .inSingletonScope();
    }),
};
