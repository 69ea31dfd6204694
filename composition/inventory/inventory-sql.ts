import { ContainerModule } from 'inversify';
import { SqlInventoryReader } from '../../adapters/persistence/inventory/sql-inventory-reader.js';
import { SqlInventoryWriter } from '../../adapters/persistence/inventory/sql-inventory-writer.js';
import type { SqlRuntime } from '../spindle-module.js';
import { INVENTORY } from './inventory-tokens.js';

/** The inventory's bulk reads (the export) and writes (the upload) on the database, in SQL (ADRs 0023, 0024). */
export const inventorySql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(INVENTORY.Reader).toConstantValue(new SqlInventoryReader(db.orm));
    bind(INVENTORY.Writer).toConstantValue(new SqlInventoryWriter(db.orm));
  });
