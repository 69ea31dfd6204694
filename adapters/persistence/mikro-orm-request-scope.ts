import { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RequestScope } from '../../application/ports/request-scope.js';

/**
 * The entity managers of one request context, forked when first asked for: a request that never reaches the ORM
 * (a release read by id goes straight through `pg`) costs no fork.
 */
class LazyForks extends Map<string, EntityManager> {
  /** True while forking: the new manager asks for its context as it is built, and must find none (as outside). */
  private forking = false;

  constructor(private readonly em: EntityManager) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    let fork = super.get(name);
    if (fork === undefined && name === this.em.name && !this.forking) {
      this.forking = true;
      try {
        // As `RequestContext.create` forks, from the global manager itself.
        fork = this.em.fork({ useContext: true, disableContextResolution: true });
      } finally {
        this.forking = false;
      }
      super.set(name, fork);
    }
    return fork;
  }
}

/** MikroORM's own async storage of request contexts (a static field its typings keep private). */
const STORAGE: unknown = (RequestContext as unknown as { storage?: unknown }).storage;

/**
 * Gives each request (or command) its own fork of the entity manager, through MikroORM's `RequestContext`, forked
 * lazily (see `LazyForks`). Falls back to `RequestContext.create`, which forks at once, should a MikroORM version
 * keep its storage elsewhere.
 */
export class MikroOrmRequestScope implements RequestScope {
  constructor(private readonly orm: MikroORM) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    if (STORAGE instanceof AsyncLocalStorage) {
      return (STORAGE as AsyncLocalStorage<RequestContext>).run(new RequestContext(new LazyForks(this.orm.em)), work);
    }
    return RequestContext.create(this.orm.em, work);
  }
}
