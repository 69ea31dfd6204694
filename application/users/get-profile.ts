import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import { NO_USER_FIGURES, PUBLIC_USER_FIGURES, type UserFiguresSource } from '../ports/user-figures.js';
import type { Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';
import { type ProfileView, isSelf } from './profile-view.js';

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
