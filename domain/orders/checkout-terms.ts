import { Refusal } from '../shared/refusal.js';
import { MAX_INSTRUCTIONS_LENGTH, MAX_SHIPPING_ADDRESS_LENGTH } from './order.js';

/** What a buyer says at checkout: where to ship, anything else for the seller, and optionally which seller's items. */
export interface CheckoutTerms {
  readonly shippingAddress: string;
  readonly additionalInstructions: string;
  /** The login name of the one seller whose items to check out, or null for the whole cart. */
  readonly seller: string | null;
}

/**
 * Checks a checkout request's body: `shipping_address` required, text that is not blank, at most
 * MAX_SHIPPING_ADDRESS_LENGTH characters; `additional_instructions` optional text (null or absent: none), at most
 * MAX_INSTRUCTIONS_LENGTH; `seller` optional, a login name (text, not blank). Every problem is reported at once, in one `invalid` Refusal.
 */
export function checkoutTerms(body: unknown): CheckoutTerms {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw Refusal.ofProblems(['The request body must be a JSON object with shipping_address.']);
  }
  const b = body as Record<string, unknown>;
  const problems: string[] = [];
  const address = b.shipping_address;
  if (address === undefined || address === null) problems.push('shipping_address is required.');
  else if (typeof address !== 'string') problems.push(`shipping_address must be text, got ${JSON.stringify(address)}.`);
  else if (address.trim() === '') problems.push('shipping_address may not be blank.');
  else if (address.length > MAX_SHIPPING_ADDRESS_LENGTH) {
    problems.push(`shipping_address may be at most ${MAX_SHIPPING_ADDRESS_LENGTH} characters long, got ${address.length}.`);
  }
  const instructions = b.additional_instructions;
  if (instructions !== undefined && instructions !== null) {
    if (typeof instructions !== 'string') problems.push(`additional_instructions must be text, got ${JSON.stringify(instructions)}.`);
    else if (instructions.length > MAX_INSTRUCTIONS_LENGTH) {
      problems.push(`additional_instructions may be at most ${MAX_INSTRUCTIONS_LENGTH} characters long, got ${instructions.length}.`);
    }
  }
  const seller = b.seller;
  if (seller !== undefined && seller !== null && (typeof seller !== 'string' || seller.trim() === '')) {
    problems.push(`seller must be a seller's name, got ${JSON.stringify(seller)}.`);
  }
  if (problems.length > 0) throw Refusal.ofProblems(problems);
  return {
    shippingAddress: address as string,
    additionalInstructions: typeof instructions === 'string' ? instructions : '',
    seller: typeof seller === 'string' ? seller.trim() : null,
  };
}
