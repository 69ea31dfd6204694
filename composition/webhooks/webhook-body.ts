import { timestamp } from '../../adapters/http/catalogue/catalogue-presenter.js';
import type { ApiUrls } from '../../adapters/http/urls.js';
import type { WebhookBody } from '../../application/webhooks/webhook-dispatcher.js';

/** The JSON body of a webhook request: `{id, type, created, user, resource}`. */
export const webhookBody =
  (_urls: ApiUrls): WebhookBody =>
  (e) => ({
    id: e.id,
    type: e.type,
    created: timestamp(e.occurred),
    user: { id: e.userId },
    resource: { type: e.resource.type, id: e.resource.id, ...e.resource.body },
  });
