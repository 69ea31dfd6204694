import { timestamp } from '../../adapters/http/catalogue/catalogue-presenter.js';
import type { WebhookBody } from '../../application/webhooks/webhook-dispatcher.js';

/**
 * The JSON body of a webhook request: `{id, type, created, user, resource}`, the resource being its kind, its id and
 * then its fields as the API showed it to the event's user when it happened (see docs/http-reference.md, Webhooks).
 */
export const webhookBody: WebhookBody = (e) => ({
  id: e.id,
  type: e.type,
  created: timestamp(e.occurred),
  user: { id: e.userId },
  resource: { ...e.resource.body, type: e.resource.type, id: e.resource.id },
});
