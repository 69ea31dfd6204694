import type { UserFiguresPart } from '../../application/ports/user-figures.js';
import type { EditProfile } from '../../application/users/edit-profile.js';
import type { GetProfile } from '../../application/users/get-profile.js';
import { token } from '../token.js';

export const USERS = {
  /**
   * What other modules count of a user (collections, lists, listings, ratings…): each module binds its part here
   * (a multiple binding; none bound means every figure is zero or null).
   */
  FiguresPart: token<UserFiguresPart>('users/FiguresPart'),
  GetProfile: token<GetProfile>('users/GetProfile'),
  EditProfile: token<EditProfile>('users/EditProfile'),
} as const;
