import { ContainerModule } from 'inversify';
import { MikroOrmUserListRepository } from '../../adapters/persistence/lists/mikro-orm-user-list-repository.js';
import type { SqlRuntime } from '../spindle-module.js';
import { LISTS } from './lists-tokens.js';
import { SqlPersonalDataEraser } from '../../adapters/persistence/sql-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/** Users' lists on the database, through MikroORM. */
export const listsSql = ({ db }: SqlRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(LISTS.Repository).toConstantValue(new MikroOrmUserListRepository(db.orm));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(new SqlPersonalDataEraser(db.orm, 'lists', [{ table: 'user_list', column: 'owner_id' }]));
  });
