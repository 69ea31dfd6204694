/**
 * What a buyer says at checkout: where to ship (not blank, at most MAX_SHIPPING_ADDRESS_LENGTH characters), anything
 * else for the seller (at most MAX_INSTRUCTIONS_LENGTH), and optionally which seller's items.
 */
export interface CheckoutTerms {
  readonly shippingAddress: string;
  readonly additionalInstructions: string;
  /** The login name of the one seller whose items to check out, or null for the whole cart. */
  readonly seller: string | null;
}
