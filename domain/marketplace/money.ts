import { isCurrency, MINOR_UNIT_DIGITS, type Currency } from './currency.js';
import type { CurrencyRates } from './currency-rates.js';
import { divideRounded, formatUnits, numberText, parseDecimal, pow10, roundToDigits } from './exact-decimal.js';
import { moneyRefusal } from './money-refusal.js';

/** The largest amount in minor units, either sign: JavaScript's safe integer limit (about 90 trillion dollars). */
export const MAX_MINOR_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An amount of one currency, immutable: a whole number of the currency's minor units (cents; yen for JPY, which has
 * none) and the currency. Arithmetic runs on `bigint`, so intermediate products (an amount times a rate's numerator)
 * are exact and rounding happens once, half away from zero, at the end. Every amount stays within
 * ±MAX_MINOR_UNITS (a safe integer), so `toNumber()`, a PostgreSQL `bigint` column and JSON all hold it without loss;
 * an operation whose result would leave that range throws a money refusal. Operations on two amounts of different
 * currencies throw a money refusal too: converting is explicit (`convertTo`).
 */
export class Money {
  private constructor(
    private readonly minor: bigint,
    private readonly code: Currency,
  ) {}

  /** An amount given in minor units (`1235n` USD is 12.35); a number must be a safe integer. */
  static fromMinorUnits(minor: bigint | number, currency: Currency): Money {
    if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
      throw moneyRefusal(`${minor} is not a whole number of minor units.`);
    }
    return Money.checked(BigInt(minor), currency);
  }

  /**
   * An amount given in major units as decimal text (`'12.345'`, `'-0.5'`, `'1.2e3'`) or as a number (read as the
   * decimal JavaScript prints for it, so `12.345` is 12.345), rounded half away from zero to the currency's minor
   * unit: `'12.345'` USD → 12.35, `'-12.345'` → -12.35, `'1234.5'` JPY → 1235. Throws a money refusal for NaN,
   * infinities, text that is not a decimal number and results beyond ±MAX_MINOR_UNITS.
   */
  static fromDecimal(value: string | number, currency: Currency): Money {
    const decimal = parseDecimal(typeof value === 'number' ? numberText(value) : value);
    return Money.checked(roundToDigits(decimal, Money.digits(currency)), currency);
  }

  /** Nothing, in the given currency. */
  static zero(currency: Currency): Money {
    return Money.checked(0n, currency);
  }

  private static digits(currency: Currency): number {
    if (!isCurrency(currency)) throw moneyRefusal(`"${String(currency)}" is not an accepted currency.`);
    return MINOR_UNIT_DIGITS[currency];
  }

  private static checked(minor: bigint, currency: Currency): Money {
    Money.digits(currency);
    if (minor > MAX_MINOR_UNITS || minor < -MAX_MINOR_UNITS) {
      throw moneyRefusal(`The amount is out of range: ${formatUnits(minor, MINOR_UNIT_DIGITS[currency])} ${currency}.`);
    }
    return new Money(minor, currency);
  }

  /** The currency of the amount. */
  get currency(): Currency {
    return this.code;
  }

  /** The amount in minor units (cents; yen for JPY). */
  get minorUnits(): bigint {
    return this.minor;
  }

  /** Plain decimal text in major units with the currency's digits: "12.35", "-0.05", "0.00", "1200" for JPY. */
  toDecimalString(): string {
    return formatUnits(this.minor, MINOR_UNIT_DIGITS[this.code]);
  }

  /** The amount in major units as a number, for JSON: the double nearest the decimal (12.35, 1200). */
  toNumber(): number {
    return Number(this.toDecimalString());
  }

  /** "12.35 USD", for messages and logs. */
  toString(): string {
    return `${this.toDecimalString()} ${this.code}`;
  }

  /** The sum; both amounts must be in the same currency. */
  plus(other: Money): Money {
    this.sameCurrency(other, 'add');
    return Money.checked(this.minor + other.minor, this.code);
  }

  /** The difference (may be negative); both amounts must be in the same currency. */
  minus(other: Money): Money {
    this.sameCurrency(other, 'subtract');
    return Money.checked(this.minor - other.minor, this.code);
  }

  /**
   * The amount multiplied by a factor given as a number or decimal text (a quantity `3`, a fee rate `'0.08'`),
   * computed exactly and rounded half away from zero to the minor unit once.
   */
  times(factor: number | string): Money {
    const f = parseDecimal(typeof factor === 'number' ? numberText(factor) : factor);
    return Money.checked(divideRounded(this.minor * f.units, pow10(f.scale)), this.code);
  }

  /**
   * The amount in another currency at the table's rate, computed exactly (the rate as a ratio of integers, the
   * difference of minor-unit digits as a power of ten) and rounded half away from zero once, at the end. The same
   * currency gives the amount itself, without consulting the table. Throws a money refusal when the table has no rate
   * for either currency.
   */
  convertTo(currency: Currency, rates: CurrencyRates): Money {
    if (currency === this.code) return this;
    const rate = rates.rate(this.code, currency);
    const shift = Money.digits(currency) - MINOR_UNIT_DIGITS[this.code];
    const numerator = this.minor * rate.numerator * (shift > 0 ? pow10(shift) : 1n);
    const denominator = rate.denominator * (shift < 0 ? pow10(-shift) : 1n);
    return Money.checked(divideRounded(numerator, denominator), currency);
  }

  /** -1, 0 or 1 as this amount is less than, equal to or greater than the other, of the same currency. */
  compareTo(other: Money): -1 | 0 | 1 {
    this.sameCurrency(other, 'compare');
    return this.minor < other.minor ? -1 : this.minor > other.minor ? 1 : 0;
  }

  /** Whether this amount is less than the other, of the same currency. */
  isLessThan(other: Money): boolean {
    return this.compareTo(other) < 0;
  }

  /** Whether this amount is greater than the other, of the same currency. */
  isGreaterThan(other: Money): boolean {
    return this.compareTo(other) > 0;
  }

  /** Whether the amount is nothing. */
  isZero(): boolean {
    return this.minor === 0n;
  }

  /** Whether the amount is below zero. */
  isNegative(): boolean {
    return this.minor < 0n;
  }

  /** Whether the amount is above zero. */
  isPositive(): boolean {
    return this.minor > 0n;
  }

  /** Whether both are the same amount of the same currency (amounts of different currencies are never equal). */
  equals(other: Money): boolean {
    return this.code === other.code && this.minor === other.minor;
  }

  private sameCurrency(other: Money, verb: string): void {
    if (other.code !== this.code) {
      throw moneyRefusal(`Cannot ${verb} ${this.code} and ${other.code} amounts; convert one first.`);
    }
  }
}
