import os from 'node:os';
import { ContainerModule, type Container } from 'inversify';
import { WebhookPresenter } from '../../adapters/http/webhooks/webhook-presenter.js';
import { WebhookRoutes, type WebhookUseCases } from '../../adapters/http/webhooks/webhook-routes.js';
import { WebhookWebPageRoutes } from '../../adapters/http/webhooks/webhook-web-routes.js';
import { NodeWebhookSender } from '../../adapters/system/node-webhook-sender.js';
import type { OutageDetector } from '../../application/ports/outage-detector.js';
import { userCaller } from '../../application/shared/caller.js';
import { CreateWebhook } from '../../application/webhooks/create-webhook.js';
import { DeleteWebhook } from '../../application/webhooks/delete-webhook.js';
import { EnableWebhook } from '../../application/webhooks/enable-webhook.js';
import { GetWebhook } from '../../application/webhooks/get-webhook.js';
import { ListWebhookDeliveries } from '../../application/webhooks/list-webhook-deliveries.js';
import { ListWebhooks } from '../../application/webhooks/list-webhooks.js';
import { RedeliverWebhook } from '../../application/webhooks/redeliver-webhook.js';
import { WebhookDispatcher } from '../../application/webhooks/webhook-dispatcher.js';
import { webhookGauges } from '../../application/webhooks/webhook-gauges.js';
import { EVENT_TYPES } from '../../domain/events/event.js';
import type { BackgroundService } from '../core/background-service.js';
import { CORE } from '../core/core-tokens.js';
import { EVENTS } from '../events/events-tokens.js';
import { HEALTH } from '../health/health-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { DEMO_USERS } from '../identity/identity-module.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { JOBS } from '../jobs/jobs-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { startDemoReceiver } from './demo-receiver.js';
import { webhookBody } from './webhook-body.js';
import { webhooksMemory } from './webhooks-memory.js';
import { webhooksSchema } from './webhooks-schema.js';
import { webhooksSql } from './webhooks-sql.js';
import { WEBHOOKS } from './webhooks-tokens.js';

/**
 * How long one claim goes on delivering its subscription's events in a row (ADR 0058, "Later"): up to 16 events, read
 * in one outbox read, and no new one after a second, so a busy subscription gives its slot to the others often.
 */
export const WEBHOOK_RUN = { runEvents: 16, runMs: 1_000 } as const;

/**
 * Webhooks (docs/adr/0058-webhooks.md): subscriptions a user (or an application acting for them) manages through
 * `/webhooks` and the developer settings page, and their delivery by the dispatcher that runs wherever jobs run
 * (`JOBS.Companion`: `spindle worker`, and every server with `JOB_WORKER`), with its figures as gauges; the demo
 * seller's subscription to a loopback receiver in the demo.
 */
