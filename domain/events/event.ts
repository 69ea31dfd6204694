/**
 * The kinds of event the outbox records, one exported list (validation of `types` filters and the table's check use
 * it): what happened, named `<resource>.<what>`.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.shipping_changed',
  'order.message_added',
  'order.refunded',
  'listing.created',
  'listing.changed',
  'listing.sold',
  'listing.deleted',
  'inventory.export_finished',
  'inventory.upload_finished',
  'collection.changed',
  'wantlist.changed',
] as const;

/** One of `EVENT_TYPES`. */
export type EventType = (typeof EVENT_TYPES)[number];

/** The kinds of resource an event carries. */
export const EVENT_RESOURCE_TYPES = ['order', 'listing', 'inventory_export', 'inventory_upload', 'collection', 'wantlist'] as const;

/** One of `EVENT_RESOURCE_TYPES`. */
export type EventResourceType = (typeof EVENT_RESOURCE_TYPES)[number];

/** The kind of resource each type of event carries: the whole table at once. */
export const RESOURCE_OF_EVENT: Readonly<Record<EventType, EventResourceType>> = {
  'order.created': 'order',
  'order.status_changed': 'order',
  'order.shipping_changed': 'order',
  'order.message_added': 'order',
  'order.refunded': 'order',
  'listing.created': 'listing',
  'listing.changed': 'listing',
  'listing.sold': 'listing',
  'listing.deleted': 'listing',
  'inventory.export_finished': 'inventory_export',
  'inventory.upload_finished': 'inventory_upload',
  'collection.changed': 'collection',
  'wantlist.changed': 'wantlist',
};

/** Whether a text names one of `EVENT_TYPES`. */
export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** A JSON value, as an event's resource body holds it. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A JSON object: an event's resource body, as the API shows the resource to the event's user. */
export type JsonObject = { readonly [key: string]: JsonValue };

/**
 * The resource an event is about: its kind, its id (an order's `123-4`, a listing's number, as text) and its body as
 * the API shows it to the event's user at the moment of the change (never more than that user may see).
 */
export interface EventResource {
  readonly type: EventResourceType;
  readonly id: string;
  readonly body: JsonObject;
}

/** An event not yet recorded: what happened, when, to whom it is told, and about what. */
export interface NewEvent {
  readonly type: EventType;
  readonly occurred: Date;
  /** The user the event concerns (only they, and applications acting for them, see it). */
  readonly userId: number;
  readonly resource: EventResource;
}

/**
 * A recorded event, with its id from the outbox: ids increase in the order events became visible (commit order), so
 * a reader that remembers the last id it saw and asks for those after it misses none (see `EventOutbox`).
 */
export interface RecordedEvent extends NewEvent {
  readonly id: number;
}

/**
 * A new event of `type` for `userId` about the resource `id` with `body`; the resource's kind comes from
 * `RESOURCE_OF_EVENT`. Throws a RangeError on a user id that is not a positive whole number or an empty resource id.
 */
export function newEvent(type: EventType, userId: number, occurred: Date, resource: { readonly id: string | number; readonly body: JsonObject }): NewEvent {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError(`An event's user must be a positive whole number, not ${userId}`);
  const id = String(resource.id);
  if (id === '') throw new RangeError("An event's resource needs an id");
  return { type, occurred, userId, resource: { type: RESOURCE_OF_EVENT[type], id, body: resource.body } };
}
