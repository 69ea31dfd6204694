import { ContainerModule } from 'inversify';
import { MikroOrmCatalogueReader } from '../../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import { MikroOrmNameResolver } from '../../adapters/persistence/catalogue/mikro-orm-name-resolver.js';
import type { Database } from '../../adapters/persistence/database.js';
import { TOKENS } from '../tokens.js';

/** MikroORM persistence on an open database (embedded PGlite or a PostgreSQL server). */
export function mikroOrmPersistenceModule(db: Database): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.Database).toConstantValue(db);
    bind(TOKENS.CatalogueReader).toConstantValue(new MikroOrmCatalogueReader(db.orm));
    bind(TOKENS.NameResolver).toConstantValue(new MikroOrmNameResolver(db.orm));
  });
}
