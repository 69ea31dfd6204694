import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Forbidden, NotFound, Unauthenticated } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Caller } from '../shared/caller.js';

/** A user's rating of a release as the API shows it: 0 when the user has not rated the release. */
export interface UserRatingView {
  readonly user: User;
  readonly releaseId: number;
  readonly rating: number;
}

/** 404 "Release not found." unless the catalogue holds the release (its stored document, read as it is). */
export async function requireRelease(catalogue: CatalogueReader, releaseId: number): Promise<void> {
  if ((await catalogue.releaseDocument(releaseId)) === null) throw new NotFound('Release not found.');
}

/** The user a path's `{name}` names, or the generic 404. */
export async function raterNamed(users: UserRepository, name: string): Promise<User> {
  const user = await users.byLoginName(name);
  if (!user) throw new NotFound();
  return user;
}

/** Only the user may rate as themselves: anyone else is asked to authenticate (anonymous) or refused (403). */
export function requireRater(caller: Caller, user: User): void {
  if (caller.kind === 'user' && Number(caller.userId) === user.id) return;
  if (caller.kind === 'anonymous') throw new Unauthenticated();
  throw new Forbidden();
}

