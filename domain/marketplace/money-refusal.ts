import { Refusal, type RefusalProblem } from '../shared/refusal.js';

/** The `code` of a refused money operation, for callers that treat it apart from other refusals. */
export const MONEY_REFUSAL = 'money';

/**
 * A refused money operation: an amount that is not a decimal number or is out of range, arithmetic across two
 * currencies, a missing or malformed conversion rate. An `invalid` Refusal with the code {@link MONEY_REFUSAL}; the
 * message says which. Callers that take amounts from clients name it as a problem of their field, or add their words.
 */
export function moneyRefusal(message: string, problems?: readonly RefusalProblem[]): Refusal {
  return new Refusal('invalid', message, { code: MONEY_REFUSAL, problems });
}

/** Whether `err` is a refused money operation ({@link moneyRefusal}). */
export function isMoneyRefusal(err: unknown): err is Refusal {
  return err instanceof Refusal && err.code === MONEY_REFUSAL;
}
