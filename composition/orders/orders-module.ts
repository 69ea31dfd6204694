import { ContainerModule } from 'inversify';
import { CartRoutes } from '../../adapters/http/orders/cart-routes.js';
import { OrderPresenter } from '../../adapters/http/orders/order-presenter.js';
import { ORDER_MIGRATIONS } from '../../adapters/persistence/orders/migrations/index.js';
import { ORDER_SCHEMAS } from '../../adapters/persistence/orders/order-rows.js';
import { RetryingUnitOfWork } from '../../adapters/persistence/orders/retrying-unit-of-work.js';
import { SqlCartRepository } from '../../adapters/persistence/orders/sql-cart-repository.js';
import { SqlOrderRepository } from '../../adapters/persistence/orders/sql-order-repository.js';
import { AddToCart } from '../../application/orders/add-to-cart.js';
import { CheckOut } from '../../application/orders/check-out.js';
import { GetCart } from '../../application/orders/get-cart.js';
import { RemoveFromCart } from '../../application/orders/remove-from-cart.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { seedDemoCart } from './demo-orders.js';
import { ORDERS } from './orders-tokens.js';

/**
 * The buying side of the marketplace: buyers' carts (`/marketplace/cart…`, and the marketplace's
 * `MARKETPLACE.CartContents` slot behind a listing's `in_cart`), and the checkout that turns a cart into one order
 * per seller (`POST /marketplace/checkout`), with the tables orders are kept in. See ADR 0020.
 */
export const ordersModule: SpindleModule = {
  name: 'orders',
  schema: { entities: ORDER_SCHEMAS, migrations: ORDER_MIGRATIONS },
  demoAfter: ['identity', 'catalogue', 'marketplace'],

  bindings: ({ config, db }) =>
    new ContainerModule(({ bind }) => {
      const carts = new SqlCartRepository(db.orm);
      bind(ORDERS.CartRepository).toConstantValue(carts);
      bind(MARKETPLACE.CartContents).toConstantValue(carts);
      bind(ORDERS.OrderRepository).toConstantValue(new SqlOrderRepository(db.orm));

      const listings = MARKETPLACE.ListingRepository;
      bind(ORDERS.GetCart)
        .toResolvedValue((c, l, u, r) => new GetCart(c, l, u, r), [ORDERS.CartRepository, listings, IDENTITY.UserRepository, MARKETPLACE.CurrencyRateRepository])
        .inSingletonScope();
      bind(ORDERS.AddToCart)
        .toResolvedValue((l, c, w, k) => new AddToCart(l, c, w, k), [listings, ORDERS.CartRepository, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(ORDERS.RemoveFromCart)
        .toResolvedValue((c, w) => new RemoveFromCart(c, w), [ORDERS.CartRepository, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(ORDERS.CheckOut)
        .toResolvedValue(
          (c, l, o, u, r, f, w, k) => new CheckOut(c, l, o, u, r, f, new RetryingUnitOfWork(db.orm, w), k),
          [
            ORDERS.CartRepository,
            listings,
            ORDERS.OrderRepository,
            IDENTITY.UserRepository,
            MARKETPLACE.CurrencyRateRepository,
            MARKETPLACE.FeeRule,
            PERSISTENCE.UnitOfWork,
            CORE.Clock,
          ],
        )
        .inSingletonScope();

      bind(HTTP.Routes)
        .toResolvedValue(
          (getCart, addToCart, removeFromCart, checkOut, urls) =>
            new CartRoutes({ getCart, addToCart, removeFromCart, checkOut }, new OrderPresenter(urls, config.dialect), { maxBodyBytes: config.maxBodyBytes }),
          [ORDERS.GetCart, ORDERS.AddToCart, ORDERS.RemoveFromCart, ORDERS.CheckOut, HTTP.ApiUrls],
        )
        .inSingletonScope();
    }),

  demo: seedDemoCart,
};
