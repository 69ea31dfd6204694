import type { ClientApplication, PersonalToken, User } from './accounts.js';

/** Users, by id, by login name (any case) and by email (any case). */
export interface UserRepository {
  /** Adds a user and gives it its id; throws `NameTaken` when the name or email is taken, in any case. */
  add(user: Omit<User, 'id'>): Promise<User>;
  byId(id: number): Promise<User | null>;
  byLoginName(name: string): Promise<User | null>;
  byEmail(email: string): Promise<User | null>;
}

export interface ApplicationRepository {
  add(application: ClientApplication): Promise<void>;
  byConsumerKey(key: string): Promise<ClientApplication | null>;
  byId(id: string): Promise<ClientApplication | null>;
  ownedBy(userId: number): Promise<ClientApplication[]>;
}

export interface PersonalTokenRepository {
  add(token: PersonalToken): Promise<void>;
  byDigest(digest: string): Promise<PersonalToken | null>;
  byId(id: string): Promise<PersonalToken | null>;
  /** A user's tokens, newest first, revoked ones included. */
  ofUser(userId: number): Promise<PersonalToken[]>;
  /** Marks the token revoked (once: a revoked token keeps its first revocation time); false when there is none. */
  revoke(id: string, at: Date): Promise<boolean>;
}

/** The unique key a repository found taken: a login name or an email address (compared without regard to case). */
export class NameTaken extends Error {
  constructor(readonly what: 'login name' | 'email') {
    super(`${what} taken`);
    this.name = 'NameTaken';
  }
}
