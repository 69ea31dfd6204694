import { pageOffset, type Page, type PageRequest } from '../shared/page.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import { messageViews, readableOrder, type OrderAccess, type OrderMessageView } from './order-access.js';

/**
 * `GET /marketplace/orders/{id}/messages`: the order's message log, the most recent first, a page at a time, to its
 * two parties only (the log holds personal messages). 401 anonymous, 403 anyone else (and an unknown order, as
 * `unknownOrder` says), 404 an unknown order of the caller's own. Reading marks the log read by the caller up to the newest entry the page returned (never further: an entry appended while
 * the page was read stays unread), which is what the caller's profile's `num_unread` counts from.
 */
export class GetOrderMessages {
  constructor(
    private readonly access: OrderAccess,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(input: { readonly caller: Caller; readonly id: string; readonly page: PageRequest }): Promise<Page<OrderMessageView>> {
    const { order, userId } = await readableOrder(this.access.orders, input.caller, input.id);
    const offset = pageOffset(input.page);
    const found = await this.access.orders.messages(order.id, offset, input.page.perPage);
    if (found.items.length > 0) await this.uow.run(() => this.access.orders.markRead(order.id, userId, found.total - offset));
    const items = await messageViews(this.access, order, found.items);
    return { items, total: found.total, page: input.page.page, perPage: input.page.perPage };
  }
}
