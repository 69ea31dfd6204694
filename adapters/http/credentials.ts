import type Koa from 'koa';
import { BadRequest, Unauthenticated } from '../../application/errors.js';
import { ANONYMOUS, type Caller } from '../../application/shared/caller.js';
import type { SpindleState } from './http-state.js';
import type { RequestView } from './request-view.js';

/**
 * Reads a request's credentials (query or `Authorization` header) and establishes who is calling. Bad credentials
 * are refused by throwing the application's typed errors (the one error middleware answers them). The identity
 * module binds one; without it every caller is anonymous.
 */
export interface CredentialResolver {
  resolve(request: RequestView): Promise<Caller>;
}

/** The resolver of a service without accounts: nobody authenticates. */
export class AnonymousCredentialResolver implements CredentialResolver {
  async resolve(): Promise<Caller> {
    return ANONYMOUS;
  }
}

/**
 * The credential-resolution middleware: puts the typed caller on `ctx.state.caller` for the rate limit and routes.
 * Credentials refused (`Unauthenticated`: wrong, revoked, malformed; `BadRequest`: an OAuth request missing a
 * parameter or out of its time window) leave the caller anonymous and the error on `ctx.state.credentialError`,
 * which `refuseBadCredentials` (after the rate limit) throws.
 */
export function credentials(resolver: CredentialResolver): Koa.Middleware<SpindleState> {
  return async (ctx, next) => {
    try {
      ctx.state.caller = await resolver.resolve(ctx);
    } catch (err) {
      if (!(err instanceof Unauthenticated) && !(err instanceof BadRequest)) throw err;
      ctx.state.caller = ANONYMOUS;
      ctx.state.credentialError = err;
    }
    await next();
  };
}

/** Answers a request whose credentials were refused with that refusal (401), once the rate limit has counted it. */
export function refuseBadCredentials(): Koa.Middleware<SpindleState> {
  return async (ctx, next) => {
    if (ctx.state.credentialError) throw ctx.state.credentialError;
    await next();
  };
}
