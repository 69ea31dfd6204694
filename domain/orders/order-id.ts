/** An order's id as the API writes it: `<seller id>-<the seller's order number>`, e.g. `42-7`. */
export function orderId(sellerId: number, number: number): string {
  return `${sellerId}-${number}`;
}

/**
 * The seller id and number an order id names, or null when the text is not of the form `<number>-<number>` (both
 * positive whole numbers within PostgreSQL's `int`, no leading zeros, so one order has one spelling).
 */
export function parseOrderId(text: string): { readonly sellerId: number; readonly number: number } | null {
  const m = /^([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(text);
  if (!m) return null;
  const sellerId = Number(m[1]);
  const number = Number(m[2]);
  if (sellerId > 2_147_483_647 || number > 2_147_483_647) return null;
  return { sellerId, number };
}
