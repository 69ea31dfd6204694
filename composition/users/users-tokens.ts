import type { UserFiguresSource } from '../../application/ports/user-figures.js';
import type { EditProfile, GetProfile } from '../../application/users/profiles.js';
import { token } from '../token.js';

export const USERS = {
  /** What other modules count of a user (collections, lists, listings, ratings…); optional: none exist yet. */
  Figures: token<UserFiguresSource>('users/Figures'),
  GetProfile: token<GetProfile>('users/GetProfile'),
  EditProfile: token<EditProfile>('users/EditProfile'),
} as const;
