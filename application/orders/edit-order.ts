import type { Currency } from '../../domain/marketplace/currency.js';
import type { OrderChange } from '../../domain/orders/order.js';
import type { OrderEdit } from '../../domain/orders/order-requests.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { changeOrder, orderView, type OrderAccess, type OrderView } from './order-access.js';

/**
 * `POST /marketplace/orders/{id}`: the seller edits the order with a status (one of its `next_status`; the buyer is
 * messaged the status sentence) or with shipping (and its method; the order moves to Invoice Sent), and may archive
 * it; the buyer may move it along their own row of the transition table (status only). Body problems (every one
 * at once; its amounts are read in the order's currency) and refused moves are 422 with the order unchanged; 403 for what the buyer may not change. Returns the order as stored.
 */
export class EditOrder {
  constructor(
    private readonly access: OrderAccess,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly id: string; readonly body: CheckedInput<OrderEdit, [Currency]> }): Promise<OrderView> {
    const applied = await changeOrder(this.access, this.uow, input, (order, party) => {
      const edit = input.body(order.currency);
      const now = this.clock.now();
      const actorId = party === 'seller' ? order.sellerId : order.buyerId;
      let change: OrderChange = { order, messages: [] };
      if (edit.status !== null) change = order.changeStatus(party, actorId, edit.status, now);
      if (edit.shipping !== null) change = order.setShipping(party, actorId, edit.shipping, edit.shippingMethod, now);
      if (edit.archived !== null) {
        const archived = change.order.setArchived(party, edit.archived);
        change = { order: archived.order, messages: [...change.messages, ...archived.messages] };
      }
      return change;
    });
    return orderView(this.access, applied.order, applied.userId);
  }
}
