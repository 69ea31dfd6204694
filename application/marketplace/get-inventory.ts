import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { InventorySort } from '../../domain/marketplace/inventory-sort.js';
import { INVALID_STATUS_FILTER_MESSAGE, INVENTORY_STATUS_FILTERS, type InventoryStatusFilter, type ListingStatus } from '../../domain/marketplace/listing-status.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { Invalid, NotFound } from '../errors.js';
import { pageOffset, type Page, type PageRequest, type SortOrder } from '../shared/page.js';
import type { Caller } from '../shared/caller.js';
import type { InventoryPageReader } from '../ports/inventory-page-reader.js';
import { callerUserId, type ListingView } from './listing-access.js';
import type { ListingViews } from './listing-views.js';

/** The sorts only an inventory's owner may use. */
export const OWNER_ONLY_SORTS: readonly InventorySort[] = ['status', 'location'];

/** A page of a seller's inventory as the caller may see it. */
export interface InventoryView {
  readonly seller: User;
  readonly page: Page<ListingView>;
}

/**
 * `GET /s/{name}/inventory`: a seller's listings, a page at a time. The owner sees every status (or the one the
 * status filter names; All is every one); anyone else sees only For Sale listings, whatever the filter says. Sorted by
 * `sort` (default `listed`) in `sortOrder`, ties by listing id; `status` and `location` sort only the owner's own
 * inventory (for anyone else they are ignored: the default order). Prices as a single listing shows them (see
 * `ListingViews`). The generic 404 for an unknown seller.
 */
export class GetInventory {
  constructor(
    private readonly users: UserRepository,
    private readonly pages: InventoryPageReader,
    private readonly views: ListingViews,
  ) {}

  async execute(input: {
    readonly name: string;
    readonly caller: Caller;
    readonly status?: InventoryStatusFilter;
    readonly sort?: InventorySort;
    readonly sortOrder: SortOrder;
    readonly page: PageRequest;
    readonly textFormat: TextFormat;
    /** The currency prices are shown in; the caller's when left out (see `callerCurrency`). */
    readonly currency?: Currency;
  }): Promise<InventoryView> {
    const seller = await this.users.byLoginName(input.name);
    if (!seller) throw new NotFound();
    const owner = callerUserId(input.caller) === seller.id;
    // An owner-only sort asked by anyone else is ignored (the default order), as the public API does.
    const sort = input.sort === undefined || (!owner && OWNER_ONLY_SORTS.includes(input.sort)) ? 'listed' : input.sort;
    const status = input.status ?? 'All';
    if (!(INVENTORY_STATUS_FILTERS as readonly string[]).includes(status)) throw new Invalid(INVALID_STATUS_FILTER_MESSAGE);
    const statuses: readonly ListingStatus[] | null = !owner ? ['For Sale'] : status === 'All' ? null : [status as ListingStatus];
    const found = await this.pages.page({
      sellerId: seller.id,
      statuses,
      sort,
      sortOrder: input.sortOrder,
      offset: pageOffset(input.page),
      limit: input.page.perPage,
    });
    const items = await this.views.views(found.listings, seller, input.caller, input.textFormat, input.currency);
    return { seller, page: { items, total: found.total, page: input.page.page, perPage: input.page.perPage } };
  }
}
