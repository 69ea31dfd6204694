import { CURRENCIES, isCurrency, MINOR_UNIT_DIGITS, type Currency } from '../../domain/marketplace/currency.js';
import { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import { feeFor, type FeeRule } from '../../domain/marketplace/fee-rule.js';
import { Money } from '../../domain/marketplace/money.js';
import { Invalid, Unavailable } from '../errors.js';

/** A price as written in the path (`20.5`, `20.50`, `20.5000`) and the currency code (USD when left out). */
export interface GetFeeInput {
  readonly price: string;
  readonly currency?: string;
}

/** The longest price text accepted: more digits than any amount Money holds. */
const MAX_PRICE_TEXT = 40;
const PRICE_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * A price from its text in a currency: plain decimal digits with an optional fraction (`20`, `20.5`, `20.5000`;
 * trailing zeros are ignored), never negative, no exponent, no more significant decimals than the currency's minor
 * unit (`20.505` USD and `1000.5` JPY are refused rather than rounded: a fee for a price nobody can list). Throws
 * Invalid with the reason.
 */
export function priceOf(text: string, currency: Currency): Money {
  const m = text.length <= MAX_PRICE_TEXT ? PRICE_TEXT.exec(text) : null;
  if (!m) throw new Invalid(`Invalid price: expected a positive decimal number such as 20.50, got "${text.slice(0, MAX_PRICE_TEXT)}".`);
  const digits = MINOR_UNIT_DIGITS[currency];
  if ((m[2] ?? '').replace(/0+$/, '').length > digits) {
    throw new Invalid(
      digits === 0
        ? `Invalid price: ${currency} has no decimals, got "${text}".`
        : `Invalid price: ${currency} has ${digits} decimals, got "${text}".`,
    );
  }
  try {
    return Money.fromDecimal(text, currency);
  } catch {
    throw new Invalid(`Invalid price: "${text}" is too large.`);
  }
}

/** The currency code of a fee request (any letter case; USD when left out); Invalid for an unknown one. */
export function feeCurrencyOf(code: string | undefined): Currency {
  if (code === undefined) return 'USD';
  const upper = code.toUpperCase();
  if (!isCurrency(upper)) throw new Invalid(`Invalid currency: expected one of ${CURRENCIES.join(', ')}, got "${code}".`);
  return upper;
}

/**
 * The marketplace fee on a price (`GET /marketplace/fee/{price}/{currency}`): the configured rule applied to the
 * price, in the price's currency. The rule's bounds are converted through the current rate table when the price is
 * in another currency; without a table (or without a rate for the currency) that cannot be done, and the answer is
 * Unavailable (503) rather than a guess.
 */
export class GetFee {
  constructor(
    private readonly rule: FeeRule,
    private readonly rates: CurrencyRateRepository,
  ) {}

  async execute(input: GetFeeInput): Promise<Money> {
    const currency = feeCurrencyOf(input.currency);
    const price = priceOf(input.price, currency);
    const ruleCurrency = this.rule.minimum.currency;
    if (currency === ruleCurrency && this.rule.maximum.currency === ruleCurrency) {
      return feeFor(price, this.rule, EMPTY_RATES);
    }
    const table = (await this.rates.current())?.rates;
    if (!table || !table.has(currency) || !table.has(ruleCurrency)) {
      throw new Unavailable(
        600,
        `The fee in ${currency} cannot be worked out: there is no conversion rate between ${ruleCurrency} and ${currency} yet.`,
      );
    }
    return feeFor(price, this.rule, table);
  }
}

/** The table consulted when the rule's bounds are in the price's currency: none is needed. */
const EMPTY_RATES = CurrencyRates.fromEntries([]);
