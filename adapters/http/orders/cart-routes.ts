import type Router from '@koa/router';
import { NotFound } from '../../../application/errors.js';
import type { AddToCart } from '../../../application/orders/add-to-cart.js';
import type { CheckOut } from '../../../application/orders/check-out.js';
import type { GetCart } from '../../../application/orders/get-cart.js';
import type { RemoveFromCart } from '../../../application/orders/remove-from-cart.js';
import type { SpindleState } from '../http-state.js';
import { jsonBodyParser, requestBody } from '../json-body-parser.js';
import { pathId } from '../query.js';
import type { RouteModule } from '../route-module.js';
import { checkoutInput } from './order-bodies.js';
import type { OrderPresenter } from './order-presenter.js';

/** The use cases the cart routes call. */
export interface CartUseCases {
  readonly getCart: GetCart;
  readonly addToCart: AddToCart;
  readonly removeFromCart: RemoveFromCart;
  readonly checkOut: CheckOut;
}

const listingId = (value: string | undefined): number => pathId(value, () => new NotFound());

/**
 * The buyer's cart and checkout (beyond the spec): `GET /marketplace/cart`, `POST` (201, or 200 when it was there)
 * and `DELETE` (204) `/marketplace/cart/{listing_id}`, and `POST /marketplace/checkout` (201 with the orders made).
 */
export class CartRoutes implements RouteModule {
  constructor(
    private readonly useCases: CartUseCases,
    private readonly presenter: OrderPresenter,
    private readonly options: { readonly maxBodyBytes: number },
  ) {}

  register(router: Router<SpindleState>): void {
    const { useCases: u, presenter: p } = this;
    const body = jsonBodyParser(this.options.maxBodyBytes);

    router.get('/marketplace/cart', async (ctx) => {
      ctx.body = p.cart(await u.getCart.execute({ caller: ctx.state.caller }));
    });
    router.post('/marketplace/cart/:listing_id', async (ctx) => {
      const result = await u.addToCart.execute({ caller: ctx.state.caller, listingId: listingId(ctx.params.listing_id) });
      ctx.status = result.added ? 201 : 200;
      ctx.body = p.cartItem(result.listingId);
    });
    router.delete('/marketplace/cart/:listing_id', async (ctx) => {
      await u.removeFromCart.execute({ caller: ctx.state.caller, listingId: listingId(ctx.params.listing_id) });
      ctx.status = 204;
    });
    router.post('/marketplace/checkout', body, async (ctx) => {
      // Each order as the buyer reads it (GET /marketplace/orders/{id}), as the checkout stored it.
      const views = await u.checkOut.execute({ caller: ctx.state.caller, body: () => checkoutInput(requestBody(ctx)) });
      ctx.status = 201;
      ctx.body = p.checkout(views);
    });
  }
}
