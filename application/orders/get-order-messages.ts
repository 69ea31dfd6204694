import { pageOffset, type Page, type PageRequest } from '../shared/page.js';
import type { Caller } from '../shared/caller.js';
import { messageViews, readableOrder, type OrderAccess, type OrderMessageView } from './order-access.js';

/**
 * `GET /marketplace/orders/{id}/messages`: the order's message log, the most recent first, a page at a time, to its
 * two parties only (the log holds personal messages). 401 anonymous, 403 anyone else, 404 an unknown order.
 */
export class GetOrderMessages {
  constructor(private readonly access: OrderAccess) {}

  async execute(input: { readonly caller: Caller; readonly id: string; readonly page: PageRequest }): Promise<Page<OrderMessageView>> {
    const { order } = await readableOrder(this.access.orders, input.caller, input.id);
    const found = await this.access.orders.messages(order.id, pageOffset(input.page), input.page.perPage);
    const items = await messageViews(this.access, order, found.items);
    return { items, total: found.total, page: input.page.page, perPage: input.page.perPage };
  }
}
