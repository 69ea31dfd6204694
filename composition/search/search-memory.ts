import { ContainerModule } from 'inversify';
import { inMemoryCatalogue } from '../../adapters/in-memory/in-memory-catalogue.js';
import { InMemoryCatalogueSearch } from '../../adapters/in-memory/in-memory-catalogue-search.js';
import type { Clock } from '../../application/ports/clock.js';
import type { HoldingCounts } from '../../application/ports/community-figures.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { CORE } from '../core/core-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { SEARCH } from './search-tokens.js';

/**
 * Search in the in-memory storage: the application's algorithm over the posting lists the in-memory catalogue keeps as
 * its writer stores records (ADR 0017); popularity and `have`/`want` from the collection module's holding counts
 * (none without it).
 */
export const searchMemory = ({ memory, config }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(SEARCH.Engine)
      .toResolvedValue(
        (clock: Clock, holdings: HoldingCounts | undefined) =>
          new InMemoryCatalogueSearch(inMemoryCatalogue(memory, clock), holdings, { timeoutMs: config.searchTimeoutMs }),
        [CORE.Clock, { serviceIdentifier: CATALOGUE.HoldingCounts, optional: true }],
      )
      .inSingletonScope();
  });
