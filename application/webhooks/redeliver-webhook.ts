import type { WebhookDelivery } from '../../domain/webhooks/webhook.js';
import { NotFound } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import type { Caller } from '../shared/caller.js';
import { ownedWebhook, webhookOwner } from './webhook-access.js';

/**
 * The owner asks for a logged delivery's event to be sent again (`POST /webhooks/{id}/deliveries/{delivery}/redeliver`):
 * a worker sends it once, soon, ahead of the backlog, and logs it as a redelivery. Answers the delivery asked about;
 * 404 for another user's subscription or a delivery not in its log.
 */
export class RedeliverWebhook {
  constructor(
    private readonly store: WebhookStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly webhookId: number; readonly deliveryId: number }): Promise<WebhookDelivery> {
    const owner = webhookOwner(input.caller);
    return this.uow.run(async () => {
      const webhook = await ownedWebhook(this.store, input.webhookId, owner);
      const delivery = await this.store.delivery(webhook.id, input.deliveryId);
      if (!delivery) throw new NotFound('Delivery not found.');
      await this.store.requestRedelivery(webhook.id, delivery.eventId, this.clock.now());
      return delivery;
    });
  }
}
