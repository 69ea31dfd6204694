import type { Caller } from '../shared/caller.js';
import { orderView, readableOrder, type OrderAccess, type OrderView } from './order-access.js';

/**
 * `GET /marketplace/orders/{id}`: the order, to its seller or its buyer. 401 anonymous, 403 an application alone or
 * any other user, also for an id in another seller's numbering that names no order (ADR 0050); 404 for a malformed id
 * or an unknown one in the caller's own numbering.
 */
export class GetOrder {
  constructor(private readonly access: OrderAccess) {}

  async execute(input: { readonly caller: Caller; readonly id: string }): Promise<OrderView> {
    const { order, userId } = await readableOrder(this.access.orders, input.caller, input.id);
    return orderView(this.access, order, userId);
  }
}
