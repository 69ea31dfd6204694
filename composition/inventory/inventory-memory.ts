import { ContainerModule } from 'inversify';
import { InMemoryInventoryWriter } from '../../adapters/in-memory/in-memory-inventory-writer.js';
import { PagedInventoryReader } from '../../adapters/in-memory/paged-inventory-reader.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { INVENTORY } from './inventory-tokens.js';

/**
 * The inventory's bulk reads (the export) and writes (the upload) in the in-memory storage: through the
 * marketplace's listings and inventory pages (a page or a listing at a time costs nothing in memory), so they keep
 * no store of their own.
 */
export const inventoryMemory = (_runtime: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(INVENTORY.Reader).toResolvedValue((pages) => new PagedInventoryReader(pages), [MARKETPLACE.InventoryPages]).inSingletonScope();
    bind(INVENTORY.Writer)
      .toResolvedValue((l, p, b, c) => new InMemoryInventoryWriter(l, p, b, c), [
        MARKETPLACE.ListingRepository,
        MARKETPLACE.InventoryPages,
        MARKETPLACE.BlockedReleases,
        CATALOGUE.Reader,
      ])
      .inSingletonScope();
  });
