import type { OrderMessageRequest } from '../../domain/orders/order-requests.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireConfirmedEmail, type Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { changeOrder, messageViews, NOT_A_PARTY_MESSAGE, type OrderAccess, type OrderMessageView } from './order-access.js';

/**
 * `POST /marketplace/orders/{id}/messages`: a party writes to the other, optionally changing the status (along their
 * row of the transition table; the text then starts with the status sentence); a status alone is a status change.
 * 422 when neither is given or the status may not follow; 403 when the caller is not a party, or has not confirmed
 * their email address (ADR 0064). Returns the entry.
 */
export class AddOrderMessage {
  constructor(
    private readonly access: OrderAccess,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly id: string; readonly body: CheckedInput<OrderMessageRequest> }): Promise<OrderMessageView> {
    requireConfirmedEmail(input.caller, NOT_A_PARTY_MESSAGE);
    const applied = await changeOrder(this.access, this.uow, input, (order, party) => {
      const request = input.body();
      return order.addMessage(party, party === 'seller' ? order.sellerId : order.buyerId, request.text, request.status, this.clock.now());
    });
    const [view] = await messageViews(this.access, applied.order, applied.messages);
    return view!;
  }
}
