import { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/**
 * The in-memory adapter family's "database": one unit of work every in-memory store enlists in, and the stores
 * themselves, made once per storage and shared by every container built on it (as containers built on one database
 * share its tables). A module's memory family asks for its stores by name:
 *
 *   const lists = memory.store('lists/repository', (uow) => new InMemoryUserListRepository(uow));
 *
 * Everything is lost when the process ends; `close` forgets it sooner.
 */
export class InMemoryStorage {
  readonly unitOfWork = new InMemoryUnitOfWork();
  private readonly stores = new Map<string, unknown>();

  /**
   * The store named `name`, made by `make` the first time it is asked for (with the storage's unit of work, which a
   * transactional store enlists in). The name is the module's and the store's (`lists/repository`); the same name
   * always answers the same object, so ask with the same type.
   */
  store<T>(name: string, make: (unitOfWork: InMemoryUnitOfWork) => T): T {
    if (!this.stores.has(name)) this.stores.set(name, make(this.unitOfWork));
    return this.stores.get(name) as T;
  }

  /** Forgets every store (what closing a database is to its connections: nothing can be read afterwards). */
  async close(): Promise<void> {
    this.stores.clear();
  }
}
