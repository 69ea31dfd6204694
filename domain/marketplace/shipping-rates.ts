import { isCountryCode } from './countries.js';
import type { Currency } from './currency.js';
import { Money } from './money.js';
import { isMoneyRefusal, moneyRefusal } from './money-refusal.js';
import { Refusal } from '../shared/refusal.js';

/**
 * The named destination regions a seller may price shipping to, besides `default` and single countries, each with
 * the ISO codes of its countries and territories.
 */
export const SHIPPING_REGIONS = {
  europe: [
    'AD', 'AL', 'AT', 'AX', 'BA', 'BE', 'BG', 'BY', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO', 'FR', 'GB',
    'GG', 'GI', 'GR', 'HR', 'HU', 'IE', 'IM', 'IS', 'IT', 'JE', 'LI', 'LT', 'LU', 'LV', 'MC', 'MD', 'ME', 'MK', 'MT',
    'NL', 'NO', 'PL', 'PT', 'RO', 'RS', 'RU', 'SE', 'SI', 'SJ', 'SK', 'SM', 'UA', 'VA', 'XK',
  ],
  north_america: ['BM', 'CA', 'GL', 'MX', 'PM', 'PR', 'US'],
} as const satisfies Record<string, readonly string[]>;

/** A named region of SHIPPING_REGIONS. */
export type ShippingRegion = keyof typeof SHIPPING_REGIONS;

/** The destination every buyer falls back to: the flat price, or the rest of the world. */
export const DEFAULT_DESTINATION = 'default';

/** The most a seller may charge for shipping one order, in major units of their currency. */
export const MAX_SHIPPING_PRICE = 100_000;

/** At most this many destinations (the default, regions and countries) in one seller's rates. */
export const MAX_SHIPPING_DESTINATIONS = 60;

/**
 * A seller's shipping price per order, in one currency (the seller's when they set it): the `default` amount (a flat
 * price, or the rest of the world's), and optionally amounts for named regions (SHIPPING_REGIONS) and for single
 * countries (ISO codes), which win over the default, a country over its region. Amounts may be zero (free shipping),
 * never negative. Destinations are kept in the order `default`, regions, countries (alphabetical).
 */
export interface ShippingRates {
  readonly currency: Currency;
  /** Destination (`default`, a region, a country code) → amount in minor units of `currency`. */
  readonly amounts: ReadonlyMap<string, bigint>;
}

/** The `code` of a refusal of shipping rates: the message names the destination or the amount at fault. */
export const SHIPPING_RATES_REFUSAL = 'shipping-rates';

const shippingRatesRefusal = (message: string): Refusal => new Refusal('invalid', message, { code: SHIPPING_RATES_REFUSAL });

function isRegion(key: string): key is ShippingRegion {
  return Object.hasOwn(SHIPPING_REGIONS, key);
}

/** A destination as written (`Default`, `Europe`, `north america`, `gb`), in its stored spelling, or null. */
function destinationKey(written: string): string | null {
  const key = written.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (key === DEFAULT_DESTINATION || isRegion(key)) return key;
  const code = written.trim().toUpperCase();
  return isCountryCode(code) ? code : null;
}

const AMOUNT_TEXT = /^\d+(\.\d+)?$/;

/**
 * Shipping rates as a seller writes them: a flat amount (a number, or decimal text), text of `destination=amount`
 * pairs, or an object of destination → amount whose amounts are as the client sent them (each is checked here, in
 * order, with its destination, so that the first problem named is the first written).
 */
export type ShippingRatesWritten = number | string | Readonly<Record<string, unknown>>;

/** An amount as a client writes it: a number, or decimal text. */
export type AmountWritten = number | string;

/** Why a value is not an amount (`name` says whose): the words of `shippingAmount`, and of an edge that checks types. */
export function notAnAmount(name: string, value: unknown): string {
  return `${name} must be a number of 0 or more, got ${JSON.stringify(value)}.`;
}

/** Why a value is not shipping rates at all (neither an amount, nor pairs, nor an object): an edge's words. */
export function notShippingRates(value: unknown): string {
  return `Shipping price must be an amount or destination=amount pairs, got ${JSON.stringify(value)}.`;
}

/**
 * A shipping amount in `currency`: a number or decimal text, zero or more, at most MAX_SHIPPING_PRICE, rounded half
 * up to the currency's minor unit as listing prices are (see `listingPrice`). Throws a money refusal otherwise.
 */
