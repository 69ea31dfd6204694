import type { Webhook, WebhookDelivery } from '../../../domain/webhooks/webhook.js';
import type { ApiSchema } from '../api-shapes.js';
import { timestamp } from '../catalogue/catalogue-presenter.js';
import type { ApiUrls } from '../urls.js';

/** Shapes subscriptions and their delivery log into the API's JSON (this service's own; the public API has none). */
export class WebhookPresenter {
  constructor(private readonly urls: ApiUrls) {}

  /** A subscription as its owner reads it: never its secret (see `created`). */
  webhook(w: Webhook): ApiSchema<'Webhook'> {
    return {
      id: w.id,
      url: w.url,
      events: [...w.eventTypes],
      status: w.status,
      failing_reason: w.failingReason,
      failures: w.failures,
      next_attempt: w.status === 'active' && w.failures > 0 ? timestamp(w.nextAttempt) : null,
      application_id: w.applicationId,
      created: timestamp(w.created),
      resource_url: this.urls.api(`/webhooks/${w.id}`),
      deliveries_url: this.urls.api(`/webhooks/${w.id}/deliveries`),
    };
  }

  /** The answer of `POST /webhooks`: the subscription with its secret, shown this once. */
  created(w: Webhook): ApiSchema<'NewWebhook'> {
    return { ...this.webhook(w), secret: w.secret };
  }

  delivery(d: WebhookDelivery): ApiSchema<'WebhookDelivery'> {
    return {
      id: d.id,
      event_id: d.eventId,
      event_type: d.eventType,
      attempt: d.attempt,
      redelivery: d.redelivery,
      started: timestamp(d.started),
      duration_ms: d.durationMs,
      outcome: d.outcome,
      response_status: d.responseStatus,
      response_excerpt: d.responseExcerpt,
      error: d.error,
      redeliver_url: this.urls.api(`/webhooks/${d.webhookId}/deliveries/${d.id}/redeliver`),
    };
  }
}
