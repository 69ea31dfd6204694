import type { ContainerModuleLoadOptions } from 'inversify';
import { MarketFigurePresenter } from '../../adapters/http/marketplace/market-figure-presenter.js';
import { MarketFigureRoutes } from '../../adapters/http/marketplace/market-figure-routes.js';
import { GetFee } from '../../application/marketplace/get-fee.js';
import { GetMarketStats } from '../../application/marketplace/get-market-stats.js';
import { GetPriceSuggestions } from '../../application/marketplace/get-price-suggestions.js';
import { MarketFiguresPart } from '../../application/marketplace/market-figures-part.js';
import { MarketRateCache } from '../../application/marketplace/market-rate-cache.js';
import { ReleaseMarketBlock } from '../../application/marketplace/market-release-block.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { EVENTS } from '../events/events-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { Runtime } from '../spindle-module.js';
import { USERS } from '../users/users-tokens.js';
import { MARKET_FIGURES } from './market-figure-tokens.js';
import { MARKETPLACE } from './marketplace-tokens.js';

/**
 * Binds the marketplace's figures: the fee rule (from the configuration), the cached rate table (which the module's
 * `MARKETPLACE.CurrencyRateRepository` is, so `spindle rates` clears it), the profile's `num_for_sale`, fees, price suggestions, stats and release blocks, and their routes.
 */
export function bindMarketFigures(bind: ContainerModuleLoadOptions['bind'], runtime: Runtime): void {
  const { config } = runtime;
  bind(MARKETPLACE.FeeRule).toConstantValue(config.feeRule);
  bind(MARKET_FIGURES.Rates)
    .toResolvedValue((store, clock) => new MarketRateCache(store, clock), [MARKET_FIGURES.RateStore, CORE.Clock])
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
    .toResolvedValue((c, m, b) => new GetMarketStats(c, m, b), [CATALOGUE.Reader, MARKETPLACE.MarketFigures, MARKETPLACE.BlockedReleases])
    .inSingletonScope();
  bind(MARKET_FIGURES.ReleaseMarketBlock)
    .toResolvedValue((c, b, l, f, w, k, e) => new ReleaseMarketBlock(c, b, l, f, w, k, e), [
      CATALOGUE.Reader,
      MARKETPLACE.BlockedReleases,
      MARKETPLACE.ListingRepository,
      MARKET_FIGURES.ForSaleListings,
      PERSISTENCE.UnitOfWork,
      CORE.Clock,
      EVENTS.Recorder,
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
