import type { OrderMessage, OrderMessageType } from '../../domain/orders/order-message.js';
import type { EventType } from '../../domain/events/event.js';

/** The event each kind of order log entry is: the whole table at once. */
export const ORDER_EVENT_OF_ENTRY: Readonly<Record<OrderMessageType, EventType>> = {
  message: 'order.message_added',
  status: 'order.status_changed',
  shipping: 'order.shipping_changed',
  refund_sent: 'order.refunded',
  refund_received: 'order.refunded',
};

/**
 * The events a change of an order is, from the log entries it writes, each type once in the order first written: a
 * message that also moves the status is a message and a status change; a change that writes no entry (archiving,
 * feedback) is no event.
 */
export function orderEventTypes(entries: readonly OrderMessage[]): EventType[] {
  const types: EventType[] = [];
  for (const entry of entries) {
    const kinds: EventType[] = [ORDER_EVENT_OF_ENTRY[entry.type]];
    if (entry.type === 'message' && entry.statusChange !== null) kinds.push('order.status_changed');
    for (const kind of kinds) if (!types.includes(kind)) types.push(kind);
  }
  return types;
}
