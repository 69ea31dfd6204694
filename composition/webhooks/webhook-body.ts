import { EventPresenter } from '../../adapters/http/events/event-presenter.js';
import type { WebhookBody } from '../../application/webhooks/webhook-dispatcher.js';

/**
 * The JSON body of a webhook request: the event exactly as `GET /events` lists it (`id`, `type`, `occurred`,
 * `user_id`, `resource {type, id, body}`), so that a receiver handles pushed and pulled events with one parser.
 */
const presenter = new EventPresenter();
export const webhookBody: WebhookBody = (e) => presenter.event(e);
