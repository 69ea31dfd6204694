import { ContainerModule } from 'inversify';
import { CartRoutes } from '../../adapters/http/orders/cart-routes.js';
import { OrderPresenter } from '../../adapters/http/orders/order-presenter.js';
import { CartPages } from '../../adapters/http/orders/cart-pages.js';
import { OrderPages } from '../../adapters/http/orders/order-pages.js';
import { OrderRoutes } from '../../adapters/http/orders/order-routes.js';
import { AddOrderMessage } from '../../application/orders/add-order-message.js';
import { EditOrder } from '../../application/orders/edit-order.js';
import { GetOrder } from '../../application/orders/get-order.js';
import { GetOrderMessages } from '../../application/orders/get-order-messages.js';
import { GiveFeedback } from '../../application/orders/give-feedback.js';
import { ListOrders } from '../../application/orders/list-orders.js';
import type { OrderAccess } from '../../application/orders/order-access.js';
import { PUBLIC_STATUS_WORDS, SPEC_STATUS_WORDS } from '../../domain/orders/order-status.js';
import { RecordRefund } from '../../application/orders/record-refund.js';
import { TradeFiguresPart } from '../../application/orders/trade-figures-part.js';
import { UnreadFiguresPart } from '../../application/orders/unread-figures-part.js';
import type { CatalogueReader } from '../../application/ports/catalogue-reader.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { USERS } from '../users/users-tokens.js';
import { AddToCart } from '../../application/orders/add-to-cart.js';
import { CheckOut } from '../../application/orders/check-out.js';
import { GetCart } from '../../application/orders/get-cart.js';
import { RemoveFromCart } from '../../application/orders/remove-from-cart.js';
import { CORE } from '../core/core-tokens.js';
import type { EventRecorder } from '../../application/events/event-recorder.js';
import { EVENTS } from '../events/events-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { ordersMemory } from './orders-memory.js';
import { ordersSql } from './orders-sql.js';
import { ordersSchema } from './orders-schema.js';
import { seedDemoOrders } from './demo-order-lifecycle.js';
import { seedDemoCart } from './demo-orders.js';
import { ORDERS } from './orders-tokens.js';

/**
 * The buying side of the marketplace: buyers' carts (`/marketplace/cart…`, and the marketplace's
 * `MARKETPLACE.CartContents` slot behind a listing's `in_cart`), and the checkout that turns a cart into one order
 * per seller (`POST /marketplace/checkout`), with the tables orders are kept in. See ADR 0020.
 */
