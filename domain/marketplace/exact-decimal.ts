import { moneyRefusal } from './money-refusal.js';

/** A decimal number held exactly as `units / 10^scale` (scale ≥ 0). */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

/** The longest decimal text read, so that a hostile input cannot make the arithmetic arbitrarily slow. */
export const MAX_DECIMAL_LENGTH = 64;

/** The largest exponent magnitude read (`1e40`); beyond it no amount or factor is meaningful. */
export const MAX_EXPONENT = 40;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** 10 to the power `n` (n ≥ 0) as a bigint. */
export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/**
 * Reads a decimal number exactly: an optional sign, digits with an optional fraction (`12`, `12.345`, `.5`, `5.`),
 * and an optional exponent (`1.2e3`, `5E-7`). Throws a money refusal naming the text when it is anything else (`NaN`,
 * `Infinity`, `0x10`, blanks), longer than MAX_DECIMAL_LENGTH, or with an exponent beyond ±MAX_EXPONENT.
 */
export function parseDecimal(text: string): ExactDecimal {
  if (text.length > MAX_DECIMAL_LENGTH) throw moneyRefusal(`"${text.slice(0, 20)}…" is too long to be an amount.`);
  const m = DECIMAL.exec(text);
  const whole = m?.[2] ?? '';
  const fraction = m?.[3] ?? '';
  if (!m || whole.length + fraction.length === 0) throw moneyRefusal(`"${text}" is not a decimal number.`);
  const exponent = m[4] === undefined ? 0 : Number(m[4]);
  if (!(Math.abs(exponent) <= MAX_EXPONENT)) throw moneyRefusal(`"${text}" has an exponent beyond ±${MAX_EXPONENT}.`);
  const magnitude = BigInt(whole + fraction || '0');
  const units = m[1] === '-' ? -magnitude : magnitude;
  const scale = fraction.length - exponent;
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

/**
 * The decimal text of a finite number as JavaScript prints it (its shortest round-trip form), so `12.345` reads as
 * the decimal 12.345 a person wrote, not as the binary double just below it. Throws a money refusal for NaN and infinities.
 */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) throw moneyRefusal(`${value} is not a finite number.`);
  return String(value);
}

/** `numerator / denominator` rounded half away from zero (2.5 → 3, -2.5 → -3); the denominator must not be 0. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw moneyRefusal('Division by zero.');
  if (denominator < 0n) return divideRounded(-numerator, -denominator);
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator; // has the sign of the numerator
  const twice = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** The value `units / 10^scale` rounded half away from zero to `digits` places, as units of 10^-digits. */
export function roundToDigits(value: ExactDecimal, digits: number): bigint {
  return digits >= value.scale
    ? value.units * pow10(digits - value.scale)
    : divideRounded(value.units, pow10(value.scale - digits));
}

/** Writes `units / 10^digits` as plain decimal text with exactly `digits` places: (1235n, 2) → "12.35", (-5n, 2) → "-0.05". */
export function formatUnits(units: bigint, digits: number): string {
  const sign = units < 0n ? '-' : '';
  const text = (units < 0n ? -units : units).toString().padStart(digits + 1, '0');
  return digits === 0 ? sign + text : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
