import type { JsonObject } from '../../domain/events/event.js';
import type { InstanceView } from '../collection/instance-view.js';
import type { WantView } from '../collection/want-view.js';
import type { InventoryExportView } from '../inventory/inventory-export-view.js';
import type { InventoryUploadView } from '../inventory/inventory-upload-view.js';
import type { ListingView } from '../marketplace/listing-access.js';
import type { OrderView } from '../orders/order-view.js';

/**
 * Shapes an event's resource body: the resource as the API shows it to the event's user, by the very presenters the
 * API's routes use (the HTTP adapter implements this port), so there is one definition of each resource's JSON. A
 * view is already the one its user may see (an order's for its viewer party, a listing's for its seller).
 */
export interface EventBodies {
  /** An order as `GET /marketplace/orders/{id}` shows it to the view's viewer party. */
  order(view: OrderView): JsonObject;
  /** A listing as `GET /marketplace/listings/{id}` shows it to its seller. */
  listing(view: ListingView): JsonObject;
  /** An inventory export as `GET /inventory/export/{id}` shows it to its owner. */
  inventoryExport(view: InventoryExportView): JsonObject;
  /** An inventory upload as `GET /inventory/upload/{id}` shows it to its owner. */
  inventoryUpload(view: InventoryUploadView): JsonObject;
  /** A want as `GET /s/{name}/wants/{release_id}` shows it to the wantlist's owner. */
  want(view: WantView): JsonObject;
  /** A collection instance as the collection's endpoints (`GET /s/{name}/collection/releases/{release_id}`) show it to its owner. */
  instance(view: InstanceView): JsonObject;
}
