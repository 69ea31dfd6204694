/** The currencies the marketplace prices in, each with its minor unit (JPY has none). */
export const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'JPY', 'CHF', 'MXN', 'BRL', 'NZD', 'SEK', 'ZAR'] as const;

/** One of the twelve accepted ISO 4217 currency codes. */
export type Currency = (typeof CURRENCIES)[number];

/** Digits after the decimal point of each currency. */
export const MINOR_UNIT_DIGITS: Readonly<Record<Currency, number>> = {
  USD: 2, GBP: 2, EUR: 2, CAD: 2, AUD: 2, JPY: 0, CHF: 2, MXN: 2, BRL: 2, NZD: 2, SEK: 2, ZAR: 2,
};

/** Whether a string is one of the accepted currency codes (exact, upper-case). */
export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}
