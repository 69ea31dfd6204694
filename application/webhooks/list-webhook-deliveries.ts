import type { WebhookDelivery } from '../../domain/webhooks/webhook.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import type { Caller } from '../shared/caller.js';
import { pageOffset, type Page, type PageRequest } from '../shared/page.js';
import { ownedWebhook, webhookOwner } from './webhook-access.js';

/** A subscription's delivery log, newest attempt first (`GET /webhooks/{id}/deliveries`); 404 for another user's. */
export class ListWebhookDeliveries {
  constructor(private readonly store: WebhookStore) {}

  async execute(input: { readonly caller: Caller; readonly webhookId: number; readonly page: PageRequest }): Promise<Page<WebhookDelivery>> {
    const webhook = await ownedWebhook(this.store, input.webhookId, webhookOwner(input.caller));
    const { total, items } = await this.store.deliveries(webhook.id, pageOffset(input.page), input.page.perPage);
    return { items, total, ...input.page };
  }
}
