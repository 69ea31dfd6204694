import type { EventBodies } from '../../../application/ports/event-bodies.js';
import type { InstanceView } from '../../../application/collection/instance-view.js';
import type { WantView } from '../../../application/collection/want-view.js';
import type { InventoryExportView } from '../../../application/inventory/inventory-export-view.js';
import type { InventoryUploadView } from '../../../application/inventory/inventory-upload-view.js';
import type { ListingView } from '../../../application/marketplace/listing-access.js';
import type { OrderView } from '../../../application/orders/order-access.js';
import type { JsonObject } from '../../../domain/events/event.js';
import type { CollectionPresenter } from '../collection/collection-presenter.js';
import type { InventoryExportPresenter } from '../inventory/inventory-export-presenter.js';
import type { InventoryUploadPresenter } from '../inventory/inventory-upload-presenter.js';
import type { ListingPresenter } from '../marketplace/listing-presenter.js';
import type { OrderPresenter } from '../orders/order-presenter.js';

/** A presented body as the JSON the API writes (what `JSON.stringify` leaves of it: no undefined fields). */
const json = (body: object): JsonObject => JSON.parse(JSON.stringify(body)) as JsonObject;

/**
 * Event bodies by the API's own presenters: an order as `GET /marketplace/orders/{id}` answers it to the view's party,
 * a listing as `GET /marketplace/listings/{id}` answers it to its seller, an inventory export or upload as
 * `GET /inventory/export/{id}` / `GET /inventory/upload/{id}` answer it to its owner, a want or a collection instance as the wantlist's and the collection's endpoints answer their owner (the service's dialect, the
 * default text format, URLs from the configured base URL at the time of the change).
 */
export class PresentedEventBodies implements EventBodies {
  constructor(
    private readonly orders: OrderPresenter,
    private readonly listings: ListingPresenter,
    private readonly exports: InventoryExportPresenter,
    private readonly uploads: InventoryUploadPresenter,
    private readonly collections: CollectionPresenter,
  ) {}

  order(view: OrderView): JsonObject {
    return json(this.orders.order(view));
  }

  listing(view: ListingView): JsonObject {
    return json(this.listings.listing(view));
  }

  inventoryExport(view: InventoryExportView): JsonObject {
    return json(this.exports.export(view));
  }

  inventoryUpload(view: InventoryUploadView): JsonObject {
    return json(this.uploads.upload(view));
  }

  want(view: WantView): JsonObject {
    return json(this.collections.want(view));
  }

  instance(view: InstanceView): JsonObject {
    return json(this.collections.instance(view));
  }
}
