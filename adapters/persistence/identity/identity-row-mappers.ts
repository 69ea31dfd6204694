import type { ClientApplication, OAuthToken, PersonalToken, User, WebSession } from '../../../domain/identity/accounts.js';
import { emailKey } from '../../../domain/identity/email.js';
import { loginKey } from '../../../domain/identity/login-name.js';
import { isCurrency, type Currency } from '../../../domain/marketplace/currency.js';
import type { ApplicationRow, OAuthTokenRow, PersonalTokenRow, UserRow, WebSessionRow } from './identity-rows.js';

/*
 * The one mapping of each identity row. The rows come as the driver maps a result to property names (the query
 * builder's `execute`, or `mapResult` after a hand-written lookup): each relation as its key, timestamps as Dates.
 */

export type UserData = UserRow;
export type ApplicationData = Omit<ApplicationRow, 'owner'> & { owner: number };
export type PersonalTokenData = Omit<PersonalTokenRow, 'user'> & { user: number };
export type OAuthTokenData = Omit<OAuthTokenRow, 'application' | 'user'> & { application: string; user: number | null };
export type WebSessionData = Omit<WebSessionRow, 'user'> & { user: number };

/** A stored profile currency: only ever one the service knows (every writer checks it); anything else is corrupt data. */
function storedCurrency(code: string): Currency {
  if (!isCurrency(code)) throw new Error(`A user's stored currency "${code}" is not one the service knows.`);
  return code;
}

export function userOf(r: UserData): User {
  return {
    id: r.id,
    username: r.username,
    realName: r.realName,
    email: r.email,
    passwordHash: r.passwordHash,
    registeredAt: new Date(r.registeredAt),
    homePage: r.homePage,
    location: r.location,
    profile: r.profile,
    currency: storedCurrency(r.currAbbr.trim()),
    deletedAt: r.deletedAt === null || r.deletedAt === undefined ? null : new Date(r.deletedAt),
    emailConfirmedAt: r.emailConfirmedAt === null || r.emailConfirmedAt === undefined ? null : new Date(r.emailConfirmedAt),
  };
}

/** A new user's row (its id is the table's to give). */
export function userRowOf(u: Omit<User, 'id'>): Omit<UserData, 'id'> {
  return {
    username: u.username,
    loginKey: loginKey(u.username),
    realName: u.realName,
    email: u.email,
    emailKey: emailKey(u.email),
    passwordHash: u.passwordHash,
    registeredAt: u.registeredAt,
    homePage: u.homePage,
    location: u.location,
    profile: u.profile,
    currAbbr: u.currency,
    deletedAt: u.deletedAt ?? null,
    // Absent: an account an operator, the demo or a test makes, confirmed as it is made (User.emailConfirmedAt).
    emailConfirmedAt: u.emailConfirmedAt === undefined ? u.registeredAt : u.emailConfirmedAt,
  };
}

export function applicationOf(r: ApplicationData): ClientApplication {
  return {
    id: r.id,
    name: r.name,
    ownerId: r.owner,
    consumerKey: r.consumerKey,
    consumerSecret: r.consumerSecret,
    callbackUrl: r.callbackUrl,
    createdAt: new Date(r.createdAt),
    description: r.description ?? '',
    websiteUrl: r.websiteUrl ?? null,
  };
}

export function applicationRowOf(a: ClientApplication): ApplicationData {
  return { id: a.id, name: a.name, owner: a.ownerId, consumerKey: a.consumerKey, consumerSecret: a.consumerSecret, callbackUrl: a.callbackUrl, createdAt: a.createdAt,
    description: a.description ?? '', websiteUrl: a.websiteUrl ?? null };
}

export function personalTokenOf(r: PersonalTokenData): PersonalToken {
  return {
    id: r.id,
    userId: r.user,
    label: r.label,
    digest: r.digest,
    lastCharacters: r.lastCharacters,
    createdAt: new Date(r.createdAt),
    revokedAt: r.revokedAt === null ? null : new Date(r.revokedAt),
  };
}

export function personalTokenRowOf(t: PersonalToken): PersonalTokenData {
  return { id: t.id, user: t.userId, label: t.label, digest: t.digest, lastCharacters: t.lastCharacters, createdAt: t.createdAt, revokedAt: t.revokedAt };
}

export function oauthTokenOf(r: OAuthTokenData): OAuthToken {
  const optionalDate = (v: Date | null): Date | null => (v === null ? null : new Date(v));
  return {
    token: r.token,
    secret: r.secret,
    kind: r.kind === 'access' ? 'access' : 'request',
    applicationId: r.application,
    userId: r.user,
    callback: r.callback,
    verifier: r.verifier,
    createdAt: new Date(r.createdAt),
    authorizedAt: optionalDate(r.authorizedAt),
    usedAt: optionalDate(r.usedAt),
    revokedAt: optionalDate(r.revokedAt),
  };
}

export function oauthTokenRowOf(t: OAuthToken): OAuthTokenData {
  return {
    token: t.token,
    secret: t.secret,
    kind: t.kind,
    application: t.applicationId,
    user: t.userId,
    callback: t.callback,
    verifier: t.verifier,
    createdAt: t.createdAt,
    authorizedAt: t.authorizedAt,
    usedAt: t.usedAt,
    revokedAt: t.revokedAt,
  };
}

export function webSessionOf(r: WebSessionData): WebSession {
  return { digest: r.digest, userId: r.user, createdAt: new Date(r.createdAt), expiresAt: new Date(r.expiresAt) };
}

export function webSessionRowOf(s: WebSession): WebSessionData {
  return { digest: s.digest, user: s.userId, createdAt: s.createdAt, expiresAt: s.expiresAt };
}
