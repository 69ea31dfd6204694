/**
 * A refused money operation: an amount that is not a decimal number or is out of range, arithmetic across two
 * currencies, a missing or malformed conversion rate. The message says which; callers that take amounts from clients
 * translate it into their own refusal.
 */
export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
