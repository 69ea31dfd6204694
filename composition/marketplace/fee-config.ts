import { CURRENCIES, isCurrency, MINOR_UNIT_DIGITS, type Currency } from '../../domain/marketplace/currency.js';
import { DEFAULT_FEE_RULE, feeRule, type FeeRule } from '../../domain/marketplace/fee-rule.js';
import { Money } from '../../domain/marketplace/money.js';

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/;

/**
 * The marketplace fee rule from the environment: `FEE_RATE` (a decimal from 0 to 1, default 0.08), `FEE_CURRENCY`
 * (one of the twelve codes, default USD), `FEE_MINIMUM` and `FEE_MAXIMUM` (plain decimals in `FEE_CURRENCY`, no more
 * decimals than its minor unit but for trailing zeros; default 0.10 and 150, which apply to USD only, so another
 * currency needs both set). Each problem is pushed onto `problems` (the configuration's list, reported at start);
 * the default rule stands in while there are problems.
 */
export function feeRuleFromEnv(read: (name: string) => string | undefined, problems: string[]): FeeRule {
  const before = problems.length;
  const rate = read('FEE_RATE') ?? DEFAULT_FEE_RULE.rate;
  if (!/^(0(\.\d{1,12})?|1(\.0{1,12})?)$/.test(rate)) problems.push(`FEE_RATE must be a decimal from 0 to 1 such as 0.08, got "${rate}"`);
  const currencyRaw = read('FEE_CURRENCY')?.toUpperCase() ?? DEFAULT_FEE_RULE.minimum.currency;
  if (!isCurrency(currencyRaw)) {
    problems.push(`FEE_CURRENCY must be one of ${CURRENCIES.join(', ')}, got "${read('FEE_CURRENCY')}"`);
    return DEFAULT_FEE_RULE;
  }
  const currency: Currency = currencyRaw;
  const amount = (name: string, fallback: Money): Money | null => {
    const raw = read(name);
    if (raw === undefined) {
      if (fallback.currency === currency) return fallback;
      problems.push(`${name} must be set when FEE_CURRENCY is ${currency} (its default, ${fallback}, is in ${fallback.currency})`);
      return null;
    }
    const m = DECIMAL.exec(raw);
    if (!m) {
      problems.push(`${name} must be a plain decimal amount in ${currency} such as 0.10, got "${raw}"`);
      return null;
    }
    if ((m[2] ?? '').replace(/0+$/, '').length > MINOR_UNIT_DIGITS[currency]) {
      problems.push(`${name} has more decimals than ${currency} has (${MINOR_UNIT_DIGITS[currency]}), got "${raw}"`);
      return null;
    }
    return Money.fromDecimal(raw, currency);
  };
  const minimum = amount('FEE_MINIMUM', DEFAULT_FEE_RULE.minimum);
  const maximum = amount('FEE_MAXIMUM', DEFAULT_FEE_RULE.maximum);
  if (problems.length > before || !minimum || !maximum) return DEFAULT_FEE_RULE;
  try {
    return feeRule(rate, minimum, maximum);
  } catch (err) {
    problems.push(`FEE_MINIMUM, FEE_MAXIMUM: ${(err as Error).message}`);
    return DEFAULT_FEE_RULE;
  }
}
