import type { ResolveCredentials } from '../../../application/identity/credentials.js';
import { ANONYMOUS, type Caller } from '../../../application/shared/caller.js';
import type { CredentialResolver } from '../credentials.js';
import type { RequestView } from '../request-view.js';
import { presentedCredential } from './presented-credential.js';

/** The OAuth token endpoints check their own signatures (with a request token, or none): not credentials of a caller. */
export const OAUTH_TOKEN_PATHS: ReadonlySet<string> = new Set(['/oauth/request_token', '/oauth/access_token']);

/** The identity module's credential resolver: reads the request's credentials and has the use case check them. */
export class IdentityCredentialResolver implements CredentialResolver {
  constructor(
    private readonly resolveCredentials: ResolveCredentials,
    private readonly brand: string,
    private readonly baseUrl: string,
  ) {}

  async resolve(request: RequestView): Promise<Caller> {
    // The path middleware, earlier in the chain, has already taken any trailing `/` off.
    if (OAUTH_TOKEN_PATHS.has(request.path)) return ANONYMOUS;
    return this.resolveCredentials.execute(presentedCredential(request, this.brand, this.baseUrl));
  }
}
