import type { Webhook } from '../../domain/webhooks/webhook.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import type { Caller } from '../shared/caller.js';
import { pageOffset, type Page, type PageRequest } from '../shared/page.js';
import { webhookOwner } from './webhook-access.js';

/** The caller's subscriptions, oldest first, a page at a time (`GET /webhooks`): an application's own ones only. */
export class ListWebhooks {
  constructor(private readonly store: WebhookStore) {}

  async execute(input: { readonly caller: Caller; readonly page: PageRequest }): Promise<Page<Webhook>> {
    const owner = webhookOwner(input.caller);
    const { total, items } = await this.store.list(owner.userId, owner.applicationId, pageOffset(input.page), input.page.perPage);
    return { items, total, ...input.page };
  }
}
