import type { ApplicationRepository, OAuthTokenRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound, Unauthenticated } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';

/** The applications a user has let act for them, and taking that back. */
export class ConnectedApplications {
  constructor(
    private readonly applications: ApplicationRepository,
    private readonly tokens: OAuthTokenRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller): Promise<Array<{ id: string; name: string; since: Date }>> {
    if (caller.kind !== 'user') throw new Unauthenticated();
    const connected = await this.tokens.connectedApplications(Number(caller.userId));
    const out: Array<{ id: string; name: string; since: Date }> = [];
    for (const c of connected) {
      const application = await this.applications.byId(c.applicationId);
      if (application) out.push({ id: application.id, name: application.name, since: c.since });
    }
    return out;
  }

  async revoke(caller: Caller, applicationId: string): Promise<void> {
    if (caller.kind !== 'user') throw new Unauthenticated();
    const revoked = await this.uow.run(() => this.tokens.revokeAccess(Number(caller.userId), applicationId, this.clock.now()));
    if (revoked === 0) throw new NotFound('That application has no access to your account.');
  }
}
