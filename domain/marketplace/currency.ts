/** The currencies the marketplace prices in, each with its minor unit (JPY has none). */
export const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'JPY', 'CHF', 'MXN', 'BRL', 'NZD', 'SEK', 'ZAR'] as const;

/** One of the twelve accepted ISO 4217 currency codes. */
export type Currency = (typeof CURRENCIES)[number];

/** Digits after the decimal point of each currency. */
export const MINOR_UNIT_DIGITS: Readonly<Record<Currency, number>> = {
  USD: 2, GBP: 2, EUR: 2, CAD: 2, AUD: 2, JPY: 0, CHF: 2, MXN: 2, BRL: 2, NZD: 2, SEK: 2, ZAR: 2,
};

/**
 * The currency a user's profile names (their `curr_abbr`, in which they see prices and sell), in any letter case; US
 * dollars when it is not one of the accepted codes.
 */
export function currencyOrDollars(code: string): Currency {
  const upper = code.toUpperCase();
  return isCurrency(upper) ? upper : 'USD';
}

/** Whether a string is one of the accepted currency codes (exact, upper-case). */
export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}
