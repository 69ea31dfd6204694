import type { Webhook } from '../../domain/webhooks/webhook.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import type { Caller } from '../shared/caller.js';
import { ownedWebhook, webhookNotFound, webhookOwner } from './webhook-access.js';

/**
 * The owner turns a failing subscription back on (`POST /webhooks/{id}/enable`, the settings page): it is tried at
 * once, starting with the event it had given up on. An active one stays as it is.
 */
export class EnableWebhook {
  constructor(
    private readonly store: WebhookStore,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly caller: Caller; readonly webhookId: number }): Promise<Webhook> {
    const owner = webhookOwner(input.caller);
    return this.uow.run(async () => {
      const webhook = await ownedWebhook(this.store, input.webhookId, owner);
      if (webhook.status === 'active') return webhook;
      return (await this.store.enable(webhook.id, this.clock.now())) ?? Promise.reject(webhookNotFound());
    });
  }
}
