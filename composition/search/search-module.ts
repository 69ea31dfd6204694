import { ContainerModule } from 'inversify';
import { SearchPresenter } from '../../adapters/http/search/search-presenter.js';
import { SearchRoutes } from '../../adapters/http/search/search-routes.js';
import type { CatalogueSearch, RecordsByPerson, UserHoldings } from '../../application/ports/catalogue-search.js';
import type { ImageLinks } from '../../application/ports/image-links.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { SearchDatabase } from '../../application/search/search-database.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { IMAGES } from '../images/images-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { searchMemory } from './search-memory.js';
import { searchSql } from './search-sql.js';
import { SEARCH } from './search-tokens.js';

/**
 * Database search (`GET /database/search`): the search port over the posting lists the catalogue import keeps in the
 * catalogue's database (server or PGlite); a submitter's and contributor's records through the
 * `SEARCH.RecordsByPerson` slot, a user's holdings (`user_data`) through `SEARCH.UserHoldings`, covers through the
 * images module's links. See ADR 0017.
 */
export const searchModule: SpindleModule = {
  name: 'search',

  adapters: { sql: searchSql, memory: searchMemory },

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(SEARCH.SearchDatabase)
        .toResolvedValue(
          (
            engine: CatalogueSearch,
            users: UserRepository,
            people: RecordsByPerson | undefined,
            holdings: UserHoldings | undefined,
            imageLinks: ImageLinks | undefined,
          ) => new SearchDatabase(engine, users, { people, holdings, imageLinks }),
          [
            SEARCH.Engine,
            IDENTITY.UserRepository,
            { serviceIdentifier: SEARCH.RecordsByPerson, optional: true },
            { serviceIdentifier: SEARCH.UserHoldings, optional: true },
            { serviceIdentifier: IMAGES.Links, optional: true },
          ],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (searchDatabase, urls) => new SearchRoutes(searchDatabase, new SearchPresenter(urls, config.dialect), { baseUrl: config.baseUrl }),
          [SEARCH.SearchDatabase, HTTP.ApiUrls],
        )
        .inSingletonScope();
    }),
};
