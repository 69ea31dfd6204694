import { RequestContext } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { RequestScope } from '../../application/ports/request-scope.js';

/** Gives each request (or command) its own fork of the entity manager, through MikroORM's `RequestContext`. */
export class MikroOrmRequestScope implements RequestScope {
  constructor(private readonly orm: MikroORM) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.orm.em, work);
  }
}
