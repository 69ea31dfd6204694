import type { AddToCart } from '../../application/orders/add-to-cart.js';
import type { CheckOut } from '../../application/orders/check-out.js';
import type { GetCart } from '../../application/orders/get-cart.js';
import type { AddOrderMessage } from '../../application/orders/add-order-message.js';
import type { EditOrder } from '../../application/orders/edit-order.js';
import type { GetOrder } from '../../application/orders/get-order.js';
import type { GetOrderMessages } from '../../application/orders/get-order-messages.js';
import type { GiveFeedback } from '../../application/orders/give-feedback.js';
import type { ListOrders } from '../../application/orders/list-orders.js';
import type { RecordRefund } from '../../application/orders/record-refund.js';
import type { RemoveFromCart } from '../../application/orders/remove-from-cart.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { UnreadOrderMessages } from '../../application/ports/unread-order-messages.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import type { OrderPresenter } from '../../adapters/http/orders/order-presenter.js';
import { token } from '../token.js';

export const ORDERS = {
  CartRepository: token<CartRepository>('orders/CartRepository'),
  OrderRepository: token<OrderRepository>('orders/OrderRepository'),
  UnreadMessages: token<UnreadOrderMessages>('orders/UnreadMessages'),
  /** The unit of work the checkout runs in: on PostgreSQL, one that tries a deadlock's victim again. */
  CheckoutUnitOfWork: token<UnitOfWork>('orders/CheckoutUnitOfWork'),
  GetCart: token<GetCart>('orders/GetCart'),
  AddToCart: token<AddToCart>('orders/AddToCart'),
  RemoveFromCart: token<RemoveFromCart>('orders/RemoveFromCart'),
  CheckOut: token<CheckOut>('orders/CheckOut'),
  Presenter: token<OrderPresenter>('orders/Presenter'),
  GetOrder: token<GetOrder>('orders/GetOrder'),
  EditOrder: token<EditOrder>('orders/EditOrder'),
  ListSales: token<ListOrders>('orders/ListSales'),
  ListPurchases: token<ListOrders>('orders/ListPurchases'),
  GetOrderMessages: token<GetOrderMessages>('orders/GetOrderMessages'),
  AddOrderMessage: token<AddOrderMessage>('orders/AddOrderMessage'),
  RecordRefund: token<RecordRefund>('orders/RecordRefund'),
  GiveFeedback: token<GiveFeedback>('orders/GiveFeedback'),
} as const;
