import type { Currency } from './currency.js';
import type { Money } from './money.js';

/** The symbol written before an amount of each currency, as the marketplace shows prices. */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  USD: '$',
  GBP: '£',
  EUR: '€',
  CAD: 'CA$',
  AUD: 'A$',
  JPY: '¥',
  CHF: 'CHF',
  MXN: 'MX$',
  BRL: 'R$',
  NZD: 'NZ$',
  SEK: 'SEK',
  ZAR: 'ZAR',
};

/**
 * An amount as a price is shown: the currency's symbol, thousands grouped with commas, the currency's minor digits
 * (`$1,234.50`, `€10.00`, `¥1,000`, `-$0.05`).
 */
export function formatMoney(money: Money): string {
  const text = money.toDecimalString();
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${CURRENCY_SYMBOLS[money.currency]}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
