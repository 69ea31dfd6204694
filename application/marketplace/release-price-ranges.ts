import type { Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import { isMoneyRefusal } from '../../domain/marketplace/money-refusal.js';
import type { Money } from '../../domain/marketplace/money.js';
import type { PriceRange } from '../ports/release-prices.js';

/** A price a release is for sale at: one listing's, in its own currency. */
export interface AskingPrice {
  readonly releaseId: number;
  readonly price: Money;
}

/**
 * What each release sells for, in `currency`: of the asking prices of its listings for sale (each converted through
 * `rates`, rounded once, half away from zero), the lowest, the median (the middle one; of an even number, the mean of
 * the middle two, rounded the same way) and the highest. A price the table has no rate for cannot be compared and is
 * left out; a release left with none is not in the answer (it counts as nothing).
 */
export function releasePriceRanges(asking: readonly AskingPrice[], currency: Currency, rates: CurrencyRates | null): Map<number, PriceRange> {
  const byRelease = new Map<number, Money[]>();
  for (const { releaseId, price } of asking) {
    let converted: Money;
    try {
      if (price.currency !== currency && rates === null) continue;
      converted = rates === null ? price : price.convertTo(currency, rates);
    } catch (err) {
      if (isMoneyRefusal(err)) continue;
      throw err;
    }
    const prices = byRelease.get(releaseId);
    if (prices) prices.push(converted);
    else byRelease.set(releaseId, [converted]);
  }
  const ranges = new Map<number, PriceRange>();
  for (const [releaseId, prices] of byRelease) {
    prices.sort((a, b) => a.compareTo(b));
    const middle = Math.floor(prices.length / 2);
    const median = prices.length % 2 === 1 ? prices[middle]! : prices[middle - 1]!.plus(prices[middle]!).times('0.5');
    ranges.set(releaseId, { minimum: prices[0]!, median, maximum: prices[prices.length - 1]! });
  }
  return ranges;
}
