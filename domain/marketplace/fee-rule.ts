import type { Currency } from './currency.js';
import type { CurrencyRates } from './currency-rates.js';
import { Money } from './money.js';
import { moneyRefusal } from './money-refusal.js';

/**
 * The marketplace fee on a sale: a share of the price, at least a minimum and at most a maximum, both set in one
 * currency (US dollars by default) and converted into the price's currency. GAPS' default: 8%, at least 0.10 USD,
 * at most 150 USD.
 */
export interface FeeRule {
  /** The share of the price, as decimal text (`'0.08'`). */
  readonly rate: string;
  readonly minimum: Money;
  readonly maximum: Money;
}

export const DEFAULT_FEE_RULE: FeeRule = {
  rate: '0.08',
  minimum: Money.fromDecimal('0.10', 'USD'),
  maximum: Money.fromDecimal('150', 'USD'),
};

/**
 * A fee rule from its settings, checked: the rate a decimal from 0 to 1, the minimum not above the maximum (in the
 * same currency), neither negative. Throws a money refusal naming the problem.
 */
export function feeRule(rate: string, minimum: Money, maximum: Money): FeeRule {
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(rate)) throw moneyRefusal(`The fee rate must be a decimal from 0 to 1, got "${rate}".`);
  if (minimum.isNegative() || maximum.isNegative()) throw moneyRefusal('The fee minimum and maximum may not be negative.');
  if (minimum.isGreaterThan(maximum)) throw moneyRefusal(`The fee minimum ${minimum} is above the maximum ${maximum}.`);
  return { rate, minimum, maximum };
}

/**
 * The fee on a price, in the price's currency: the rate times the price (rounded half away from zero to the
 * currency's minor unit), raised to the converted minimum and lowered to the converted maximum. A price of zero
 * still pays the minimum. The rates table is consulted only when the bounds are in another currency.
 */
export function feeFor(price: Money, rule: FeeRule, rates: CurrencyRates): Money {
  if (price.isNegative()) throw moneyRefusal(`A price may not be negative, got ${price}.`);
  const currency: Currency = price.currency;
  const share = price.times(rule.rate);
  const minimum = rule.minimum.convertTo(currency, rates);
  const maximum = rule.maximum.convertTo(currency, rates);
  if (share.isLessThan(minimum)) return minimum;
  if (share.isGreaterThan(maximum)) return maximum;
  return share;
}
