import type Router from '@koa/router';
import { NotFound } from '../../../application/errors.js';
import type { CreateWebhook } from '../../../application/webhooks/create-webhook.js';
import type { DeleteWebhook } from '../../../application/webhooks/delete-webhook.js';
import type { EnableWebhook } from '../../../application/webhooks/enable-webhook.js';
import type { GetWebhook } from '../../../application/webhooks/get-webhook.js';
import type { ListWebhookDeliveries } from '../../../application/webhooks/list-webhook-deliveries.js';
import type { ListWebhooks } from '../../../application/webhooks/list-webhooks.js';
import type { RedeliverWebhook } from '../../../application/webhooks/redeliver-webhook.js';
import { webhookNotFound } from '../../../application/webhooks/webhook-access.js';
import type { ApiSchema } from '../api-shapes.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { PageQuery, paginate } from '../pagination.js';
import { pathId, validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { newWebhookInput } from './webhook-bodies.js';
import type { WebhookPresenter } from './webhook-presenter.js';

/** The use cases the webhook routes call (the developer settings page calls the same). */
export interface WebhookUseCases {
  readonly create: CreateWebhook;
  readonly list: ListWebhooks;
  readonly get: GetWebhook;
  readonly remove: DeleteWebhook;
  readonly enable: EnableWebhook;
  readonly deliveries: ListWebhookDeliveries;
  readonly redeliver: RedeliverWebhook;
}

const deliveryNotFound = () => new NotFound('Delivery not found.');

/**
 * Webhook subscriptions (this service's own; docs/adr/0058-webhooks.md): `POST`/`GET /webhooks`,
 * `GET`/`DELETE /webhooks/{id}`, `POST /webhooks/{id}/enable`, the log `GET /webhooks/{id}/deliveries` and
 * `POST /webhooks/{id}/deliveries/{delivery}/redeliver`.
 */
export class WebhookRoutes implements RouteModule {
  constructor(
    private readonly u: WebhookUseCases,
    private readonly presenter: WebhookPresenter,
    private readonly options: { readonly baseUrl: string; readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { u, presenter, options } = this;
    const body = jsonBodyParser(options.maxBodyBytes);

    router.post('/webhooks', body, async (ctx) => {
      const made = await u.create.execute({ caller: ctx.state.caller, body: () => newWebhookInput(requestBody(ctx)) });
      ctx.status = 201;
      ctx.body = presenter.created(made);
    });

    router.get('/webhooks', async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const page = await u.list.execute({ caller: ctx.state.caller, page: q.toPageRequest() });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), webhooks: page.items.map((w) => presenter.webhook(w)) } satisfies ApiSchema<'WebhookPage'>;
    });

    router.get('/webhooks/:id', async (ctx) => {
      ctx.body = presenter.webhook(await u.get.execute({ caller: ctx.state.caller, webhookId: pathId(ctx.params.id, webhookNotFound) }));
    });

    router.delete('/webhooks/:id', async (ctx) => {
      await u.remove.execute({ caller: ctx.state.caller, webhookId: pathId(ctx.params.id, webhookNotFound) });
      ctx.status = 204;
    });

    router.post('/webhooks/:id/enable', async (ctx) => {
      ctx.body = presenter.webhook(await u.enable.execute({ caller: ctx.state.caller, webhookId: pathId(ctx.params.id, webhookNotFound) }));
    });

    router.get('/webhooks/:id/deliveries', async (ctx) => {
      const webhookId = pathId(ctx.params.id, webhookNotFound);
      const q = validateQuery(PageQuery, ctx.query);
      const page = await u.deliveries.execute({ caller: ctx.state.caller, webhookId, page: q.toPageRequest() });
      ctx.body = { pagination: paginate(ctx, options.baseUrl, page), deliveries: page.items.map((d) => presenter.delivery(d)) } satisfies ApiSchema<'WebhookDeliveryPage'>;
    });

    router.post('/webhooks/:id/deliveries/:delivery/redeliver', async (ctx) => {
      const webhookId = pathId(ctx.params.id, webhookNotFound);
      const delivery = await u.redeliver.execute({ caller: ctx.state.caller, webhookId, deliveryId: pathId(ctx.params.delivery, deliveryNotFound) });
      ctx.status = 202;
      ctx.body = { message: 'The event will be sent again shortly.', event_id: delivery.eventId } satisfies ApiSchema<'WebhookRedelivery'>;
    });
  }
}
