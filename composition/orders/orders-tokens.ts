import type { AddToCart } from '../../application/orders/add-to-cart.js';
import type { CheckOut } from '../../application/orders/check-out.js';
import type { GetCart } from '../../application/orders/get-cart.js';
import type { RemoveFromCart } from '../../application/orders/remove-from-cart.js';
import type { CartRepository } from '../../domain/orders/cart-repository.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import { token } from '../token.js';

export const ORDERS = {
  CartRepository: token<CartRepository>('orders/CartRepository'),
  OrderRepository: token<OrderRepository>('orders/OrderRepository'),
  GetCart: token<GetCart>('orders/GetCart'),
  AddToCart: token<AddToCart>('orders/AddToCart'),
  RemoveFromCart: token<RemoveFromCart>('orders/RemoveFromCart'),
  CheckOut: token<CheckOut>('orders/CheckOut'),
} as const;
