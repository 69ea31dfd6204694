import type Koa from 'koa';
import type { ResolveCredentials } from '../../../application/identity/credentials.js';
import type { Caller } from '../../../application/shared/caller.js';
import type { CredentialResolver } from '../credentials.js';
import type { SpindleState } from '../http-state.js';
import { presentedCredential } from './presented-credential.js';

/** The identity module's credential resolver: reads the request's credentials and has the use case check them. */
export class IdentityCredentialResolver implements CredentialResolver {
  constructor(
    private readonly resolve_: ResolveCredentials,
    private readonly brand: string,
  ) {}

  resolve(ctx: Koa.ParameterizedContext<SpindleState>): Promise<Caller> {
    return this.resolve_.execute(presentedCredential(ctx, this.brand));
  }
}
