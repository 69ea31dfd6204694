import { ContainerModule } from 'inversify';
import { NoListingsMarketFigures } from '../../adapters/in-memory/no-listings-market-figures.js';
import { TOKENS } from '../tokens.js';

/** Marketplace adapters. Listings do not exist yet, so catalogue pages show nothing for sale. */
export function marketplaceModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.MarketFigures).toConstantValue(new NoListingsMarketFigures());
  });
}
