import { PresentedEventBodies } from '../../adapters/http/events/presented-event-bodies.js';
import { CollectionPresenter } from '../../adapters/http/collection/collection-presenter.js';
import { InventoryExportPresenter } from '../../adapters/http/inventory/inventory-export-presenter.js';
import { InventoryUploadPresenter } from '../../adapters/http/inventory/inventory-upload-presenter.js';
import { ListingPresenter } from '../../adapters/http/marketplace/listing-presenter.js';
import { OrderPresenter } from '../../adapters/http/orders/order-presenter.js';
import { ApiUrls } from '../../adapters/http/urls.js';
import { InMemoryCurrencyRateRepository } from '../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryEventOutbox } from '../../adapters/in-memory/in-memory-event-outbox.js';
import { InMemorySellerRepository } from '../../adapters/in-memory/in-memory-seller-repository.js';
import type { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { EventRecorder } from '../../application/events/event-recorder.js';
import { ListingViews } from '../../application/marketplace/listing-views.js';
import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import type { NameResolver } from '../../domain/text/name-resolver.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import { mergedUserFigures } from '../../application/ports/user-figures.js';
import { TextRenderer } from '../../application/text/text-renderer.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';

/** The URLs the event bodies of application-level tests name. */
export const EVENT_TEST_URLS = new ApiUrls('https://api.test', 'https://web.test', 'users');

/**
 * An event recorder on the in-memory outbox, with the API's presenters for bodies (the spec dialect) and listing
 * views over the given stores (fresh in-memory sellers and rates when not given), as the composition builds it.
 */
export function anEventRecorder(parts: {
  readonly uow: InMemoryUnitOfWork;
  readonly users: UserRepository;
  readonly catalogue: CatalogueReader & NameResolver;
  readonly sellers?: SellerRepository;
  readonly rates?: CurrencyRateRepository;
  /** The outbox to record in (a fresh in-memory one when not given). */
  readonly outbox?: InMemoryEventOutbox;
}): { readonly recorder: EventRecorder; readonly outbox: InMemoryEventOutbox } {
  const outbox = parts.outbox ?? new InMemoryEventOutbox(parts.uow);
  const bodies = new PresentedEventBodies(
    new OrderPresenter(EVENT_TEST_URLS, 'spec', 'Service'),
    new ListingPresenter(EVENT_TEST_URLS, 'spec'),
    new InventoryExportPresenter(EVENT_TEST_URLS.baseUrl, 'spec'),
    new InventoryUploadPresenter(EVENT_TEST_URLS.baseUrl),
    new CollectionPresenter(EVENT_TEST_URLS),
  );
  const views = new ListingViews(
    parts.catalogue,
    new TextRenderer(parts.catalogue, EVENT_TEST_URLS.webUrl),
    parts.sellers ?? new InMemorySellerRepository(parts.uow),
    mergedUserFigures([]),
    parts.rates ?? new InMemoryCurrencyRateRepository(parts.uow),
  );
  return { recorder: new EventRecorder(outbox, bodies, views, parts.users), outbox };
}
