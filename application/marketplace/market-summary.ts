import { isCurrency, type Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import { Money } from '../../domain/marketplace/money.js';
import type { MarketSummary, StoredLowestPrices } from '../ports/market-figures.js';

/** The lowest asking price in each currency, in minor units, as a release row keeps it (`lowest_prices`). */
export type LowestPrices = StoredLowestPrices;

/** What a release with nothing for sale (or blocked from sale) shows. */
export const NOTHING_FOR_SALE: MarketSummary = Object.freeze({ lowestPrice: null, numForSale: 0 });

/**
 * A release's (or a master's) market summary in `currency` from the figures kept for it: how many copies are for
 * sale, and the lowest price in each currency listed in. The lowest price is the least of those minimums, each
 * converted into `currency` through `rates` (half away from zero, to the currency's minor unit); a minimum in a
 * currency that cannot be converted (no table loaded, or no rate for it) is left out, and when none can be converted
 * the lowest price is null while the count stands. Nothing for sale gives NOTHING_FOR_SALE.
 */
export function marketSummaryOf(
  lowest: LowestPrices | null,
  numForSale: number,
  currency: Currency,
  rates: CurrencyRates | null,
): MarketSummary {
  if (numForSale <= 0 || lowest === null) return NOTHING_FOR_SALE;
  let best: Money | null = null;
  for (const [code, minor] of Object.entries(lowest)) {
    if (!isCurrency(code)) continue;
    const price = Money.fromMinorUnits(BigInt(minor), code);
    let converted: Money;
    if (code === currency) converted = price;
    else if (rates && rates.has(code) && rates.has(currency)) converted = price.convertTo(currency, rates);
    else continue;
    if (best === null || converted.isLessThan(best)) best = converted;
  }
  return { lowestPrice: best, numForSale };
}

/**
 * `marketSummaryOf` the figures kept for a release or a master, reading the rate table (`rates`: the cached one)
 * only when a price is in another currency than `currency`: what every `MarketFigures` adapter's `fromStored` is.
 */
export function storedMarketSummary(
  lowest: LowestPrices | null,
  numForSale: number,
  currency: Currency,
  rates: CurrencyRateRepository,
): MarketSummary | Promise<MarketSummary> {
  if (numForSale <= 0 || lowest === null) return marketSummaryOf(null, 0, currency, null);
  const needsRates = Object.keys(lowest).some((code) => code !== currency);
  if (!needsRates) return marketSummaryOf(lowest, numForSale, currency, null);
  return rates.current().then((table) => marketSummaryOf(lowest, numForSale, currency, table?.rates ?? null));
}
