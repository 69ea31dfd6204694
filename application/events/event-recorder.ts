import { newEvent, type EventType, type NewEvent } from '../../domain/events/event.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { InstanceView } from '../collection/instance-view.js';
import type { WantView } from '../collection/want-view.js';
import type { InventoryExportView } from '../inventory/inventory-export-view.js';
import type { InventoryUploadView } from '../inventory/inventory-upload-view.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { ListingViews } from '../marketplace/listing-views.js';
import type { OrderView } from '../orders/order-view.js';
import type { EventBodies } from '../ports/event-bodies.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import { userCaller } from '../shared/caller.js';

/**
 * The one way the use cases record events: each method builds the events of a change, each with its resource's body
 * as the API shows it to the event's user (`EventBodies`), and appends them to the outbox in the caller's unit of work.
 * Call it inside that unit of work, after the change's other writes (the outbox's lock is held from the append to the
 * commit).
 */
export class EventRecorder {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly bodies: EventBodies,
    private readonly listingViews: ListingViews,
    private readonly users: UserRepository,
  ) {}

  /**
   * Events of `types` about an order, one per type for each view's party (pass the buyer's and the seller's view):
   * each sees the order as the API shows it to them.
   */
  async order(types: readonly EventType[], views: readonly OrderView[], at: Date): Promise<void> {
    await this.append(this.orderEvents(types, views, at));
  }

  /** An event of `type` about each listing, for its seller, who sees it as `GET /marketplace/listings/{id}` shows it to them. */
  async listings(type: EventType, listings: readonly Listing[], at: Date): Promise<void> {
    await this.append(await this.listingEvents(type, listings, at));
  }

  /** `inventory.export_finished` for the export's owner, the export as `GET /inventory/export/{id}` shows it to them. */
  async inventoryExport(ownerId: number, view: InventoryExportView, at: Date): Promise<void> {
    await this.append([newEvent('inventory.export_finished', ownerId, at, { id: view.id, body: this.bodies.inventoryExport(view) })]);
  }

  /** `inventory.upload_finished` for the upload's seller, the upload as `GET /inventory/upload/{id}` shows it to them. */
  async inventoryUpload(ownerId: number, view: InventoryUploadView, at: Date): Promise<void> {
    await this.append([newEvent('inventory.upload_finished', ownerId, at, { id: view.id, body: this.bodies.inventoryUpload(view) })]);
  }

  /**
   * `wantlist.changed` for the wantlist's owner about a want (added, edited, or removed: then as it was), the want as
   * `GET /s/{name}/wants/{release_id}` shows it to them (pass the owner's view); the resource's id is the release's.
   */
  async want(view: WantView, at: Date): Promise<void> {
    await this.append([newEvent('wantlist.changed', view.user.id, at, { id: view.want.releaseId, body: this.bodies.want(view) })]);
  }

  /**
   * `collection.changed` for the collection's owner about an instance (added, moved, rated, noted, or removed: then as
   * it was), as the collection's endpoints show it to them (pass the owner's view); the resource's id is the instance's.
   */
  async instance(ownerId: number, view: InstanceView, at: Date): Promise<void> {
    await this.append([newEvent('collection.changed', ownerId, at, { id: view.instance.id, body: this.bodies.instance(view) })]);
  }

  /** The events `order` appends, built without appending (to append several changes' events at once). */
  orderEvents(types: readonly EventType[], views: readonly OrderView[], at: Date): NewEvent[] {
    return views.flatMap((view) => {
      const userId = view.viewer === 'seller' ? view.order.sellerId : view.order.buyerId;
      const body = this.bodies.order(view);
      return types.map((type) => newEvent(type, userId, at, { id: view.order.id, body }));
    });
  }

  /** The events `listings` appends, built without appending (each seller's listings viewed together, in one batch). */
  async listingEvents(type: EventType, listings: readonly Listing[], at: Date): Promise<NewEvent[]> {
    const bySeller = new Map<number, Listing[]>();
    for (const listing of listings) bySeller.set(listing.sellerId, [...(bySeller.get(listing.sellerId) ?? []), listing]);
    const events = new Map<Listing, NewEvent>();
    for (const [sellerId, theirs] of bySeller) {
      const seller = await this.users.byId(sellerId);
      if (!seller) throw new Error(`The seller ${sellerId} of listing ${theirs[0]!.id} is gone`);
      const views = await this.listingViews.views(theirs, seller, userCaller(seller, 'token'), 'markup');
      views.forEach((view, i) => events.set(theirs[i]!, newEvent(type, seller.id, at, { id: view.listing.id, body: this.bodies.listing(view) })));
    }
    return listings.map((listing) => events.get(listing)!);
  }

  /**
   * The events `listings` appends, staged in the unit of work for its final append (`EventOutbox.stage`) rather than
   * appended: for a unit of work that changes listings batch after batch (an inventory upload), whose last append
   * (`inventory.upload_finished`) then appends them all first.
   */
  async stageListings(type: EventType, listings: readonly Listing[], at: Date): Promise<void> {
    if (listings.length > 0) await this.outbox.stage(await this.listingEvents(type, listings, at));
  }

  /** Appends events already built, in one append; nothing when none. */
  async append(events: readonly NewEvent[]): Promise<void> {
    if (events.length > 0) await this.outbox.append(events);
  }
}
