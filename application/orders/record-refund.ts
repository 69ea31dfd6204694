import { Money } from '../../domain/marketplace/money.js';
import { recordRefund } from '../../domain/orders/order-lifecycle.js';
import { refundRequest } from '../../domain/orders/order-requests.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
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

  async execute(input: { readonly caller: Caller; readonly id: string; readonly body: unknown }): Promise<OrderMessageView> {
    const applied = await changeOrder(this.access.orders, this.uow, input, (order, party) => {
      // Refunds are the seller's alone: the buyer is refused (403) before the body is read, whatever it holds.
      const request = party === 'seller' ? refundRequest(input.body, order.currency) : { kind: 'sent' as const, amount: Money.zero(order.currency) };
      return recordRefund(order, party, order.sellerId, request.kind, request.amount, this.clock.now());
    });
    const views = await messageViews(this.access.users, applied.order, applied.messages);
    return views.find((v) => v.message.type === 'refund_sent' || v.message.type === 'refund_received')!;
  }
}
