import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NotFound } from '../errors.js';
import { requiredText } from './identity-inputs.js';

/** The user of a login name (any case), or a 404 naming it; a blank name is a 422. */
export async function userNamed(users: UserRepository, name: string): Promise<User> {
  const username = requiredText(name, 'user');
  const user = await users.byLoginName(username);
  if (!user) throw new NotFound(`There is no user ${JSON.stringify(username)}.`);
  return user;
}
