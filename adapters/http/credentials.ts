import type Koa from 'koa';
import { ANONYMOUS, type Caller } from '../../application/shared/caller.js';
import type { SpindleState } from './http-state.js';

/**
 * Reads a request's credentials (query or `Authorization` header) and establishes who is calling. Bad credentials
 * are refused by throwing the application's typed errors (the one error middleware answers them). The identity
 * module binds one; without it every caller is anonymous.
 */
export interface CredentialResolver {
  resolve(ctx: Koa.ParameterizedContext<SpindleState>): Promise<Caller>;
}

/** The resolver of a service without accounts: nobody authenticates. */
export class AnonymousCredentialResolver implements CredentialResolver {
  async resolve(): Promise<Caller> {
    return ANONYMOUS;
  }
}

/** The credential-resolution middleware: puts the typed caller on `ctx.state.caller` for the rate limit and routes. */
export function credentials(resolver: CredentialResolver): Koa.Middleware<SpindleState> {
  return async (ctx, next) => {
    ctx.state.caller = await resolver.resolve(ctx);
    await next();
  };
}
