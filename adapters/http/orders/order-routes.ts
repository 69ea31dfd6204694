import type Router from '@koa/router';
import type Koa from 'koa';
import { Invalid, NotFound } from '../../../application/errors.js';
import type { AddOrderMessage } from '../../../application/orders/add-order-message.js';
import type { EditOrder } from '../../../application/orders/edit-order.js';
import type { GetOrder } from '../../../application/orders/get-order.js';
import type { GetOrderMessages } from '../../../application/orders/get-order-messages.js';
import type { GiveFeedback } from '../../../application/orders/give-feedback.js';
import type { ListOrders } from '../../../application/orders/list-orders.js';
import type { RecordRefund } from '../../../application/orders/record-refund.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { PageQuery, paginate } from '../pagination.js';
import { validateQuery } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { feedbackInput, orderEditInput, orderMessageInput, refundInput } from './order-bodies.js';
import { OrderListQuery } from './order-queries.js';
import type { OrderPresenter } from './order-presenter.js';
import type { ApiSchema } from '../api-shapes.js';

/** The use cases the order routes call. */
export interface OrderUseCases {
  readonly getOrder: GetOrder;
  readonly editOrder: EditOrder;
  readonly listSales: ListOrders;
  readonly listPurchases: ListOrders;
  readonly getMessages: GetOrderMessages;
  readonly addMessage: AddOrderMessage;
  readonly recordRefund: RecordRefund;
  readonly giveFeedback: GiveFeedback;
}

/** An order id from the path, as it is: the use cases answer 404 for one that names no order. */
const orderId = (value: string | undefined): string => {
  if (value === undefined || value.length > 40) throw new NotFound();
  return value;
};

/** A validated ISO 8601 timestamp as a Date; one past the Date range is refused like a malformed one. */
function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new Invalid(`Invalid ${name}: expected an ISO 8601 timestamp such as 2026-11-23T10:00:00Z, got "${value}".`);
  return d;
}

/**
 * Orders: `GET`/`POST /marketplace/orders/{id}`, `GET /marketplace/orders` (the caller's sales), `GET`/`POST
 * /marketplace/orders/{id}/messages`, and beyond the spec `GET /marketplace/purchases`, `POST
 * /marketplace/orders/{id}/refunds` and `/feedback`.
 */
export class OrderRoutes implements RouteModule {
  constructor(
    private readonly useCases: OrderUseCases,
    private readonly presenter: OrderPresenter,
    private readonly baseUrl: string,
    private readonly options: { readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p } = this;
    const body = jsonBodyParser(this.options.maxBodyBytes);

    const list = (useCase: ListOrders) => async (ctx: Koa.ParameterizedContext<SpindleState>) => {
      const q = validateQuery(OrderListQuery, ctx.query);
      const page = await useCase.execute({
        caller: ctx.state.caller,
        status: q.status,
        createdAfter: instant(q.created_after, 'created_after'),
        createdBefore: instant(q.created_before, 'created_before'),
        archived: q.archived === undefined ? undefined : q.archived === 'true',
        sort: q.sort,
        sortOrder: q.sortOrder(),
        page: q.toPageRequest(),
      });
      ctx.body = p.orderPage(paginate(ctx, this.baseUrl, page), page.items);
    };
    router.get('/marketplace/orders', list(u.listSales));
    router.get('/marketplace/purchases', list(u.listPurchases));

    router.get('/marketplace/orders/:id', async (ctx) => {
      ctx.body = p.order(await u.getOrder.execute({ caller: ctx.state.caller, id: orderId(ctx.params.id) }));
    });
    router.post('/marketplace/orders/:id', body, async (ctx) => {
      ctx.body = p.order(await u.editOrder.execute({ caller: ctx.state.caller, id: orderId(ctx.params.id), body: (currency) => orderEditInput(requestBody(ctx), currency) }));
    });
    router.get('/marketplace/orders/:id/messages', async (ctx) => {
      const q = validateQuery(PageQuery, ctx.query);
      const page = await u.getMessages.execute({ caller: ctx.state.caller, id: orderId(ctx.params.id), page: q.toPageRequest() });
      ctx.body = { pagination: paginate(ctx, this.baseUrl, page), messages: page.items.map((m) => p.message(m)) } satisfies ApiSchema<'OrderMessagePage'>;
    });
    router.post('/marketplace/orders/:id/messages', body, async (ctx) => {
      const added = await u.addMessage.execute({ caller: ctx.state.caller, id: orderId(ctx.params.id), body: () => orderMessageInput(requestBody(ctx)) });
      ctx.status = 201;
      ctx.body = p.messageReply(added);
    });
    router.post('/marketplace/orders/:id/refunds', body, async (ctx) => {
      const entry = await u.recordRefund.execute({ caller: ctx.state.caller, id: orderId(ctx.params.id), body: (currency) => refundInput(requestBody(ctx), currency) });
      ctx.status = 201;
      ctx.body = p.message(entry);
    });
    router.post('/marketplace/orders/:id/feedback', body, async (ctx) => {
      const given = await u.giveFeedback.execute({ caller: ctx.state.caller, id: orderId(ctx.params.id), body: () => feedbackInput(requestBody(ctx)) });
      ctx.status = given.replaced ? 200 : 201;
      ctx.body = p.givenFeedback(given.feedback);
    });
  }
}
