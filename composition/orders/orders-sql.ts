import { ContainerModule } from 'inversify';
import { MikroOrmCartRepository } from '../../adapters/persistence/orders/mikro-orm-cart-repository.js';
import { MikroOrmOrderRepository } from '../../adapters/persistence/orders/mikro-orm-order-repository.js';
import { SqlUnreadOrderMessages } from '../../adapters/persistence/orders/sql-unread-order-messages.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { RetryingUnitOfWork } from '../../adapters/persistence/orders/retrying-unit-of-work.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SqlRuntime } from '../spindle-module.js';
import { ORDERS } from './orders-tokens.js';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/**
 * Carts and orders on the database through MikroORM, the unread counts as a read model in SQL, and the checkout's
 * unit of work, which tries a transaction PostgreSQL chose as a deadlock's victim again.
 */
export const ordersSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const carts = new MikroOrmCartRepository(db.orm);
    bind(ORDERS.CartRepository).toConstantValue(carts);
    bind(MARKETPLACE.CartContents).toConstantValue(carts);
    bind(ORDERS.OrderRepository).toConstantValue(new MikroOrmOrderRepository(db.orm));
    bind(ORDERS.UnreadMessages).toConstantValue(new SqlUnreadOrderMessages(db.orm));
    bind(ORDERS.CheckoutUnitOfWork)
      .toResolvedValue((uow) => new RetryingUnitOfWork(db.orm, uow), [PERSISTENCE.UnitOfWork])
      .inSingletonScope();
    bind(IDENTITY.PersonalDataEraser).toConstantValue(
      new SqlPersonalDataEraser(db.orm, 'cart and read marks', [
        { table: 'cart_item', column: 'user_id' },
        { table: 'order_read_mark', column: 'user_id' },
      ]),
    );
  });
