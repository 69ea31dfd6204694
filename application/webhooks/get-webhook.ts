import type { Webhook } from '../../domain/webhooks/webhook.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import type { Caller } from '../shared/caller.js';
import { ownedWebhook, webhookOwner } from './webhook-access.js';

/** One of the caller's subscriptions with its state (`GET /webhooks/{id}`); 404 for another user's. */
export class GetWebhook {
  constructor(private readonly store: WebhookStore) {}

  execute(input: { readonly caller: Caller; readonly webhookId: number }): Promise<Webhook> {
    return ownedWebhook(this.store, input.webhookId, webhookOwner(input.caller));
  }
}
