import { EVENT_TYPES, type EventType } from '../../domain/events/event.js';
import {
  MAX_WEBHOOK_URL_LENGTH,
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_SECRET_LENGTH,
  WEBHOOK_SECRET_PREFIX,
  type Webhook,
} from '../../domain/webhooks/webhook.js';
import { Invalid } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookStore } from '../ports/webhook-store.js';
import type { WebhookUrlPolicy } from '../ports/webhook-sender.js';
import type { Caller } from '../shared/caller.js';
import { webhookOwner } from './webhook-access.js';

/** What a new subscription is: where to, and which event types (at least one; repeats ignored). */
export interface NewWebhookBody {
  readonly url: string;
  readonly eventTypes: readonly EventType[];
}

/** A new subscription: the caller, and its body, checked at the edge once the caller may subscribe (`body()`). */
export interface NewWebhookInput {
  readonly caller: Caller;
  readonly body: () => NewWebhookBody;
}

/**
 * A user (or an application acting for them) subscribes a URL to event types (`POST /webhooks`, the developer
 * settings page). The URL must pass the operator's address policy and be at most `MAX_WEBHOOK_URL_LENGTH` long; a
 * user has at most `MAX_WEBHOOKS_PER_USER` (422 beyond). It receives the events recorded from now on. Answers the
 * subscription; its secret is in it, and this is the only answer that shows it.
 */
export class CreateWebhook {
  constructor(
    private readonly store: WebhookStore,
    private readonly outbox: EventOutbox,
    private readonly urls: WebhookUrlPolicy,
    private readonly secrets: SecretGenerator,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: NewWebhookInput): Promise<Webhook> {
    const owner = webhookOwner(input.caller);
    const body = input.body();
    if (body.url.length > MAX_WEBHOOK_URL_LENGTH) throw new Invalid(`url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long.`);
    const refusal = this.urls.refusal(body.url);
    if (refusal !== null) throw new Invalid(refusal);
    const eventTypes = EVENT_TYPES.filter((t) => body.eventTypes.includes(t));
    if (eventTypes.length === 0) throw new Invalid('events must name at least one event type.');
    return this.uow.run(async () => {
      if ((await this.store.countOf(owner.userId)) >= MAX_WEBHOOKS_PER_USER) {
        throw new Invalid(`A user may have at most ${MAX_WEBHOOKS_PER_USER} webhooks; delete one first.`);
      }
      const cursor = await this.outbox.lastId();
      return this.store.add(
        {
          userId: owner.userId,
          applicationId: owner.applicationId,
          url: body.url,
          eventTypes,
          secret: WEBHOOK_SECRET_PREFIX + this.secrets.generate(WEBHOOK_SECRET_LENGTH),
          created: this.clock.now(),
        },
        cursor,
      );
    });
  }
}
