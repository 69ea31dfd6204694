import type { Currency } from '../../domain/marketplace/currency.js';
import { CurrencyRates } from '../../domain/marketplace/currency-rates.js';

/** TEST_RATES as the lines of a rate table (`currency`, `rate`), for loading through `SetCurrencyRates`. */
export const TEST_RATE_ENTRIES = [
  { currency: 'GBP', rate: '0.8' },
  { currency: 'EUR', rate: '0.9' },
  { currency: 'CAD', rate: '1.25' },
  { currency: 'AUD', rate: '1.5' },
  { currency: 'JPY', rate: '150' },
  { currency: 'CHF', rate: '0.88' },
  { currency: 'MXN', rate: '17.5' },
  { currency: 'BRL', rate: '5' },
  { currency: 'NZD', rate: '1.6' },
  { currency: 'SEK', rate: '10.5' },
  { currency: 'ZAR', rate: '18' },
] as const;

/** A rate table whose conversions of 0.10 and 150 USD were worked out by hand below. */
export const TEST_RATES = CurrencyRates.fromEntries(TEST_RATE_ENTRIES);

/**
 * Per currency, by hand: the default rule's bounds converted (0.10 USD and 150 USD at TEST_RATES, half away from
 * zero: CAD 0.125 → 0.13, CHF 0.088 → 0.09), and the prices where 8 % equals each bound (bound / 0.08; for the
 * minimum, the lowest price whose 8 % rounds to it or above).
 */
export const BOUNDS: Readonly<Record<Currency, { min: string; max: string; atMin: string; atMax: string }>> = {
  USD: { min: '0.10', max: '150.00', atMin: '1.25', atMax: '1875.00' },
  GBP: { min: '0.08', max: '120.00', atMin: '1.00', atMax: '1500.00' },
  EUR: { min: '0.09', max: '135.00', atMin: '1.13', atMax: '1687.50' },
  CAD: { min: '0.13', max: '187.50', atMin: '1.63', atMax: '2343.75' },
  AUD: { min: '0.15', max: '225.00', atMin: '1.88', atMax: '2812.50' },
  JPY: { min: '15', max: '22500', atMin: '188', atMax: '281250' },
  CHF: { min: '0.09', max: '132.00', atMin: '1.13', atMax: '1650.00' },
  MXN: { min: '1.75', max: '2625.00', atMin: '21.88', atMax: '32812.50' },
  BRL: { min: '0.50', max: '750.00', atMin: '6.25', atMax: '9375.00' },
  NZD: { min: '0.16', max: '240.00', atMin: '2.00', atMax: '3000.00' },
  SEK: { min: '1.05', max: '1575.00', atMin: '13.13', atMax: '19687.50' },
  ZAR: { min: '1.80', max: '2700.00', atMin: '22.50', atMax: '33750.00' },
};

