import { ContainerModule } from 'inversify';
import { MikroOrmCollectionRepository, MikroOrmWantlistRepository } from '../../adapters/persistence/collection/mikro-orm-collection-repositories.js';
import { SqlCollectionListReader } from '../../adapters/persistence/collection/sql-collection-list-reader.js';
import { SqlHoldingCounts } from '../../adapters/persistence/collection/sql-holding-counts.js';
import { SqlUserHoldings } from '../../adapters/persistence/collection/sql-user-holdings.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { SEARCH } from '../search/search-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { COLLECTION } from './collection-tokens.js';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/**
 * Collections and wantlists on the database: the repositories through MikroORM, and the read models in SQL (the
 * folders' pages, the catalogue's collection and wantlist counts, a search result's `user_data`).
 */
export const collectionSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(COLLECTION.Repository).toConstantValue(new MikroOrmCollectionRepository(db.orm));
    bind(COLLECTION.Wantlists).toConstantValue(new MikroOrmWantlistRepository(db.orm));
    bind(COLLECTION.ListReader).toConstantValue(new SqlCollectionListReader(db.orm));
    bind(CATALOGUE.HoldingCounts).toConstantValue(new SqlHoldingCounts(db.orm));
    bind(SEARCH.UserHoldings).toConstantValue(new SqlUserHoldings(db.orm));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(
      new SqlPersonalDataEraser(db.orm, 'collection and wantlist', [
        { table: 'collection_instance', column: 'user_id' },
        { table: 'collection_folder', column: 'user_id' },
        { table: 'collection_settings', column: 'user_id' },
        { table: 'want', column: 'user_id' },
      ]),
    );
  });
