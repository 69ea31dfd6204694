import { ContainerModule } from 'inversify';
import { InMemoryOrderPartyNames } from '../../adapters/in-memory/in-memory-order-party-names.js';
import { InMemoryOrderStore } from '../../adapters/in-memory/in-memory-order-store.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { ORDERS } from './orders-tokens.js';

/**
 * Carts, orders (with their logs, feedback and read marks) and the unread counts in one in-memory store, enlisted in
 * the storage's unit of work; lists sorted by the other party read their names from the users. The checkout's unit of
 * work is the storage's: it runs units one at a time, so two checkouts never race for a listing and there is no
 * deadlock to try again.
 */
export const ordersMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const { store, names } = memory.store('orders/store', (uow) => {
      const partyNames = new InMemoryOrderPartyNames();
      return { store: new InMemoryOrderStore(uow, partyNames.usernameOf), names: partyNames };
    });
    bind(ORDERS.CartRepository).toConstantValue(store.carts);
    bind(MARKETPLACE.CartContents).toConstantValue(store.carts);
    bind(ORDERS.OrderRepository).toResolvedValue((users) => names.withNamesFrom(store.orders, users), [IDENTITY.UserRepository]).inSingletonScope();
    bind(ORDERS.UnreadMessages).toConstantValue(store.unread);
    bind(ORDERS.CheckoutUnitOfWork).toConstantValue(memory.unitOfWork);
  });
