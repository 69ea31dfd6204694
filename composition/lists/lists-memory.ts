import { ContainerModule } from 'inversify';
import { InMemoryUserListRepository } from '../../adapters/in-memory/in-memory-user-list-repository.js';
import type { MemoryRuntime } from '../spindle-module.js';
import { LISTS } from './lists-tokens.js';
import { InMemoryPersonalDataEraser } from '../../adapters/in-memory/in-memory-personal-data-eraser.js';
import { IDENTITY } from '../identity/identity-tokens.js';

/** Users' lists in the in-memory storage, enlisted in its unit of work. */
export const listsMemory = ({ memory }: MemoryRuntime): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(LISTS.Repository).toConstantValue(memory.store('lists/repository', (uow) => new InMemoryUserListRepository(uow)));
    bind(IDENTITY.PersonalDataEraser).toConstantValue(
      new InMemoryPersonalDataEraser('lists', [memory.store('lists/repository', (uow) => new InMemoryUserListRepository(uow))]),
    );
  });
