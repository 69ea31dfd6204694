import { ContainerModule } from 'inversify';
import { GetCurrencyRates } from '../../application/marketplace/get-currency-rates.js';
import { SetCurrencyRates } from '../../application/marketplace/set-currency-rates.js';
import { CORE } from '../core/core-tokens.js';
import { demoDataFile } from '../demo-data.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { marketplaceSchema } from './marketplace-schema.js';
import { marketplaceMemory } from './marketplace-memory.js';
import { marketplaceSql } from './marketplace-sql.js';
import { seedDemoMarketplace } from './demo-marketplace.js';
import { bindListings } from './listing-bindings.js';
import { bindMarketFigures } from './market-figure-bindings.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { bindSellers } from './seller-bindings.js';
import { describeChange, loadRatesFile } from './marketplace-commands.js';
import { MARKETPLACE } from './marketplace-tokens.js';

/**
 * The marketplace: listings and inventories (`listing-bindings.ts`), fees, price suggestions, stats and the
 * catalogue's market figures (`market-figure-bindings.ts`), sellers' settings (`seller-bindings.ts`), and the
 * operator-maintained currency rate table (`spindle rates FILE`), which prices are converted through.
 */
export const marketplaceModule: SpindleModule = {
  name: 'marketplace',
  schema: marketplaceSchema,

  adapters: { sql: marketplaceSql, memory: marketplaceMemory },

  bindings: (runtime) =>
    new ContainerModule(({ bind }) => {
      // The rate table through the figures part's cache, so a replacement here clears it (market-figure-bindings.ts).
      bind(MARKETPLACE.CurrencyRateRepository).toResolvedValue((rates) => rates, [MARKET_FIGURES.Rates]).inSingletonScope();
      bindListings(bind, runtime);
      bindMarketFigures(bind, runtime);
      bindSellers(bind, runtime);
      bind(MARKETPLACE.SetCurrencyRates)
        .toResolvedValue((rates, uow, clock) => new SetCurrencyRates(rates, uow, clock), [
          MARKETPLACE.CurrencyRateRepository,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(MARKETPLACE.GetCurrencyRates)
        .toResolvedValue((rates) => new GetCurrencyRates(rates), [MARKETPLACE.CurrencyRateRepository])
        .inSingletonScope();
    }),

  demoAfter: ['identity', 'catalogue'],

  async demo(container, log) {
    if (await container.get(MARKETPLACE.GetCurrencyRates).execute()) {
      log('marketplace: currency rates already loaded; demo rates left out');
    } else {
      const change = await loadRatesFile(container.get(MARKETPLACE.SetCurrencyRates), demoDataFile('currency-rates.csv'));
      log(`marketplace: ${describeChange('demo currency-rates.csv', change)}`);
    }
    await seedDemoMarketplace(container, log);
  },
};