export const ordersModule: SpindleModule = {
  name: 'orders',
  schema: ordersSchema,
  demoAfter: ['identity', 'catalogue', 'marketplace'],

  adapters: { sql: ordersSql, memory: ordersMemory },

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {

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
          (c, l, o, u, g, r, f, w, k, e, s) => new CheckOut(c, l, o, u, g, r, f, w, k, e, s),
          [
            ORDERS.CartRepository,
            listings,
            ORDERS.OrderRepository,
            IDENTITY.UserRepository,
            CATALOGUE.Reader,
            MARKETPLACE.CurrencyRateRepository,
            MARKETPLACE.FeeRule,
            ORDERS.CheckoutUnitOfWork,
            CORE.Clock,
            EVENTS.Recorder,
            MARKETPLACE.SellerRepository,
          ],
        )
        .inSingletonScope();

      const statusWords = config.dialect === 'discogs' ? PUBLIC_STATUS_WORDS : SPEC_STATUS_WORDS;
      const access = (orders: OrderRepository, users: UserRepository, catalogue: CatalogueReader, events: EventRecorder): OrderAccess => ({
        orders,
        users,
        catalogue,
        statusWords,
        events,
      });
      const accessTokens = [ORDERS.OrderRepository, IDENTITY.UserRepository, CATALOGUE.Reader, EVENTS.Recorder] as const;
      bind(ORDERS.GetOrder).toResolvedValue((o, u, c, e) => new GetOrder(access(o, u, c, e)), [...accessTokens]).inSingletonScope();
      bind(ORDERS.ListSales).toResolvedValue((o, u, c, e) => new ListOrders(access(o, u, c, e), 'seller'), [...accessTokens]).inSingletonScope();
      bind(ORDERS.ListPurchases).toResolvedValue((o, u, c, e) => new ListOrders(access(o, u, c, e), 'buyer'), [...accessTokens]).inSingletonScope();
      bind(ORDERS.GetOrderMessages)
        .toResolvedValue((o, u, c, e, w) => new GetOrderMessages(access(o, u, c, e), w), [...accessTokens, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      const changing = [...accessTokens, PERSISTENCE.UnitOfWork, CORE.Clock] as const;
      bind(ORDERS.EditOrder).toResolvedValue((o, u, c, e, w, k) => new EditOrder(access(o, u, c, e), w, k), [...changing]).inSingletonScope();
      bind(ORDERS.AddOrderMessage).toResolvedValue((o, u, c, e, w, k) => new AddOrderMessage(access(o, u, c, e), w, k), [...changing]).inSingletonScope();
      bind(ORDERS.RecordRefund).toResolvedValue((o, u, c, e, w, k) => new RecordRefund(access(o, u, c, e), w, k), [...changing]).inSingletonScope();
      bind(ORDERS.GiveFeedback).toResolvedValue((o, u, c, e, w, k) => new GiveFeedback(access(o, u, c, e), w, k), [...changing]).inSingletonScope();
      bind(USERS.FiguresPart).toResolvedValue((o) => new TradeFiguresPart(o), [ORDERS.OrderRepository]).inSingletonScope();
      bind(USERS.FiguresPart).toResolvedValue((o) => new UnreadFiguresPart(o), [ORDERS.UnreadMessages]).inSingletonScope();

      bind(ORDERS.Presenter).toResolvedValue((urls) => new OrderPresenter(urls, config.dialect, config.brand), [HTTP.ApiUrls]).inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (getCart, addToCart, removeFromCart, checkOut, presenter) =>
            new CartRoutes({ getCart, addToCart, removeFromCart, checkOut }, presenter, { maxBodyBytes: config.maxBodyBytes }),
          [ORDERS.GetCart, ORDERS.AddToCart, ORDERS.RemoveFromCart, ORDERS.CheckOut, ORDERS.Presenter],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (getOrder, editOrder, listSales, listPurchases, getMessages, addMessage, recordRefund, giveFeedback, presenter) =>
            new OrderRoutes(
              { getOrder, editOrder, listSales, listPurchases, getMessages, addMessage, recordRefund, giveFeedback },
              presenter,
              config.baseUrl,
              { maxBodyBytes: config.maxBodyBytes },
            ),
          [
            ORDERS.GetOrder,
            ORDERS.EditOrder,
            ORDERS.ListSales,
            ORDERS.ListPurchases,
            ORDERS.GetOrderMessages,
            ORDERS.AddOrderMessage,
            ORDERS.RecordRefund,
            ORDERS.GiveFeedback,
            ORDERS.Presenter,
          ],
        )
        .inSingletonScope();
      // The buyer's cart and checkout as pages: the cart routes' use cases and presenter.
      bind(HTTP.Routes)
        .toResolvedValue(
          (getCart, addToCart, removeFromCart, checkOut, presenter, urls, sessions, secrets) =>
            new CartPages({ getCart, addToCart, removeFromCart, checkOut }, presenter, urls, { sessions, secrets }, { webUrl: config.webUrl, site: config.siteName }),
          [ORDERS.GetCart, ORDERS.AddToCart, ORDERS.RemoveFromCart, ORDERS.CheckOut, ORDERS.Presenter, HTTP.ApiUrls, IDENTITY.WebSessions, IDENTITY.SecretGenerator],
        )
        .inSingletonScope();
      // An order's page for its two parties (the order `uri`): the same use cases and presenter as the routes above.
      bind(HTTP.Routes)
        .toResolvedValue(
          (getOrder, editOrder, getMessages, addMessage, giveFeedback, presenter, urls, sessions, secrets) =>
            new OrderPages({ getOrder, editOrder, getMessages, addMessage, giveFeedback }, presenter, urls, { sessions, secrets }, { webUrl: config.webUrl, site: config.siteName }),
          [
            ORDERS.GetOrder,
            ORDERS.EditOrder,
            ORDERS.GetOrderMessages,
            ORDERS.AddOrderMessage,
            ORDERS.GiveFeedback,
            ORDERS.Presenter,
            HTTP.ApiUrls,
            IDENTITY.WebSessions,
            IDENTITY.SecretGenerator,
          ],
        )
        .inSingletonScope();
    }),

  demo: async (container, log) => {
    await seedDemoOrders(container, log);
    await seedDemoCart(container, log);
  },
};