export const webhooksModule: SpindleModule = {
  name: 'webhooks',
  schema: webhooksSchema,
  demoAfter: ['identity', 'events'],

  adapters: { sql: webhooksSql, memory: webhooksMemory },

  bindings: ({ config, logger }) =>
    new ContainerModule(({ bind }) => {
      const w = config.webhooks;
      bind(WEBHOOKS.Sender).toConstantValue(
        new NodeWebhookSender({
          allowPrivate: w.allowPrivate,
          connectTimeoutMs: w.connectTimeoutMs,
          totalTimeoutMs: w.totalTimeoutMs,
          maxResponseBytes: w.maxResponseBytes,
          userAgent: `${config.siteName.replace(/[^\x21-\x7e]+/g, '-')}-Webhooks/1.0`,
        }),
      );
      bind(WEBHOOKS.Create)
        .toResolvedValue((store, outbox, sender, secrets, uow, clock) => new CreateWebhook(store, outbox, sender, secrets, uow, clock), [
          WEBHOOKS.Store,
          EVENTS.Outbox,
          WEBHOOKS.Sender,
          IDENTITY.SecretGenerator,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(WEBHOOKS.List).toResolvedValue((store) => new ListWebhooks(store), [WEBHOOKS.Store]).inSingletonScope();
      bind(WEBHOOKS.Get).toResolvedValue((store) => new GetWebhook(store), [WEBHOOKS.Store]).inSingletonScope();
      bind(WEBHOOKS.Delete).toResolvedValue((store, uow) => new DeleteWebhook(store, uow), [WEBHOOKS.Store, PERSISTENCE.UnitOfWork]).inSingletonScope();
      bind(WEBHOOKS.Enable)
        .toResolvedValue((store, uow, clock) => new EnableWebhook(store, uow, clock), [WEBHOOKS.Store, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(WEBHOOKS.Deliveries).toResolvedValue((store) => new ListWebhookDeliveries(store), [WEBHOOKS.Store]).inSingletonScope();
      bind(WEBHOOKS.Redeliver)
        .toResolvedValue((store, uow, clock) => new RedeliverWebhook(store, uow, clock), [WEBHOOKS.Store, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(WEBHOOKS.Presenter).toResolvedValue((urls) => new WebhookPresenter(urls), [HTTP.ApiUrls]).inSingletonScope();

      const outages = { serviceIdentifier: PERSISTENCE.Outages, optional: true } as const;
      bind(WEBHOOKS.Dispatcher)
        .toResolvedValue(
          (store, outbox, sender, uow, clock, ids, found: OutageDetector | undefined) =>
            new WebhookDispatcher(store, outbox, sender, webhookBody, uow, clock, Math.random, logger.child({ part: 'webhooks' }), {
              workerId: `${os.hostname()}/${process.pid}/${ids.next().slice(0, 8)}`,
              // A live worker never loses a subscription mid-attempt: the lease outlasts the sender's whole timeout.
              leaseMs: Math.max(config.jobs.leaseSeconds * 1000, 3 * w.totalTimeoutMs),
              pollMs: config.jobs.pollMs,
              concurrency: w.concurrency,
              ...WEBHOOK_RUN,
              retry: { baseMs: w.retryBaseMs, maxMs: w.retryMaxMs, windowMs: w.retryWindowMs },
              logRetentionMs: w.logRetentionDays * 86_400_000,
              maintenanceMs: 15 * 60 * 1000,
            }, found),
          [WEBHOOKS.Store, EVENTS.Outbox, WEBHOOKS.Sender, PERSISTENCE.UnitOfWork, CORE.Clock, CORE.IdGenerator, outages],
        )
        .inSingletonScope();
      const service = (dispatcher: WebhookDispatcher): BackgroundService => ({
        name: 'webhook dispatcher',
        start: () => dispatcher.start(),
        stop: (graceMs) => dispatcher.stop(graceMs),
      });
      bind(JOBS.Companion).toResolvedValue(service, [WEBHOOKS.Dispatcher]).inSingletonScope();
      if (config.jobs.workerInServer) bind(CORE.BackgroundService).toResolvedValue(service, [WEBHOOKS.Dispatcher]).inSingletonScope();
      for (const n of [0, 1, 2]) {
        bind(HEALTH.Gauges).toResolvedValue((store, clock) => webhookGauges(store, clock)[n]!, [WEBHOOKS.Store, CORE.Clock]).inSingletonScope();
      }

      const useCases = [WEBHOOKS.Create, WEBHOOKS.List, WEBHOOKS.Get, WEBHOOKS.Delete, WEBHOOKS.Enable, WEBHOOKS.Deliveries, WEBHOOKS.Redeliver] as const;
      const toUseCases = (
        create: CreateWebhook,
        list: ListWebhooks,
        get: GetWebhook,
        remove: DeleteWebhook,
        enable: EnableWebhook,
        deliveries: ListWebhookDeliveries,
        redeliver: RedeliverWebhook,
      ): WebhookUseCases => ({ create, list, get, remove, enable, deliveries, redeliver });
      bind(HTTP.Routes)
        .toResolvedValue(
          (presenter, ...u: Parameters<typeof toUseCases>) =>
            new WebhookRoutes(toUseCases(...u), presenter, { baseUrl: config.baseUrl, maxBodyBytes: config.maxBodyBytes }),
          [WEBHOOKS.Presenter, ...useCases],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (sessions, secrets, ...u: Parameters<typeof toUseCases>) =>
            new WebhookWebPageRoutes(toUseCases(...u), { sessions, secrets }, { webUrl: config.webUrl, site: config.siteName }),
          [IDENTITY.WebSessions, IDENTITY.SecretGenerator, ...useCases],
        )
        .inSingletonScope();
    }),

  async demo(container, log) {
    await demoWebhook(container, log);
  },
};

/**
 * Starts the demo receiver on loopback and points the demo seller's subscription (every event type) at it: made the
 * first time with its cursor at 0, so the seller's demo events are delivered; moved to the new receiver's port on
 * later starts. The sender may reach this one loopback origin whatever WEBHOOK_ALLOW_PRIVATE says.
 */
async function demoWebhook(container: Container, log: (line: string) => void): Promise<void> {
  const seller = await container.get(IDENTITY.UserRepository).byLoginName(DEMO_USERS[0]);
  if (!seller) return;
  const receiver = await startDemoReceiver();
  container.get(WEBHOOKS.Sender).allowOrigin(new URL(receiver.url).origin);
  const store = container.get(WEBHOOKS.Store);
  const uow = container.get(PERSISTENCE.UnitOfWork);
  const mine = await uow.run(() => store.list(seller.id, null, 0, 100));
  const demo = mine.items.find((w) => w.url.endsWith('/demo-webhook') && new URL(w.url).hostname === '127.0.0.1');
  if (demo) {
    await uow.run(() => store.moveTo(demo.id, receiver.url));
    log(`webhooks: the demo seller's subscription now delivers to the demo receiver at ${receiver.url}`);
    return;
  }
  const made = await container.get(WEBHOOKS.Create).execute({ caller: userCaller(seller, 'token'), body: () => ({ url: receiver.url, eventTypes: EVENT_TYPES }) });
  await uow.run(() => store.moveTo(made.id, receiver.url, 0));
  log(`webhooks: a subscription of the demo seller to every event type, delivered to the demo receiver at ${receiver.url}`);
}
