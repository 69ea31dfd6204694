import type { NodeWebhookSender } from '../../adapters/system/node-webhook-sender.js';
import type { WebhookPresenter } from '../../adapters/http/webhooks/webhook-presenter.js';
import type { WebhookStore } from '../../application/ports/webhook-store.js';
import type { CreateWebhook } from '../../application/webhooks/create-webhook.js';
import type { DeleteWebhook } from '../../application/webhooks/delete-webhook.js';
import type { EnableWebhook } from '../../application/webhooks/enable-webhook.js';
import type { GetWebhook } from '../../application/webhooks/get-webhook.js';
import type { ListWebhookDeliveries } from '../../application/webhooks/list-webhook-deliveries.js';
import type { ListWebhooks } from '../../application/webhooks/list-webhooks.js';
import type { RedeliverWebhook } from '../../application/webhooks/redeliver-webhook.js';
import type { WebhookDispatcher } from '../../application/webhooks/webhook-dispatcher.js';
import { token } from '../token.js';

export const WEBHOOKS = {
  Store: token<WebhookStore>('webhooks/Store'),
  /** The sender on node:http(s), which is also the URL policy subscriptions are checked by. */
  Sender: token<NodeWebhookSender>('webhooks/Sender'),
  Dispatcher: token<WebhookDispatcher>('webhooks/Dispatcher'),
  Create: token<CreateWebhook>('webhooks/Create'),
  List: token<ListWebhooks>('webhooks/List'),
  Get: token<GetWebhook>('webhooks/Get'),
  Delete: token<DeleteWebhook>('webhooks/Delete'),
  Enable: token<EnableWebhook>('webhooks/Enable'),
  Deliveries: token<ListWebhookDeliveries>('webhooks/Deliveries'),
  Redeliver: token<RedeliverWebhook>('webhooks/Redeliver'),
  Presenter: token<WebhookPresenter>('webhooks/Presenter'),
} as const;
