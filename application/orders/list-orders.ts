import { CANCELLED_STATUSES } from '../../domain/orders/order-lifecycle.js';
import type { OrderParty } from '../../domain/orders/order-party.js';
import type { OrderSort } from '../../domain/orders/order-sort.js';
import { orderStatusNamed, type OrderStatus } from '../../domain/orders/order-status.js';
import { Invalid } from '../errors.js';
import { pageOffset, type Page, type PageRequest, type SortOrder } from '../shared/page.js';
import type { Caller } from '../shared/caller.js';
import { orderCaller, orderViews, type OrderAccess, type OrderView } from './order-access.js';

/** The status filters an order list takes beyond the statuses themselves (the spec's part 3). */
export const ORDER_LIST_FILTERS = ['All', 'Merged', 'Order Changed', 'Cancelled', 'Cancelled (Refund Received)'] as const;

/** The 422 message for a status filter that is neither a status nor one of ORDER_LIST_FILTERS. */
export const INVALID_ORDER_STATUS_FILTER_MESSAGE =
  'Invalid status: expected an order status or one of All, Merged, Order Changed, Cancelled, Cancelled (Refund Received).';

/** What a status filter selects: the statuses (null for all), whether only orders with a refund received, or nothing. */
export function statusFilter(value: string | undefined): { statuses: readonly OrderStatus[] | null; refundReceived: boolean; none: boolean } {
  if (value === undefined || value === 'All') return { statuses: null, refundReceived: false, none: false };
  // Spindle never merges orders nor changes their items: those filters match no order.
  if (value === 'Merged' || value === 'Order Changed') return { statuses: null, refundReceived: false, none: true };
  if (value === 'Cancelled') return { statuses: CANCELLED_STATUSES, refundReceived: false, none: false };
  if (value === 'Cancelled (Refund Received)') return { statuses: CANCELLED_STATUSES, refundReceived: true, none: false };
  const status = orderStatusNamed(value);
  if (status === null) throw new Invalid(INVALID_ORDER_STATUS_FILTER_MESSAGE);
  return { statuses: [status], refundReceived: false, none: false };
}

/** A list request, its values checked by the HTTP layer (dates parsed); the status and the sort are checked here. */
export interface ListOrdersInput {
  readonly caller: Caller;
  readonly status?: string;
  readonly createdAfter?: Date;
  readonly createdBefore?: Date;
  readonly archived?: boolean;
  readonly sort?: string;
  readonly sortOrder: SortOrder;
  readonly page: PageRequest;
}

/**
 * A user's orders, a page at a time: as seller (`GET /marketplace/orders`, the spec's list) or as buyer
 * (`GET /marketplace/purchases`). Filters: status (see `statusFilter`), created after (inclusive) / before
 * (exclusive), archived or not (both when absent); sorts: id (the default: the seller, then their order number), the other
 * party's name (`buyer` for sales, `seller` for purchases), created, status, last_activity, any other ignored; ties by
 * order id. 401
 * anonymous, 403 an application alone.
 */
export class ListOrders {
  constructor(
    private readonly access: OrderAccess,
    private readonly party: OrderParty,
  ) {}

  async execute(input: ListOrdersInput): Promise<Page<OrderView>> {
    const userId = orderCaller(input.caller);
    const filter = statusFilter(input.status);
    // The other party's name sorts: `buyer` for sales, `seller` for purchases; a sort this list does not take is
    // ignored (the default order), as the public API ignores an unknown sort.
    const sorts: readonly string[] = ['id', this.party === 'seller' ? 'buyer' : 'seller', 'created', 'status', 'last_activity'];
    const sort: OrderSort = input.sort !== undefined && sorts.includes(input.sort) ? (input.sort as OrderSort) : 'id';
    const empty = { items: [], total: 0, page: input.page.page, perPage: input.page.perPage };
    if (filter.none) return empty;
    const found = await this.access.orders.list({
      party: this.party,
      userId,
      statuses: filter.statuses,
      refundReceived: filter.refundReceived,
      createdAfter: input.createdAfter ?? null,
      createdBefore: input.createdBefore ?? null,
      archived: input.archived ?? null,
      sort,
      descending: input.sortOrder === 'desc',
      offset: pageOffset(input.page),
      limit: input.page.perPage,
    });
    const items = await orderViews(this.access, found.items, userId, false);
    return { items, total: found.total, page: input.page.page, perPage: input.page.perPage };
  }
}
