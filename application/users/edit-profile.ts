import type { ProfileChanges } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { isCurrency } from '../../domain/marketplace/currency.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Caller } from '../shared/caller.js';
import type { GetProfile } from './get-profile.js';
import { type ProfileView, isSelf } from './profile-view.js';

const LIMITS = { realName: 200, location: 200, profile: 10_000, homePage: 2_000 } as const;

/** A text field of an edit: absent (undefined) or a string within its limit. */
function textField(body: Record<string, unknown>, key: string, limit: number): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new Invalid(`${key} must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > limit) throw new Invalid(`${key} is at most ${limit} characters long.`);
  return trimmed;
}

/** `POST /s/{name}`: the user edits their own profile (403 for anyone else); only the fields sent change. */
export class EditProfile {
  constructor(
    private readonly users: UserRepository,
    private readonly getProfile: GetProfile,
    private readonly uow: UnitOfWork,
  ) {}

  /**
   * `body` as the client sent it. The real name is `real_name` in the spec dialect and `name` in the Discogs one;
   * both are accepted (input always accepts both dialects), as long as `name` is not the login name itself.
   */
  async execute(input: { name: string; caller: Caller; body: unknown; textFormat: TextFormat }): Promise<ProfileView> {
    const user = await this.users.byLoginName(input.name);
    if (!user) throw new NotFound('User not found.');
    if (input.caller.kind === 'anonymous') throw new Unauthenticated();
    if (!isSelf(input.caller, user)) throw new Forbidden();
    const body = (input.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw new Invalid('The body must be a JSON object.');
    const changes: { -readonly [K in keyof ProfileChanges]: ProfileChanges[K] } = {};
    const realName = textField(body, 'real_name', LIMITS.realName) ?? textField(body, 'name', LIMITS.realName);
    if (realName !== undefined) changes.realName = realName;
    const homePage = textField(body, 'home_page', LIMITS.homePage);
    if (homePage !== undefined) {
      if (homePage !== '' && !/^https?:\/\/[^\s/]+/i.test(homePage)) throw new Invalid('home_page must be an http or https URL.');
      changes.homePage = homePage;
    }
    const location = textField(body, 'location', LIMITS.location);
    if (location !== undefined) changes.location = location;
    const profile = textField(body, 'profile', LIMITS.profile);
    if (profile !== undefined) changes.profile = profile;
    const currency = textField(body, 'curr_abbr', 100);
    if (currency !== undefined) {
      const code = currency.toUpperCase();
      if (!isCurrency(code)) throw new Invalid(`curr_abbr must be a currency the service knows, got "${currency}".`);
      changes.currency = code;
    }
    const updated = await this.uow.run(() => this.users.updateProfile(user.id, changes));
    if (!updated) throw new NotFound('User not found.');
    return this.getProfile.view(updated, input.caller, input.textFormat);
  }
}
