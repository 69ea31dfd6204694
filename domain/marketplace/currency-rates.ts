import { CURRENCIES, isCurrency, type Currency } from './currency.js';
import { formatUnits, pow10 } from './exact-decimal.js';
import type { Refusal } from '../shared/refusal.js';
import { moneyRefusal } from './money-refusal.js';

/** The currency every rate is quoted against: a rate says how many units of a currency one US dollar buys. */
export const BASE_CURRENCY: Currency = 'USD';

/** The most digits a rate may have after the decimal point; rates are held exactly as multiples of 10^-12. */
export const RATE_DECIMALS = 12;

/** The most digits a rate may have before the decimal point. */
export const RATE_WHOLE_DIGITS = 12;

const RATE_TEXT = /^(\d+)(?:\.(\d+))?$/;

/** One line of a rate table: a currency code and how many of it one BASE_CURRENCY unit buys, as decimal text. */
export interface RateEntry {
  readonly currency: string;
  readonly rate: string;
}

/** An exact positive ratio of two integers, in lowest terms. */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** One refused entry of a rate table: its zero-based position in the list given, the currency as given, and why. */
export interface RateProblem {
  readonly index: number;
  readonly currency: string;
  readonly reason: string;
}

/**
 * A rate table that cannot be built: a money refusal whose `problems` name every bad entry (`entry 2 (XYZ)` and the
 * reason), and whose message names them all.
 */
function invalidCurrencyRates(problems: readonly RateProblem[]): Refusal {
  const each = problems.map((p) => ({ field: `entry ${p.index + 1} (${p.currency})`, message: p.reason }));
  return moneyRefusal(`Invalid currency rates: ${each.map((p) => `${p.field}: ${p.message}`).join('; ')}.`, each);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * Conversion rates between the accepted currencies: for each currency in the table, how many of its units one
 * BASE_CURRENCY unit buys, held exactly (as an integer count of 10^-RATE_DECIMALS). The base currency's rate is 1.
 * A table need not hold every currency; asking for a rate it lacks throws a money refusal. Immutable.
 */
export class CurrencyRates {
  private constructor(private readonly scaled: ReadonlyMap<Currency, bigint>) {}

  /**
   * Builds a table from entries as an operator writes them: `{ currency: 'EUR', rate: '0.9234' }`. A rate is plain
   * decimal text, greater than zero, with at most RATE_WHOLE_DIGITS digits before the point and RATE_DECIMALS after.
   * The base currency may be left out (its rate is 1) or given as 1. Every bad entry (unknown currency, a currency
   * listed twice, a malformed, zero or too precise rate, a base rate other than 1) is reported in one
   * a money refusal naming every bad entry.
   */
  static fromEntries(entries: Iterable<RateEntry>): CurrencyRates {
    const scaled = new Map<Currency, bigint>();
    const problems: RateProblem[] = [];
    let index = 0;
    for (const { currency, rate } of entries) {
      const problem = (reason: string) => problems.push({ index, currency, reason });
      const m = RATE_TEXT.exec(rate);
      const value = m ? BigInt(m[1]! + (m[2] ?? '').padEnd(RATE_DECIMALS, '0')) : 0n;
      if (!isCurrency(currency)) problem(`"${currency}" is not an accepted currency (${CURRENCIES.join(', ')})`);
      else if (scaled.has(currency)) problem(`${currency} is listed more than once`);
      else if (!m) problem(`"${rate}" is not a plain decimal number such as 0.9234`);
      else if (m[1]!.length > RATE_WHOLE_DIGITS) problem(`"${rate}" has more than ${RATE_WHOLE_DIGITS} digits before the point`);
      else if ((m[2] ?? '').length > RATE_DECIMALS) problem(`"${rate}" has more than ${RATE_DECIMALS} digits after the point`);
      else if (value === 0n) problem(`the rate must be greater than zero, got "${rate}"`);
      else if (currency === BASE_CURRENCY && value !== pow10(RATE_DECIMALS)) problem(`the rate of ${BASE_CURRENCY} must be 1, got "${rate}"`);
      else scaled.set(currency, value);
      index++;
    }
    if (problems.length) throw invalidCurrencyRates(problems);
    scaled.set(BASE_CURRENCY, pow10(RATE_DECIMALS));
    return new CurrencyRates(scaled);
  }

  /**
   * The table as entries in the order of CURRENCIES, the base currency included, each rate as
   * its shortest decimal text (`'0.9234'`, `'1'`); `fromEntries(t.entries())` builds an equal table.
   */
  entries(): readonly { readonly currency: Currency; readonly rate: string }[] {
    return CURRENCIES.filter((c) => this.scaled.has(c)).map((currency) => ({ currency, rate: this.text(currency) }));
  }

  /** Whether the table has a rate for the currency. */
  has(currency: Currency): boolean {
    return this.scaled.has(currency);
  }

  /**
   * How many units of `to` one unit of `from` buys, exactly, in lowest terms: with EUR at 0.9234 and GBP at 0.79,
   * `rate('EUR', 'GBP')` is 7900/9234 reduced. Throws a money refusal naming a currency the table has no rate for.
   */
  rate(from: Currency, to: Currency): Ratio {
    const numerator = this.scaledRate(to);
    const denominator = this.scaledRate(from);
    const divisor = gcd(numerator, denominator);
    return { numerator: numerator / divisor, denominator: denominator / divisor };
  }

  private scaledRate(currency: Currency): bigint {
    const rate = this.scaled.get(currency);
    if (rate === undefined) throw moneyRefusal(`There is no conversion rate for ${currency}.`);
    return rate;
  }

  private text(currency: Currency): string {
    return formatUnits(this.scaled.get(currency)!, RATE_DECIMALS).replace(/\.?0+$/, '');
  }
}
