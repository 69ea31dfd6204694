import type { ProfileChanges } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { Forbidden, NotFound, Unauthenticated } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { CheckedInput } from '../shared/checked-input.js';
import type { GetProfile } from './get-profile.js';
import { type ProfileView, isSelf } from './profile-view.js';

/** A profile edit, checked: the fields to change (absent ones stay), trimmed and within their limits. */
export interface ProfileEditInput {
  readonly realName?: string;
  readonly homePage?: string;
  readonly location?: string;
  readonly profile?: string;
  readonly currency?: Currency;
}

/** `POST /s/{name}`: the user edits their own profile (403 for anyone else); only the fields sent change. */
export class EditProfile {
  constructor(
    private readonly users: UserRepository,
    private readonly getProfile: GetProfile,
    private readonly uow: UnitOfWork,
  ) {}

  /** The body is checked (at the edge) after the user, then the caller. */
  async execute(input: { name: string; caller: Caller; body: CheckedInput<ProfileEditInput>; textFormat: TextFormat }): Promise<ProfileView> {
    const user = await this.users.byLoginName(input.name);
    if (!user) throw new NotFound('User not found.');
    if (input.caller.kind === 'anonymous') throw new Unauthenticated();
    if (!isSelf(input.caller, user)) throw new Forbidden();
    const changes: ProfileChanges = input.body();
    const updated = await this.uow.run(() => this.users.updateProfile(user.id, changes));
    if (!updated) throw new NotFound('User not found.');
    return this.getProfile.view(updated, input.caller, input.textFormat);
  }
}
