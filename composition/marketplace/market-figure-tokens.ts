import type { GetFee } from '../../application/marketplace/get-fee.js';
import type { GetMarketStats } from '../../application/marketplace/get-market-stats.js';
import type { GetPriceSuggestions } from '../../application/marketplace/get-price-suggestions.js';
import type { MarketRateCache } from '../../application/marketplace/market-rate-cache.js';
import type { ForSaleListingsOfRelease, ReleaseMarketBlock } from '../../application/marketplace/market-release-block.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import { token } from '../token.js';

/** The tokens of the marketplace's figures part: fees, price suggestions, stats, blocks, the cached rate table. */
export const MARKET_FIGURES = {
  /** The stored currency rate table, as the storage keeps it (read through `Rates`). */
  RateStore: token<CurrencyRateRepository>('marketplace/figures/RateStore'),
  /** A release's listings for sale, for its market block. */
  ForSaleListings: token<ForSaleListingsOfRelease>('marketplace/figures/ForSaleListings'),
  /** The currency rate table read through a short cache (the one catalogue pages convert with). */
  Rates: token<MarketRateCache>('marketplace/figures/Rates'),
  GetFee: token<GetFee>('marketplace/figures/GetFee'),
  GetPriceSuggestions: token<GetPriceSuggestions>('marketplace/figures/GetPriceSuggestions'),
  GetMarketStats: token<GetMarketStats>('marketplace/figures/GetMarketStats'),
  ReleaseMarketBlock: token<ReleaseMarketBlock>('marketplace/figures/ReleaseMarketBlock'),
} as const;