export function shippingAmount(value: unknown, currency: Currency, name: string): Money {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || !AMOUNT_TEXT.test(text)) throw moneyRefusal(notAnAmount(name, value));
  let amount: Money;
  try {
    amount = Money.fromDecimal(text, currency);
  } catch (err) {
    // Beyond what Money holds is beyond the maximum too.
    if (!(isMoneyRefusal(err))) throw err;
    throw moneyRefusal(`${name} may be at most ${MAX_SHIPPING_PRICE}, got ${text}.`);
  }
  if (amount.isGreaterThan(Money.fromDecimal(MAX_SHIPPING_PRICE, currency))) throw moneyRefusal(`${name} may be at most ${MAX_SHIPPING_PRICE}, got ${text}.`);
  return amount;
}

function destinationOrder(a: string, b: string): number {
  const rank = (k: string) => (k === DEFAULT_DESTINATION ? 0 : isRegion(k) ? 1 : 2);
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Shipping rates from what a seller wrote: a JSON object of destination → amount (`{"default": 5, "GB": 2.5,
 * "europe": 8}`), text of `destination=amount` pairs separated by commas, semicolons or lines (`default=5, GB=2.50,
 * europe=8`), or a single amount (a flat price: the default alone). Destinations in any letter case; a `default` is
 * required. Blank text, an empty object and null mean no rates (null). Throws an `invalid` Refusal (code SHIPPING_RATES_REFUSAL) naming the
 * first problem. (Which JSON types may stand for rates is the edge's to check: see `notShippingRates`.)
 */
export function shippingRates(value: ShippingRatesWritten | null | undefined, currency: Currency): ShippingRates | null {
  if (value === null || value === undefined) return null;
  let entries: [string, unknown][];
  if (typeof value === 'number') entries = [[DEFAULT_DESTINATION, value]];
  else if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (!text.includes('=') && !text.includes(':')) entries = [[DEFAULT_DESTINATION, text]];
    else {
      entries = [];
      for (const part of text.split(/[,;\n]+/)) {
        if (part.trim() === '') continue;
        const match = /^\s*([^=:]*?)\s*[=:]\s*(.*?)\s*$/.exec(part);
        if (!match) throw shippingRatesRefusal(`Shipping price: write destination=amount pairs, got "${part.trim()}".`);
        entries.push([match[1]!, match[2]!]);
      }
    }
  } else entries = Object.entries(value);
  if (entries.length === 0) return null;
  if (entries.length > MAX_SHIPPING_DESTINATIONS) {
    throw shippingRatesRefusal(`Shipping price may name at most ${MAX_SHIPPING_DESTINATIONS} destinations, got ${entries.length}.`);
  }
  const amounts = new Map<string, bigint>();
  for (const [written, amount] of entries) {
    const key = destinationKey(written);
    if (key === null) {
      throw shippingRatesRefusal(
        `Shipping price: "${written}" is not a destination (default, ${Object.keys(SHIPPING_REGIONS).join(', ')} or a two-letter country code).`,
      );
    }
    if (amounts.has(key)) throw shippingRatesRefusal(`Shipping price names ${key} twice.`);
    try {
      amounts.set(key, shippingAmount(amount, currency, `Shipping price for ${key}`).minorUnits);
    } catch (err) {
      if (!(isMoneyRefusal(err))) throw err;
      throw shippingRatesRefusal(err.message);
    }
  }
  if (!amounts.has(DEFAULT_DESTINATION)) {
    throw shippingRatesRefusal('Shipping price needs a default amount (for every destination not named).');
  }
  return ratesOf(currency, amounts);
}

/** Rates of amounts already checked (as stored), their destinations in the order ShippingRates keeps. */
export function ratesOf(currency: Currency, amounts: Iterable<readonly [string, bigint]>): ShippingRates {
  return { currency, amounts: new Map([...amounts].sort(([a], [b]) => destinationOrder(a, b))) };
}

/**
 * The shipping price for a buyer in `country` (an ISO code, or null when not known): the country's own amount, else
 * its region's, else the default.
 */
export function shippingTo(rates: ShippingRates, country: string | null): Money {
  const amount = (key: string): Money | null => {
    const minor = rates.amounts.get(key);
    return minor === undefined ? null : Money.fromMinorUnits(minor, rates.currency);
  };
  if (country !== null) {
    const own = amount(country);
    if (own) return own;
    for (const [region, members] of Object.entries(SHIPPING_REGIONS)) {
      if ((members as readonly string[]).includes(country)) {
        const regional = amount(region);
        if (regional) return regional;
      }
    }
  }
  return amount(DEFAULT_DESTINATION)!;
}

/** The rates as text in the format `shippingRates` reads (`default=5.00, europe=8.00, GB=2.50`), "" for none. */
export function shippingRatesText(rates: ShippingRates | null): string {
  if (!rates) return '';
  return [...rates.amounts].map(([key, minor]) => `${key}=${Money.fromMinorUnits(minor, rates.currency).toDecimalString()}`).join(', ');
}
