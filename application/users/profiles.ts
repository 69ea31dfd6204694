import type { ProfileChanges, User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { isCurrency } from '../../domain/marketplace/currency.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../errors.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { NO_USER_FIGURES, PUBLIC_USER_FIGURES, type UserFigures, type UserFiguresSource } from '../ports/user-figures.js';
import type { Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';

/**
 * A profile as the caller may see it: the user, the profile text in the asked format, the figures, and what the
 * visibility rules let through (`email` and the unread count to the user alone; collection and wantlist sizes to the
 * user, or to anyone when public; private lists counted for the user alone).
 */
export interface ProfileView {
  readonly user: Omit<User, 'passwordHash' | 'email'>;
  readonly profileText: string;
  readonly figures: UserFigures;
  /** The user's email: only when the user asks. */
  readonly email: string | undefined;
  readonly numCollection: number | undefined;
  readonly numWantlist: number | undefined;
  readonly numLists: number;
  /** How many order log entries the user has not read: only when the user asks. */
  readonly numUnread: number | undefined;
}

const LIMITS = { realName: 200, location: 200, profile: 10_000, homePage: 2_000 } as const;

function isSelf(caller: Caller, user: User): boolean {
  return caller.kind === 'user' && Number(caller.userId) === user.id;
}

/** `GET /s/{name}`. */
export class GetProfile {
  constructor(
    private readonly users: UserRepository,
    private readonly text: TextRenderer,
    private readonly figures: UserFiguresSource = NO_USER_FIGURES,
  ) {}

  async execute(input: { name: string; caller: Caller; textFormat: TextFormat }): Promise<ProfileView> {
    const user = await this.users.byLoginName(input.name);
    if (!user) throw new NotFound('User not found.');
    return this.view(user, input.caller, input.textFormat);
  }

  /** The user of a login name (the public part of a profile: whose default images to draw), or `User not found.` */
  async user(name: string): Promise<Pick<User, 'id' | 'username'>> {
    const user = await this.users.byLoginName(name);
    if (!user) throw new NotFound('User not found.');
    return { id: user.id, username: user.username };
  }

  async view(user: User, caller: Caller, textFormat: TextFormat): Promise<ProfileView> {
    const self = isSelf(caller, user);
    // Others are not shown the unread count, so it is not counted for them.
    const [profileText, figures] = await Promise.all([
      this.text.renderOne(user.profile, textFormat),
      this.figures.forUser(user.id, self ? undefined : PUBLIC_USER_FIGURES),
    ]);
    const { passwordHash: _hash, email, ...visible } = user;
    return {
      user: visible,
      profileText,
      figures,
      email: self ? email : undefined,
      numCollection: self || figures.collectionPublic ? figures.numCollection : undefined,
      numWantlist: self || figures.wantlistPublic ? figures.numWantlist : undefined,
      numLists: self ? figures.numLists : figures.numPublicLists,
      numUnread: self ? figures.numUnread : undefined,
    };
  }
}

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
