import { Refusal } from '../../domain/shared/refusal.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { RefundRequest } from '../../domain/orders/order-requests.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { changeOrder, messageViews, type OrderAccess, type OrderMessageView } from './order-access.js';

/**
 * `POST /marketplace/orders/{id}/refunds` (beyond the spec): the seller records a refund sent to the buyer (the order
 * moves to Refund Sent) or received by them, within what was paid and sent. 403 for the buyer or anyone else; 422
 * for a bad amount or an order not paid. Returns the `refund_sent` / `refund_received` log entry.
 */
export class RecordRefund {
  constructor(
    private readonly access: OrderAccess,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly id: string; readonly body: CheckedInput<RefundRequest, [Currency]> }): Promise<OrderMessageView> {
    const applied = await changeOrder(this.access, this.uow, input, (order, party) => {
      // The buyer may never record one: say so before judging the body.
      if (party !== 'seller') throw new Refusal('forbidden', 'Only the seller can record a refund.');
      const request = input.body(order.currency);
      return order.recordRefund(party, order.sellerId, request.kind, request.amount, this.clock.now());
    });
    const views = await messageViews(this.access, applied.order, applied.messages);
    return views.find((v) => v.message.type === 'refund_sent' || v.message.type === 'refund_received')!;
  }
}
