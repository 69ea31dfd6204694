import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import type { Caller } from '../shared/caller.js';
import { ownedWebhook, webhookNotFound, webhookOwner } from './webhook-access.js';

/** Ends one of the caller's subscriptions with its log (`DELETE /webhooks/{id}`); 404 for another user's or none. */
export class DeleteWebhook {
  constructor(
    private readonly store: WebhookStore,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly caller: Caller; readonly webhookId: number }): Promise<void> {
    const owner = webhookOwner(input.caller);
    await this.uow.run(async () => {
      await ownedWebhook(this.store, input.webhookId, owner);
      if (!(await this.store.remove(input.webhookId))) throw webhookNotFound();
    });
  }
}
