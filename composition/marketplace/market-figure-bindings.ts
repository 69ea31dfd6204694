import type { Command } from 'commander';
import type { ContainerModuleLoadOptions } from 'inversify';
import { MarketFigurePresenter } from '../../adapters/http/marketplace/market-figure-presenter.js';
import { MarketFigureRoutes } from '../../adapters/http/marketplace/market-figure-routes.js';
import { MikroOrmCurrencyRateRepository } from '../../adapters/persistence/marketplace/mikro-orm-currency-rate-repository.js';
import { SqlForSaleListingsOfRelease, SqlMarketFigures } from '../../adapters/persistence/marketplace/sql-market-figures.js';
import { GetFee } from '../../application/marketplace/get-fee.js';
import { GetMarketStats } from '../../application/marketplace/get-market-stats.js';
import { GetPriceSuggestions } from '../../application/marketplace/get-price-suggestions.js';
import { MarketFiguresPart } from '../../application/marketplace/market-figures-part.js';
import { MarketRateCache } from '../../application/marketplace/market-rate-cache.js';
import { ReleaseMarketBlock, type ReleaseMarketBlockResult } from '../../application/marketplace/market-release-block.js';
import { NotFound } from '../../application/errors.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { CommandContext, Runtime } from '../spindle-module.js';
import { USERS } from '../users/users-tokens.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';

/**
 * Binds the marketplace's figures: the fee rule (from the configuration), the cached rate table (which the module's
 * `MARKETPLACE.CurrencyRateRepository` is, so `spindle rates` clears it), the catalogue's market figures, the
 * profile's `num_for_sale`, fees, price suggestions, stats and release blocks, and their routes.
 */
export function bindMarketFigures(bind: ContainerModuleLoadOptions['bind'], runtime: Runtime): void {
  const { db, config } = runtime;
  bind(MARKETPLACE.FeeRule).toConstantValue(config.feeRule);
  bind(MARKET_FIGURES.Rates)
    .toResolvedValue((clock) => new MarketRateCache(new MikroOrmCurrencyRateRepository(db.orm), clock), [CORE.Clock])
    .inSingletonScope();
  bind(MARKETPLACE.MarketFigures)
    .toResolvedValue((rates) => new SqlMarketFigures(db.orm, rates), [MARKET_FIGURES.Rates])
    .inSingletonScope();
  bind(USERS.FiguresPart)
    .toResolvedValue((listings) => new MarketFiguresPart(listings), [MARKETPLACE.ListingRepository])
    .inSingletonScope();

  bind(MARKET_FIGURES.GetFee)
    .toResolvedValue((rule, rates) => new GetFee(rule, rates), [MARKETPLACE.FeeRule, MARKET_FIGURES.Rates])
    .inSingletonScope();
  bind(MARKET_FIGURES.GetPriceSuggestions)
    .toResolvedValue((c, u, s, l, r, k) => new GetPriceSuggestions(c, u, s, l, r, k), [
      CATALOGUE.Reader,
      IDENTITY.UserRepository,
      MARKETPLACE.SellerRepository,
      MARKETPLACE.ListingRepository,
      MARKET_FIGURES.Rates,
      CORE.Clock,
    ])
    .inSingletonScope();
  bind(MARKET_FIGURES.GetMarketStats)
    .toResolvedValue((c, m, b, u) => new GetMarketStats(c, m, b, u), [
      CATALOGUE.Reader,
      MARKETPLACE.MarketFigures,
      MARKETPLACE.BlockedReleases,
      IDENTITY.UserRepository,
    ])
    .inSingletonScope();
  bind(MARKET_FIGURES.ReleaseMarketBlock)
    .toResolvedValue((c, b, l, w, k) => new ReleaseMarketBlock(c, b, l, new SqlForSaleListingsOfRelease(db.orm), w, k), [
      CATALOGUE.Reader,
      MARKETPLACE.BlockedReleases,
      MARKETPLACE.ListingRepository,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
    ])
    .inSingletonScope();

  bind(HTTP.Routes)
    .toResolvedValue(
      (getFee, getPriceSuggestions, getMarketStats) =>
        new MarketFigureRoutes({ getFee, getPriceSuggestions, getMarketStats }, new MarketFigurePresenter()),
      [MARKET_FIGURES.GetFee, MARKET_FIGURES.GetPriceSuggestions, MARKET_FIGURES.GetMarketStats],
    )
    .inSingletonScope();
}

/** `spindle release-block ID [--reason TEXT]` and `spindle release-unblock ID`. */
export function marketFigureCommands(program: Command, context: CommandContext): void {
  const releaseIdOf = (text: string): number => {
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) throw new NotFound(`Release not found: "${text}" is not a release id.`);
    return Number(text);
  };
  const report = (id: number, blocked: boolean, r: ReleaseMarketBlockResult): string =>
    blocked
      ? `${r.changed ? 'Blocked' : 'Already blocked:'} release ${id} from sale; ${r.suspended} listing${r.suspended === 1 ? '' : 's'} suspended.`
      : r.changed
        ? `Unblocked release ${id}; its suspended listings stay suspended.`
        : `Release ${id} was not blocked.`;
  program
    .command('release-block')
    .description('block a release from sale: no new listings, no figures; its For Sale listings are suspended')
    .argument('<id>', 'the release id')
    .option('--reason <text>', 'why (kept with the block)')
    .action(async (id: string, opts: { reason?: string }) => {
      const releaseId = releaseIdOf(id);
      await context.withContainer(async (container) => {
        const result = await container.get(MARKET_FIGURES.ReleaseMarketBlock).execute({ releaseId, blocked: true, reason: opts.reason });
        console.log(report(releaseId, true, result));
      });
    });
  program
    .command('release-unblock')
    .description('lift the block on selling a release (suspended listings stay suspended)')
    .argument('<id>', 'the release id')
    .action(async (id: string) => {
      const releaseId = releaseIdOf(id);
      await context.withContainer(async (container) => {
        const result = await container.get(MARKET_FIGURES.ReleaseMarketBlock).execute({ releaseId, blocked: false });
        console.log(report(releaseId, false, result));
      });
    });
}
