import { ContainerModule } from 'inversify';
import { SqlCatalogueSamples } from '../../adapters/persistence/catalogue/catalogue-samples.js';
import { catalogueWriterFor } from '../../adapters/persistence/catalogue/catalogue-writer-for.js';
import { MikroOrmCatalogueReader } from '../../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import { MikroOrmNameResolver } from '../../adapters/persistence/catalogue/mikro-orm-name-resolver.js';
import { PgCatalogueReader } from '../../adapters/persistence/catalogue/pg-catalogue-reader.js';
import { preparedRows } from '../../adapters/persistence/catalogue/sql-rows.js';
import type { SqlRuntime } from '../spindle-module.js';
import { TEXT } from '../text/text-tokens.js';
import { CATALOGUE } from './catalogue-tokens.js';

/**
 * The catalogue on the database: records and lists read through MikroORM (on a server, records by id straight through
 * pg, the hot path, and lists as prepared statements on the same pool; the embedded database has one session), names
 * for text links, the bulk writer of the dump import (COPY on a server, the PGlite session when embedded), samples.
 */
export const catalogueSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const hotPool = db.hotReadPool();
    bind(CATALOGUE.Reader).toConstantValue(
      hotPool ? new PgCatalogueReader(hotPool, new MikroOrmCatalogueReader(db.orm, preparedRows(hotPool))) : new MikroOrmCatalogueReader(db.orm),
    );
    bind(TEXT.NameResolver).toConstantValue(new MikroOrmNameResolver(db.orm));
    bind(CATALOGUE.Writer).toConstantValue(catalogueWriterFor(db));
    bind(CATALOGUE.Samples).toConstantValue(new SqlCatalogueSamples(db.orm));
  });
