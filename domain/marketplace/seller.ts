/** The longest payment or shipping terms a seller may write. */
export const MAX_TERMS_LENGTH = 5000;

/**
 * A seller's marketplace settings: the terms shown on their listings. A user becomes a seller by setting both (and
 * the currency they sell in, which is their profile's currency); until then they may not list or ask for price
 * suggestions.
 */
export interface SellerSettings {
  readonly userId: number;
  /** How buyers pay, in the markup format. */
  readonly paymentTerms: string;
  /** Where and how the seller ships, and at what cost, in the markup format. */
  readonly shippingTerms: string;
  readonly updatedAt: Date;
}

/** Why seller settings cannot be accepted. */
export class InvalidSellerSettings extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSellerSettings';
  }
}

/** Settings with both terms written (not blank): what makes a user a seller. */
export function isCompleteSeller(settings: SellerSettings | null): settings is SellerSettings {
  return settings !== null && settings.paymentTerms.trim() !== '' && settings.shippingTerms.trim() !== '';
}

/** Settings from the terms given, checked: text of at most MAX_TERMS_LENGTH characters each. */
export function sellerSettings(userId: number, paymentTerms: unknown, shippingTerms: unknown, now: Date): SellerSettings {
  const checked = (name: string, value: unknown): string => {
    if (typeof value !== 'string') throw new InvalidSellerSettings(`${name} must be text.`);
    if (value.length > MAX_TERMS_LENGTH) throw new InvalidSellerSettings(`${name} may be at most ${MAX_TERMS_LENGTH} characters long.`);
    return value;
  };
  return { userId, paymentTerms: checked('Payment terms', paymentTerms), shippingTerms: checked('Shipping terms', shippingTerms), updatedAt: now };
}
