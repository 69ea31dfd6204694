import type Router from '@koa/router';
import type Koa from 'koa';
import { Invalid, NotFound } from '../../../application/errors.js';
import { webhookNotFound } from '../../../application/webhooks/webhook-access.js';
import { EVENT_TYPES } from '../../../domain/events/event.js';
import type { Webhook } from '../../../domain/webhooks/webhook.js';
import { API_DOCS_PATHS } from '../api-docs/api-docs-routes.js';
import type { SpindleState } from '../http-state.js';
import { SETTINGS_PAGES } from '../identity/web/settings-nav.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { WebPageKit, type SignedIn, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { newWebhookInput, newWebhookProblems } from './webhook-bodies.js';
import type { WebhookUseCases } from './webhook-routes.js';
import { webhookPageTemplates } from './webhook-templates.js';

const PATH = '/settings/developers/webhooks';
const MAX_FORM_BYTES = 16 * 1024;
const RECENT_DELIVERIES = 50;

const NOTICES: Readonly<Record<string, string>> = {
  deleted: 'The webhook was deleted.',
  enabled: 'The webhook is on again: the event it stopped at is sent first.',
  redeliver: 'The event will be sent again shortly.',
};

/**
 * The webhooks' part of the developer settings on `{web_url}`, for a signed-in user: `/settings/developers/webhooks`
 * (the user's webhooks with their state, and a form to add one: the secret shown once, on the answer) and
 * `/settings/developers/webhooks/{id}` (why it fails, its recent deliveries with a "send again" each, turning it back
 * on, deleting it). The same use cases as `/webhooks`; every form carries the CSRF token of the other pages; a change
 * answers 303 to the page with a notice (but adding, whose answer shows the secret), a refused one shows the page
 * again with each problem beside its field and the refusal's status.
 */
export class WebhookWebPageRoutes implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly u: WebhookUseCases,
    deps: WebPageDeps,
    private readonly settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, webhookPageTemplates());
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err, { href: `${this.settings.webUrl}${PATH}`, text: 'Your webhooks' });
  }

  isWebPage(path: string): boolean {
    return path === PATH || path.startsWith(`${PATH}/`);
  }

  private page(handler: (ctx: Koa.Context) => Promise<void>): (ctx: Koa.Context) => Promise<void> {
    return this.kit.page(handler, { href: `${this.settings.webUrl}${PATH}`, text: 'Your webhooks' });
  }

  private notice(ctx: Koa.Context): string | undefined {
    return typeof ctx.query.done === 'string' ? NOTICES[ctx.query.done] : undefined;
  }

  private async listPage(
    ctx: Koa.Context,
    caller: SignedIn,
    extra: { form?: { url: string; events: string[] }; errors?: Record<string, string>; created?: Webhook } = {},
    status = 200,
  ): Promise<void> {
    const page = await this.u.list.execute({ caller, page: { page: 1, perPage: 100 } });
    const errors = extra.errors ?? {};
    await this.kit.render(
      ctx,
      '@webhooks',
      {
        title: 'Webhooks',
        user: caller.username,
        here: PATH,
        settingsPages: SETTINGS_PAGES,
        docsUrl: `${this.settings.webUrl}${API_DOCS_PATHS.page}`,
        webhooks: page.items.map((w) => ({ id: w.id, url: w.url, events: w.eventTypes, status: w.status, failingReason: w.failingReason })),
        eventTypes: EVENT_TYPES,
        form: extra.form ?? { url: '', events: [] },
        errors,
        created: extra.created ? { url: extra.created.url, secret: extra.created.secret } : undefined,
        notice: this.notice(ctx),
        error: Object.keys(errors).length > 0 ? 'The webhook was not added: see the problems below.' : undefined,
      },
      status,
    );
  }

  private async webhookPage(ctx: Koa.Context, caller: SignedIn, webhookId: number): Promise<void> {
    const webhook = await this.u.get.execute({ caller, webhookId });
    const deliveries = await this.u.deliveries.execute({ caller, webhookId, page: { page: 1, perPage: RECENT_DELIVERIES } });
    await this.kit.render(ctx, '@webhook', {
      title: `Webhook ${webhook.url}`,
      user: caller.username,
      here: PATH,
      settingsPages: SETTINGS_PAGES,
      webhook: {
        id: webhook.id,
        url: webhook.url,
        events: webhook.eventTypes,
        status: webhook.status,
        failingReason: webhook.failingReason,
        failures: webhook.failures,
        nextAttempt: webhook.status === 'active' && webhook.failures > 0 ? webhook.nextAttempt.toISOString() : undefined,
      },
      deliveries: deliveries.items.map((d) => ({ ...d, started: d.started.toISOString() })),
      notice: this.notice(ctx),
    });
  }

  register(router: Router<SpindleState>): void {
    const u = this.u;
    const id = (ctx: Koa.Context) => pathId(ctx.params.id, webhookNotFound);

    router.get(PATH, this.page(async (ctx) => this.listPage(ctx, await this.kit.signedIn(ctx))));

    router.post(PATH, this.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      const body = { url: form.get('url') ?? '', events: form.getAll('events') };
      const problems = newWebhookProblems(body);
      if (Object.keys(problems).length > 0) return this.listPage(ctx, caller, { form: body, errors: problems }, 422);
      try {
        const made = await u.create.execute({ caller, body: () => newWebhookInput(body) });
        await this.listPage(ctx, caller, { created: made }, 201);
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        const field = err.message.startsWith('events') ? 'events' : 'url';
        await this.listPage(ctx, caller, { form: body, errors: { [field]: err.message } }, 422);
      }
    }));

    router.get(`${PATH}/:id`, this.page(async (ctx) => this.webhookPage(ctx, await this.kit.signedIn(ctx), id(ctx))));

    router.post(`${PATH}/:id/enable`, this.page(async (ctx) => {
      await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      const webhook = await u.enable.execute({ caller, webhookId: id(ctx) });
      this.kit.seeOther(ctx, `${PATH}/${webhook.id}?done=enabled`);
    }));

    router.post(`${PATH}/:id/deliveries/:delivery/redeliver`, this.page(async (ctx) => {
      await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      const webhookId = id(ctx);
      await u.redeliver.execute({ caller, webhookId, deliveryId: pathId(ctx.params.delivery, () => new NotFound('Delivery not found.')) });
      this.kit.seeOther(ctx, `${PATH}/${webhookId}?done=redeliver`);
    }));

    router.post(`${PATH}/:id/delete`, this.page(async (ctx) => {
      const form = await this.kit.form(ctx, MAX_FORM_BYTES);
      const caller = await this.kit.signedIn(ctx);
      if (form.get('confirm') !== 'yes') throw new Invalid('Tick the box to confirm the deletion: nothing was deleted.');
      await u.remove.execute({ caller, webhookId: id(ctx) });
      this.kit.seeOther(ctx, `${PATH}?done=deleted`);
    }));
  }
}
