import type { FeedbackRequest, OrderFeedback } from '../../domain/orders/order-feedback.js';
import { partyOf } from '../../domain/orders/order-party.js';
import { FEEDBACK_NOT_A_PARTY_MESSAGE } from '../../domain/orders/order.js';
import { Refusal } from '../../domain/shared/refusal.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import { orderCaller, unknownOrder, type OrderAccess } from './order-access.js';

/**
 * `POST /marketplace/orders/{id}/feedback` (beyond the spec): a party rates the other once the order has been
 * shipped — positive, neutral or negative, with a comment (required unless positive). Giving it again replaces it
 * (`replaced`). It counts in the other's seller or buyer rating. 403 for anyone but the parties (an unknown id too, unless in the caller's own numbering: ADR 0050); 422 before shipping
 * or for a bad body.
 */
export class GiveFeedback {
  constructor(
    private readonly access: OrderAccess,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly id: string; readonly body: CheckedInput<FeedbackRequest> }): Promise<{ feedback: OrderFeedback; replaced: boolean }> {
    const userId = orderCaller(input.caller);
    return this.uow.run(async () => {
      const order = await this.access.orders.lockById(input.id);
      if (!order) throw unknownOrder(input.id, userId, () => new Refusal('forbidden', FEEDBACK_NOT_A_PARTY_MESSAGE));
      const party = partyOf(order, userId);
      const request = party === null ? null : input.body();
      const feedback = order.giveFeedback(party, request?.rating ?? 'positive', request?.comment ?? '', this.clock.now());
      const before = await this.access.orders.feedbackOn(order.id);
      await this.access.orders.putFeedback(feedback);
      return { feedback, replaced: before.some((f) => f.from === feedback.from) };
    });
  }
}
