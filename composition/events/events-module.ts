import { ContainerModule } from 'inversify';
import { PresentedEventBodies } from '../../adapters/http/events/presented-event-bodies.js';
import { CollectionPresenter } from '../../adapters/http/collection/collection-presenter.js';
import { InventoryExportPresenter } from '../../adapters/http/inventory/inventory-export-presenter.js';
import { InventoryUploadPresenter } from '../../adapters/http/inventory/inventory-upload-presenter.js';
import { ListingPresenter } from '../../adapters/http/marketplace/listing-presenter.js';
import { EventPresenter } from '../../adapters/http/events/event-presenter.js';
import { EventRoutes } from '../../adapters/http/events/event-routes.js';
import { EventRecorder } from '../../application/events/event-recorder.js';
import { EventsAppendedGauge } from '../../application/events/events-appended-gauge.js';
import { ListEvents } from '../../application/events/list-events.js';
import { PruneEvents } from '../../application/events/prune-events.js';
import { HEALTH } from '../health/health-tokens.js';
import { JOBS } from '../jobs/jobs-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { LISTINGS } from '../marketplace/listing-tokens.js';
import { ORDERS } from '../orders/orders-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { eventsMemory } from './events-memory.js';
import { eventsSchema } from './events-schema.js';
import { eventsSql } from './events-sql.js';
import { EVENTS } from './events-tokens.js';

/**
 * Events: the outbox the use cases append to in the transaction of each change (orders, listings, inventory jobs,
 * collections, wantlists), which users read (`GET /events`) and webhooks deliver. See ADR 0057.
 */
export const eventsModule: SpindleModule = {
  name: 'events',
  schema: eventsSchema,
  adapters: { sql: eventsSql, memory: eventsMemory },
  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(EVENTS.Bodies)
        .toResolvedValue(
          (orders, urls) =>
            new PresentedEventBodies(
              orders,
              new ListingPresenter(urls, config.dialect),
              new InventoryExportPresenter(urls.baseUrl, config.dialect),
              new InventoryUploadPresenter(urls.baseUrl),
              new CollectionPresenter(urls),
            ),
          [ORDERS.Presenter, HTTP.ApiUrls],
        )
        .inSingletonScope();
      bind(EVENTS.Recorder)
        .toResolvedValue((outbox, bodies, views, users) => new EventRecorder(outbox, bodies, views, users), [
          EVENTS.Outbox,
          EVENTS.Bodies,
          LISTINGS.ListingViews,
          IDENTITY.UserRepository,
        ])
        .inSingletonScope();
      bind(JOBS.Handler)
        .toResolvedValue((outbox, uow) => new PruneEvents(outbox, uow, config.eventRetentionDays), [EVENTS.Outbox, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(HEALTH.Gauges).toResolvedValue((outbox) => new EventsAppendedGauge(outbox), [EVENTS.Outbox]).inSingletonScope();
      bind(EVENTS.ListEvents).toResolvedValue((outbox) => new ListEvents(outbox), [EVENTS.Outbox]).inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue((listEvents) => new EventRoutes(listEvents, new EventPresenter(), config.baseUrl), [EVENTS.ListEvents])
        .inSingletonScope();
    }),
};
