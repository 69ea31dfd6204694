import { NotFound } from '../errors.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';
import type { Webhook } from '../../domain/webhooks/webhook.js';

/** Who manages webhooks: a user, and the application acting for them (null for a personal token or a web session). */
export interface WebhookOwner {
  readonly userId: number;
  readonly applicationId: string | null;
}

export const webhookNotFound = (): NotFound => new NotFound('Webhook not found.');

/**
 * The caller as a webhook owner: anonymous callers are asked to authenticate (401), an application acting for nobody
 * is refused (403). An application acting for a user (OAuth) sees and manages only the subscriptions it made; the
 * user themself (a personal token, the settings page) all of theirs.
 */
export function webhookOwner(caller: Caller): WebhookOwner {
  const userId = requireUserCaller(caller);
  const applicationId = caller.kind === 'user' && caller.via === 'oauth' ? (caller.applicationId ?? null) : null;
  return { userId, applicationId };
}

/** The subscription `id` if the owner may see it; 404 otherwise (another user's ids are not told apart from none). */
export async function ownedWebhook(store: WebhookStore, id: number, owner: WebhookOwner): Promise<Webhook> {
  const webhook = await store.byId(id);
  if (!webhook || webhook.userId !== owner.userId) throw webhookNotFound();
  if (owner.applicationId !== null && webhook.applicationId !== owner.applicationId) throw webhookNotFound();
  return webhook;
}
