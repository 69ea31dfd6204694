import type { Currency } from '../marketplace/currency.js';
/** A user account. `passwordHash` is the password hasher's encoded hash, never the password. */
export interface User {
  /** A positive whole number, given by the repository when the user is added. */
  readonly id: number;
  readonly username: string;
  readonly realName: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly registeredAt: Date;
  /** What the user says of themselves on their profile. */
  readonly homePage: string;
  readonly location: string;
  /** Free text in the markup format. */
  readonly profile: string;
  /** The currency the user sees prices in (and sells in). */
  readonly currency: Currency;
  /**
   * When the account was deleted (ADR 0060): the row stays as a tombstone, its name reserved and shown on the other
   * party's orders and feedback, everything else of the person gone. Absent or null for a live account.
   */
  readonly deletedAt?: Date | null;
  /**
   * When the account's `email` was confirmed by a mailed link (ADR 0064); null while it is not. Absent when a user is
   * added means confirmed at `registeredAt` (accounts an operator, the demo or a test makes); the sign-up form adds
   * its accounts with null. Until confirmed an account may not sell, check out or write order messages
   * (`requireConfirmedEmail`).
   */
  readonly emailConfirmedAt?: Date | null;
}

/** Whether the account's email address is confirmed (absent counts as confirmed: see `User.emailConfirmedAt`). */
export function emailConfirmed(user: Pick<User, 'emailConfirmedAt'>): boolean {
  return user.emailConfirmedAt !== null;
}

/** A user's profile fields that the user may edit. */
export type ProfileChanges = Partial<Pick<User, 'realName' | 'homePage' | 'location' | 'profile' | 'currency'>>;

/**
 * A registered application (an API consumer). The consumer secret is kept as it is: OAuth HMAC-SHA1 signatures are
 * checked by computing them again with it.
 */
export interface ClientApplication {
  readonly id: string;
  readonly name: string;
  readonly ownerId: number;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** Where the OAuth authorize page sends the user back, or null (the callback each request token names). */
  readonly callbackUrl: string | null;
  readonly createdAt: Date;
  /** What the application does, shown to its owner (and to users asked to approve it): '' when none was given. */
  readonly description?: string;
  /** The application's own site, or null. */
  readonly websiteUrl?: string | null;
}

/** What an application's owner may change of it. */
export type ApplicationChanges = Required<Pick<ClientApplication, 'name' | 'description' | 'callbackUrl' | 'websiteUrl'>>;

/** The longest description an application may have. */
export const APPLICATION_DESCRIPTION_MAX_LENGTH = 1000;

/** A personal access token: only a digest of the token is kept, and the last characters to tell tokens apart. */
export interface PersonalToken {
  readonly id: string;
  readonly userId: number;
  readonly label: string;
  readonly digest: string;
  readonly lastCharacters: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

/** The label a personal token gets when none is given (also the `consumer_name` of its identity). */
export const DEFAULT_TOKEN_LABEL = 'Personal access token';
export const TOKEN_LABEL_MAX_LENGTH = 100;
export const APPLICATION_NAME_MAX_LENGTH = 100;

/**
 * An OAuth 1.0a token: a request token (issued to an application, authorized by a user within 15 minutes, exchanged
 * once) or an access token (an application acting for a user until the user revokes it). The secret is kept as it is:
 * HMAC-SHA1 signatures are checked with it.
 */
export interface OAuthToken {
  readonly token: string;
  readonly secret: string;
  readonly kind: 'request' | 'access';
  readonly applicationId: string;
  /** The user who authorized the request token, or whom the access token acts for. */
  readonly userId: number | null;
  /** Where the authorize page sends the user back (`oob`: show the verifier); request tokens only. */
  readonly callback: string | null;
  readonly verifier: string | null;
  readonly createdAt: Date;
  readonly authorizedAt: Date | null;
  /** When a request token was exchanged for an access token (once). */
  readonly usedAt: Date | null;
  readonly revokedAt: Date | null;
}

/** How long a request token and its verifier may be used after the request token is issued. */
export const REQUEST_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** How far an OAuth timestamp may be from the server's clock, either way. */
export const OAUTH_TIMESTAMP_WINDOW_SECONDS = 5 * 60;

/** A signed-in browser session of the web pages: only a digest of its cookie is kept. */
export interface WebSession {
  readonly digest: string;
  readonly userId: number;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** How long a web session lasts after sign-in. */
export const WEB_SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** What a one-time link is for: a new password, or confirming an email address (the account's, or a new one). */
export type OneTimeLinkPurpose = 'password reset' | 'email confirmation';

/**
 * A one-time link's token, as kept (password resets, ADR 0056; email confirmations, ADR 0064): only the digest of the
 * token the link carries (a secret with 256 bits of chance), what for, whose, the address it confirms (email
 * confirmations; null for resets), and when it stops working; `usedAt` is set once, by the one use that wins (or when
 * a newer email change cancels it).
 */
export interface OneTimeLink {
  readonly digest: string;
  readonly purpose: OneTimeLinkPurpose;
  readonly userId: number;
  readonly email: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** How long a password reset link works after it is sent. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
/** How long an email confirmation link works after it is sent. */
export const EMAIL_CONFIRMATION_LIFETIME_MS = 48 * 60 * 60 * 1000;
