import type Router from '@koa/router';
import type Koa from 'koa';
import { ORDER_LIST_FILTERS, type ListOrders } from '../../../application/orders/list-orders.js';
import { formatMoney } from '../../../domain/marketplace/money-format.js';
import { ORDER_STATUSES } from '../../../domain/orders/order-status.js';
import type { SpindleState } from '../http-state.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { dateInWords, personName } from '../web-pages/page-format.js';
import { pagerLinks } from '../web-pages/page-links.js';
import { WebPageKit, type WebPageDeps, type WebPageSettings } from '../web-pages/web-page-kit.js';
import { orderPageTemplates } from './order-page-templates.js';
import type { OrderPresenter } from './order-presenter.js';
import { OrderListQuery } from './order-queries.js';

/** The two lists: the signed-in person's sales (as `GET /marketplace/orders`) and purchases (`/marketplace/purchases`). */
const LISTS = {
  '/sell/orders': { title: 'Your sales', party: 'seller', other: 'Buyer', none: 'No sales match.' },
  '/sell/purchases': { title: 'Your purchases', party: 'buyer', other: 'Seller', none: 'No purchases match.' },
} as const;
type ListPath = keyof typeof LISTS;

/**
 * The signed-in person's order lists as pages, `/sell/orders` (their sales) and `/sell/purchases` (their
 * purchases), each calling the API's `ListOrders` with the API's query (`OrderListQuery`: status filter, archived,
 * sort, direction, page), so the pages list and refuse exactly what the API does; each order links to its page.
 */
export class OrderListPages implements RouteModule {
  private readonly kit: WebPageKit;

  constructor(
    private readonly useCases: { readonly listSales: ListOrders; readonly listPurchases: ListOrders },
    private readonly presenter: OrderPresenter,
    deps: WebPageDeps,
    settings: WebPageSettings,
  ) {
    this.kit = new WebPageKit(deps, settings, orderPageTemplates());
  }

  isWebPage(path: string): boolean {
    return path in LISTS;
  }

  refusalPage(ctx: Koa.Context, err: unknown): Promise<boolean> {
    return this.kit.refusalPage(ctx, err);
  }

  register(router: Router<SpindleState>): void {
    for (const path of Object.keys(LISTS) as ListPath[]) router.get(path, this.kit.page((ctx) => this.list(ctx, path)));
  }

  private async list(ctx: Koa.Context, path: ListPath): Promise<void> {
    const caller = await this.kit.signedIn(ctx);
    const q = validateQuery(OrderListQuery, ctx.query);
    const what = LISTS[path];
    const useCase = what.party === 'seller' ? this.useCases.listSales : this.useCases.listPurchases;
    const page = await useCase.execute({
      caller,
      status: q.status,
      archived: q.archived === undefined ? undefined : q.archived === 'true',
      sort: q.sort,
      sortOrder: q.sortOrder(),
      page: q.toPageRequest(),
    });
    const web = this.kit.settings.webUrl;
    await this.kit.render(ctx, '@order-list', {
      title: what.title,
      user: caller.username,
      here: path,
      path: `${web}${path}`,
      other: what.other,
      none: what.none,
      // The filters the API's list takes: every status in the API's words, and the list's own filters.
      filters: [...ORDER_LIST_FILTERS.slice(0, 1), ...ORDER_STATUSES.map((s) => this.presenter.status(s)), ...ORDER_LIST_FILTERS.slice(1)],
      status: q.status ?? 'All',
      archived: q.archived ?? '',
      sorts: ['id', what.party === 'seller' ? 'buyer' : 'seller', 'created', 'status', 'last_activity'],
      sort: q.sort ?? 'id',
      sortOrder: q.sortOrder(),
      orders: page.items.map((view) => {
        const o = this.presenter.order(view);
        return {
          id: o.id,
          href: o.uri,
          created: dateInWords(view.order.created),
          other: personName(what.party === 'seller' ? view.buyer : view.seller),
          status: o.status,
          items: o.items.map((i) => i.release.description || `Release ${i.release.id}`).join('; '),
          total: formatMoney(view.order.total),
          archived: view.order.archived,
        };
      }),
      pager: pagerLinks(ctx, `${web}${path}`, page),
    });
  }
}
