import { Refusal } from '../shared/refusal.js';
import type { ApplicationChanges, ClientApplication, OAuthToken, OneTimeLink, OneTimeLinkPurpose, PersonalToken, ProfileChanges, User, WebSession } from './accounts.js';

/**
 * Users, by id, by login name (any case) and by email (any case). A deleted account (a tombstone, ADR 0060) is found
 * by id only: by name and by email it is no one, though its name stays taken.
 */
export interface UserRepository {
  /** Adds a user and gives it its id; throws {@link nameTaken}'s Refusal when the
   * name or email is taken, in any case. */
  add(user: Omit<User, 'id'>): Promise<User>;
  byId(id: number): Promise<User | null>;
  byLoginName(name: string): Promise<User | null>;
  byEmail(email: string): Promise<User | null>;
  /** Changes a user's profile fields; the user as it is now, or null when there is none. */
  updateProfile(id: number, changes: ProfileChanges): Promise<User | null>;
  /** Replaces a user's password hash; false when there is no such user. */
  changePassword(id: number, passwordHash: string): Promise<boolean>;
  /**
   * Replaces a user's email address; false when there is no such user; throws {@link nameTaken}'s `email taken`
   * Refusal when another user has it, in any case.
   */
  changeEmail(id: number, email: string): Promise<boolean>;
  /**
   * Sets a user's email address (it may be the one it has) and marks it confirmed at `at`; false when there is no live
   * user with the id; throws {@link nameTaken}'s `email taken` Refusal when another user has the address, in any case.
   */
  confirmEmail(id: number, email: string, at: Date): Promise<boolean>;
  /**
   * Locks the accounts until the unit of work ends: `share` for work that needs them to stay live (a checkout, for its
   * buyer and sellers), `update` for their deletion, which waits for those and makes them wait. Ids in any order (they
   * are locked by id, so two lockers never deadlock on them); the live accounts among them, locked.
   */
  lock(ids: readonly number[], mode: 'share' | 'update'): Promise<User[]>;
  /**
   * Makes the account a tombstone at `at`: the name stays (reserved), the email becomes `deletedEmail(id)`, the
   * password can never match, the profile fields are emptied. False when there is no live account with the id.
   */
  markDeleted(id: number, at: Date): Promise<boolean>;
}

/** The address a deleted account keeps in place of its own (unique, and no mail can reach it: `.invalid`). */
export function deletedEmail(id: number): string {
  return `deleted-${id}@deleted.invalid`;
}

/** The password hash of a deleted account: no hasher's format, so no password matches it. */
export const DELETED_PASSWORD_HASH = '!deleted';

export interface ApplicationRepository {
  add(application: ClientApplication): Promise<void>;
  byConsumerKey(key: string): Promise<ClientApplication | null>;
  byId(id: string): Promise<ClientApplication | null>;
  ownedBy(userId: number): Promise<ClientApplication[]>;
  /** Replaces an application's name, description, callback and website; false when there is none. */
  update(id: string, changes: ApplicationChanges): Promise<boolean>;
  /** Replaces an application's consumer secret; false when there is none. */
  replaceSecret(id: string, consumerSecret: string): Promise<boolean>;
  /** Removes an application (its OAuth tokens go with it); false when there is none. */
  remove(id: string): Promise<boolean>;
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

/**
 * A login name or an email address already taken (compared without regard to case): a `conflict` Refusal naming the
 * value, with the code `login name taken` or `email taken`. User repositories throw it from `add`.
 */
export function nameTaken(what: 'login name' | 'email', value: string): Refusal {
  const message =
    what === 'login name'
      ? `The login name ${JSON.stringify(value)} is taken (names are compared without regard to case).`
      : `An account with the email address ${JSON.stringify(value)} exists already.`;
  return new Refusal('conflict', message, { code: `${what} taken` });
}

export interface OAuthTokenRepository {
  add(token: OAuthToken): Promise<void>;
  byToken(token: string): Promise<OAuthToken | null>;
  /** Records the user's approval of a request token, once; false when it was authorized (or used) already. */
  authorize(token: string, userId: number, verifier: string, at: Date): Promise<boolean>;
  /** Marks a request token exchanged, once; false when it was used already (so two exchanges cannot both win). */
  markUsed(token: string, at: Date): Promise<boolean>;
  /** Forgets a request token the user denied. */
  remove(token: string): Promise<void>;
  /** Revokes every access token of an application for a user; how many were active. */
  revokeAccess(userId: number, applicationId: string, at: Date): Promise<number>;
  /** The applications a user has active access tokens for, with when each was first approved. */
  connectedApplications(userId: number): Promise<Array<{ applicationId: string; since: Date }>>;
}

export interface WebSessionRepository {
  add(session: WebSession): Promise<void>;
  /** The session, if it exists and has not expired at `now` (expired ones are deleted now and then). */
  live(digest: string, now: Date): Promise<WebSession | null>;
  remove(digest: string): Promise<void>;
  /** Ends every session of a user but the one with the digest `except` (when given); how many ended. */
  removeAllOf(userId: number, except?: string): Promise<number>;
}

/** One-time links' tokens (digests) for password resets and email confirmations, each usable once before it expires. */
export interface OneTimeLinkRepository {
  add(link: OneTimeLink): Promise<void>;
  /**
   * Marks the link with this digest and purpose used at `now` and answers it as it was, when it exists, is unused and
   * has not expired; null otherwise. Atomic: of two uses at once, one alone gets the link.
   */
  use(digest: string, purpose: OneTimeLinkPurpose, now: Date): Promise<OneTimeLink | null>;
  /** Marks every unused link of the user for the purpose used at `now` (a newer one replaces them); how many. */
  cancelAll(userId: number, purpose: OneTimeLinkPurpose, now: Date): Promise<number>;
  /** The user's newest link for the purpose that is unused and unexpired at `now`, or null. */
  newest(userId: number, purpose: OneTimeLinkPurpose, now: Date): Promise<OneTimeLink | null>;
}
