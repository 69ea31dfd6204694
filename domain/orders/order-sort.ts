/** The sorts of an order list: the spec's five, and `seller` for a buyer's purchases. */
export const ORDER_SORTS = ['id', 'buyer', 'seller', 'created', 'status', 'last_activity'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
