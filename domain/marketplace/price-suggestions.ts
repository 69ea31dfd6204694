import { MEDIA_CONDITIONS, type MediaCondition } from './conditions.js';
import type { Currency } from './currency.js';
import type { CurrencyRates } from './currency-rates.js';
import { Money } from './money.js';
import type { PriceObservation } from './listing-repository.js';

/**
 * What a copy in each media condition is worth next to a Mint one, in basis points (Mint = 10,000): a Near Mint copy
 * at 85 % of a Mint one, Very Good Plus 65 %, Very Good 45 %, Good Plus 30 %, Good 22 %, Fair 15 %, Poor 10 %. The
 * curve follows the usual grading guides (each grade down costs more of the value in the middle of the scale).
 */
export const CONDITION_FACTORS: Readonly<Record<MediaCondition, bigint>> = {
  'Mint (M)': 10_000n,
  'Near Mint (NM or M-)': 8_500n,
  'Very Good Plus (VG+)': 6_500n,
  'Very Good (VG)': 4_500n,
  'Good Plus (G+)': 3_000n,
  'Good (G)': 2_200n,
  'Fair (F)': 1_500n,
  'Poor (P)': 1_000n,
};

/** How many asking prices one sale counts as: a sale is what a buyer paid, an asking price only what a seller hopes. */
export const SALE_WEIGHT = 3;
/** How many asking prices one asking price counts as. */
export const ASKING_WEIGHT = 1;

/** How far back sales count (days), for the repository's `soldSince`. */
export const SUGGESTION_SALES_DAYS = 90;

/** A suggested price for each media condition; empty when there is nothing to go by. */
export type PriceSuggestions = Partial<Record<MediaCondition, Money>>;

const BASIS = 10_000n;
/** Mint-equivalent amounts are held in millionths of a minor unit, so dividing by a factor loses nothing visible. */
const SCALE = 1_000_000n;

function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const q = numerator / denominator;
  const r = numerator % denominator;
  return 2n * (r < 0n ? -r : r) >= denominator ? q + (numerator < 0n ? -1n : 1n) : q;
}

/**
 * Suggested prices for a release in `currency`, from its observations (asking prices of copies for sale and recent
 * sales, in any currency):
 * 1. each observation is converted into `currency` (one that cannot be, for want of a rate, is left out);
 * 2. it is brought to a Mint equivalent by dividing by its condition's factor (CONDITION_FACTORS);
 * 3. the centre is the weighted median of those equivalents, a sale weighing SALE_WEIGHT and an asking price
 *    ASKING_WEIGHT (the lower median when the weights split evenly), so a few absurd prices move nothing;
 * 4. each condition's suggestion is the centre times its factor, rounded half away from zero to the minor unit.
 * No usable observation gives `{}`. Pure: the same observations and rates always give the same suggestions.
 */
export function suggestPrices(observations: readonly PriceObservation[], currency: Currency, rates: CurrencyRates | null): PriceSuggestions {
  const points: { value: bigint; weight: number }[] = [];
  for (const o of observations) {
    const factor = CONDITION_FACTORS[o.condition];
    if (factor === undefined || o.minorUnits <= 0n) continue;
    let price = Money.fromMinorUnits(o.minorUnits, o.currency);
    if (o.currency !== currency) {
      if (!rates || !rates.has(o.currency) || !rates.has(currency)) continue;
      price = price.convertTo(currency, rates);
    }
    points.push({ value: divideRounded(price.minorUnits * BASIS * SCALE, factor), weight: o.sold ? SALE_WEIGHT : ASKING_WEIGHT });
  }
  if (points.length === 0) return {};
  points.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const total = points.reduce((sum, p) => sum + p.weight, 0);
  let seen = 0;
  let centre = points[points.length - 1]!.value;
  for (const p of points) {
    seen += p.weight;
    if (2 * seen >= total) {
      centre = p.value;
      break;
    }
  }
  const suggestions: PriceSuggestions = {};
  for (const condition of MEDIA_CONDITIONS) {
    const minor = divideRounded(centre * CONDITION_FACTORS[condition], BASIS * SCALE);
    suggestions[condition] = Money.fromMinorUnits(minor, currency);
  }
  return suggestions;
}
