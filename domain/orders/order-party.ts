/** The two parties of an order. */
export const ORDER_PARTIES = ['seller', 'buyer'] as const;
export type OrderParty = (typeof ORDER_PARTIES)[number];

/** Which party of the order the user is, or null when they are neither. */
export function partyOf(order: { readonly sellerId: number; readonly buyerId: number }, userId: number): OrderParty | null {
  if (order.sellerId === userId) return 'seller';
  if (order.buyerId === userId) return 'buyer';
  return null;
}

/** The other party. */
export function otherParty(party: OrderParty): OrderParty {
  return party === 'seller' ? 'buyer' : 'seller';
}
