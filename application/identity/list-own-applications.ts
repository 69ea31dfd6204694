import type { ClientApplication } from '../../domain/identity/accounts.js';
import type { ApplicationRepository, UserRepository } from '../../domain/identity/identity-repositories.js';

/** The applications a user registered (their developer settings), or none when the user is no longer there. */
export class ListOwnApplications {
  constructor(
    private readonly users: UserRepository,
    private readonly applications: ApplicationRepository,
  ) {}

  async execute(input: { readonly userId: number }): Promise<ClientApplication[]> {
    const user = await this.users.byId(input.userId);
    return user ? this.applications.ownedBy(user.id) : [];
  }
}
