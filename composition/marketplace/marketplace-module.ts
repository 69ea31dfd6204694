import fs from 'node:fs';
import path from 'node:path';
import { ContainerModule } from 'inversify';
import { parseCurrencyRatesCsv } from '../../adapters/csv/csv-currency-rates-file.js';
import { CurrencyRateSchema } from '../../adapters/persistence/marketplace/currency-rate-row.js';
import { MARKETPLACE_SCHEMAS } from '../../adapters/persistence/marketplace/marketplace-rows.js';
import { MARKETPLACE_MIGRATIONS } from '../../adapters/persistence/marketplace/migrations/index.js';
import { SqlBlockedReleases } from '../../adapters/persistence/marketplace/sql-blocked-releases.js';
import { SqlListingRepository } from '../../adapters/persistence/marketplace/sql-listing-repository.js';
import { SqlSellerRepository } from '../../adapters/persistence/marketplace/sql-seller-repository.js';
import { GetCurrencyRates } from '../../application/marketplace/get-currency-rates.js';
import { SetCurrencyRates, type CurrencyRatesChange } from '../../application/marketplace/set-currency-rates.js';
import { Invalid } from '../../application/errors.js';
import { CORE } from '../core/core-tokens.js';
import { demoDataFile } from '../demo-data.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { seedDemoMarketplace } from './demo-marketplace.js';
import { bindListings, listingCommands } from './listing-bindings.js';
import { bindMarketFigures, marketFigureCommands } from './market-figure-bindings.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { bindSellers, sellerCommands } from './seller-bindings.js';
import { MARKETPLACE } from './marketplace-tokens.js';

/**
 * The marketplace: listings and inventories (`listing-bindings.ts`), fees, price suggestions, stats and the
 * catalogue's market figures (`market-figure-bindings.ts`), sellers' settings (`seller-bindings.ts`), and the
 * operator-maintained currency rate table (`spindle rates FILE`), which prices are converted through.
 */
export const marketplaceModule: SpindleModule = {
  name: 'marketplace',
  schema: { entities: [CurrencyRateSchema, ...MARKETPLACE_SCHEMAS], migrations: MARKETPLACE_MIGRATIONS },

  bindings: (runtime) =>
    new ContainerModule(({ bind }) => {
      const { db } = runtime;
      // The rate table through the figures part's cache, so a replacement here clears it (market-figure-bindings.ts).
      bind(MARKETPLACE.CurrencyRateRepository).toResolvedValue((rates) => rates, [MARKET_FIGURES.Rates]).inSingletonScope();
      bind(MARKETPLACE.ListingRepository).toConstantValue(new SqlListingRepository(db.orm));
      bind(MARKETPLACE.SellerRepository).toConstantValue(new SqlSellerRepository(db.orm));
      bind(MARKETPLACE.BlockedReleases).toConstantValue(new SqlBlockedReleases(db.orm));
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

  commands(program, context) {
    listingCommands(program, context);
    marketFigureCommands(program, context);
    sellerCommands(program, context);
    program
      .command('rates')
      .description('load the currency rate table from a CSV file (currency,rate per US dollar), or show the current one')
      .argument('[file]', 'CSV file: lines "currency,rate", e.g. "EUR,0.9231"; replaces the whole table')
      .action(async (file: string | undefined) => {
        await context.withContainer(async (container) => {
          if (file === undefined) {
            const stored = await container.get(MARKETPLACE.GetCurrencyRates).execute();
            if (!stored) {
              console.log('No currency rates loaded yet; load them with: spindle rates FILE');
              return;
            }
            console.log(`Currency rates per US dollar, from ${stored.source}, loaded ${stored.updatedAt.toISOString()}:`);
            for (const { currency, rate } of stored.rates.entries()) console.log(`${currency},${rate}`);
            return;
          }
          const change = await loadRatesFile(container.get(MARKETPLACE.SetCurrencyRates), path.resolve(file));
          console.log(describeChange(path.basename(file), change));
        });
      });
  },

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

async function loadRatesFile(useCase: SetCurrencyRates, file: string): Promise<CurrencyRatesChange> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Invalid(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return useCase.execute({ entries: parseCurrencyRatesCsv(text), source: path.basename(file) });
}

/** "Loaded 12 currency rates from rates.csv: 1 added (NZD), 2 changed (EUR 0.92 → 0.93, …), 0 removed." */
export function describeChange(source: string, c: CurrencyRatesChange): string {
  const list = (items: readonly string[]) => (items.length ? ` (${items.join(', ')})` : '');
  return (
    `Loaded ${c.count} currency rates from ${source}: ${c.added.length} added${list(c.added)}, ` +
    `${c.changed.length} changed${list(c.changed.map((x) => `${x.currency} ${x.from} → ${x.to}`))}, ` +
    `${c.removed.length} removed${list(c.removed)}.`
  );
}
