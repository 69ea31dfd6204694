import { ContainerModule } from 'inversify';
import { inMemoryListedCarts } from '../../adapters/in-memory/in-memory-listed-carts.js';
import { InMemoryOrderPartyNames } from '../../adapters/in-memory/in-memory-order-party-names.js';
import { InMemoryOrderStore } from '../../adapters/in-memory/in-memory-order-store.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { ORDERS } from './orders-tokens.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';

/**
 * Carts, orders (with their logs, feedback and read marks) and the unread counts in one in-memory store, enlisted in
 * the storage's unit of work; carts leave out listings removed since (as the table's foreign key does), and lists
 * sorted by the other party read their names from the users. The checkout's unit of
 * work is the storage's: it runs units one at a time, so two checkouts never race for a listing and there is no
 * deadlock to try again.
 */
export const ordersMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const { store, names } = memory.store('orders/store', (uow) => {
      const partyNames = new InMemoryOrderPartyNames();
      return { store: new InMemoryOrderStore(uow, partyNames.usernameOf), names: partyNames };
    });
    // One object, as on the database: carts whose removed listings are gone from them (the table's foreign key).
    bind(ORDERS.CartRepository)
      .toResolvedValue((listings) => inMemoryListedCarts(store.carts, listings), [MARKETPLACE.ListingRepository])
      .inSingletonScope();
    bind(MARKETPLACE.CartContents).toResolvedValue((carts) => carts, [ORDERS.CartRepository]).inSingletonScope();
    bind(ORDERS.OrderRepository).toResolvedValue((users) => names.withNamesFrom(store.orders, users), [IDENTITY.UserRepository]).inSingletonScope();
    bind(ORDERS.UnreadMessages).toConstantValue(store.unread);
    bind(ORDERS.CheckoutUnitOfWork).toConstantValue(memory.unitOfWork);
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new InMemoryPersonalDataEraser('cart and read marks', [store]));
  });
