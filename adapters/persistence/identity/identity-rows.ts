import { EntitySchema } from '@mikro-orm/core';

/*
 * The identity tables: the migrations are generated from these schemas, and the repositories read and write them
 * through the ORM, except the lookups of every authenticated request (`SqlIdentityLookups`) and the nonce claim
 * (`SqlNonceStore`), which are SQL mapped through these schemas.
 */

export class UserRow {
  id!: number;
  username!: string;
  /** The login name lower-cased: unique, so two names that differ only in case cannot both exist. */
  loginKey!: string;
  realName!: string;
  email!: string;
  /** The email lower-cased, unique. */
  emailKey!: string;
  passwordHash!: string;
  registeredAt!: Date;
  homePage!: string;
  location!: string;
  profile!: string;
  currAbbr!: string;
  /** When the account was deleted (the row is then a tombstone, ADR 0060); null while it is live. */
  deletedAt!: Date | null;
  /** When the address was confirmed by a mailed link (ADR 0064); null while it is not. */
  emailConfirmedAt!: Date | null;
}

export class ApplicationRow {
  id!: string;
  name!: string;
  owner!: UserRow;
  consumerKey!: string;
  consumerSecret!: string;
  callbackUrl!: string | null;
  createdAt!: Date;
  description!: string;
  websiteUrl!: string | null;
}

export class PersonalTokenRow {
  id!: string;
  user!: UserRow;
  label!: string;
  /** SHA-256 of the token, unique; the token itself is never stored. */
  digest!: string;
  lastCharacters!: string;
  createdAt!: Date;
  revokedAt!: Date | null;
}

export const UserSchema = new EntitySchema<UserRow>({
  class: UserRow,
  tableName: 'app_user',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    username: { type: 'text' },
    loginKey: { type: 'text', unique: 'app_user_login_key_unique' },
    realName: { type: 'text', default: '' },
    email: { type: 'text' },
    emailKey: { type: 'text', unique: 'app_user_email_key_unique' },
    passwordHash: { type: 'text' },
    registeredAt: { type: 'datetime', columnType: 'timestamptz' },
    homePage: { type: 'text', default: '' },
    location: { type: 'text', default: '' },
    profile: { type: 'text', default: '' },
    currAbbr: { type: 'text', default: 'USD' },
    deletedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    emailConfirmedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
  },
});

export const ApplicationSchema = new EntitySchema<ApplicationRow>({
  class: ApplicationRow,
  tableName: 'client_application',
  properties: {
    id: { type: 'text', primary: true },
    name: { type: 'text' },
    owner: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade', index: 'client_application_owner_id_index' },
    consumerKey: { type: 'text', unique: 'client_application_consumer_key_unique' },
    consumerSecret: { type: 'text' },
    callbackUrl: { type: 'text', nullable: true },
    createdAt: { type: 'datetime', columnType: 'timestamptz' },
    description: { type: 'text', default: '' },
    websiteUrl: { type: 'text', nullable: true },
  },
});

export const PersonalTokenSchema = new EntitySchema<PersonalTokenRow>({
  class: PersonalTokenRow,
  tableName: 'personal_token',
  properties: {
    id: { type: 'text', primary: true },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade', index: 'personal_token_user_id_index' },
    label: { type: 'text' },
    digest: { type: 'text', unique: 'personal_token_digest_unique' },
    lastCharacters: { type: 'text' },
    createdAt: { type: 'datetime', columnType: 'timestamptz' },
    revokedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
  },
});

export class OAuthTokenRow {
  token!: string;
  secret!: string;
  /** `request` or `access`. */
  kind!: string;
  application!: ApplicationRow;
  user!: UserRow | null;
  callback!: string | null;
  verifier!: string | null;
  createdAt!: Date;
  authorizedAt!: Date | null;
  usedAt!: Date | null;
  revokedAt!: Date | null;
}

/** A nonce seen, kept until `expiresAt` (when a request carrying it could no longer be accepted anyway). */
export class OAuthNonceRow {
  key!: string;
  expiresAt!: Date;
}

export const OAuthTokenSchema = new EntitySchema<OAuthTokenRow>({
  class: OAuthTokenRow,
  tableName: 'oauth_token',
  indexes: [{ name: 'oauth_token_user_id_application_id_index', properties: ['user', 'application'] }],
  properties: {
    token: { type: 'text', primary: true },
    secret: { type: 'text' },
    kind: { type: 'text' },
    application: { kind: 'm:1', entity: () => ApplicationRow, deleteRule: 'cascade', index: 'oauth_token_application_id_index' },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade', nullable: true },
    callback: { type: 'text', nullable: true },
    verifier: { type: 'text', nullable: true },
    createdAt: { type: 'datetime', columnType: 'timestamptz' },
    authorizedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    usedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
    revokedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
  },
});

export const OAuthNonceSchema = new EntitySchema<OAuthNonceRow>({
  class: OAuthNonceRow,
  tableName: 'oauth_nonce',
  indexes: [{ name: 'oauth_nonce_expires_at_index', properties: ['expiresAt'] }],
  properties: {
    key: { type: 'text', primary: true },
    expiresAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

/** A signed-in web session: the digest of its cookie. */
export class WebSessionRow {
  digest!: string;
  user!: UserRow;
  createdAt!: Date;
  expiresAt!: Date;
}

export const WebSessionSchema = new EntitySchema<WebSessionRow>({
  class: WebSessionRow,
  tableName: 'web_session',
  indexes: [{ name: 'web_session_expires_at_index', properties: ['expiresAt'] }],
  properties: {
    digest: { type: 'text', primary: true },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade', index: 'web_session_user_id_index' },
    createdAt: { type: 'datetime', columnType: 'timestamptz' },
    expiresAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

/** A one-time link's token: its digest, what for, whose, the address it confirms, until when, and when it was used (once). */
export class OneTimeLinkRow {
  digest!: string;
  purpose!: string;
  user!: UserRow;
  email!: string | null;
  createdAt!: Date;
  expiresAt!: Date;
  usedAt!: Date | null;
}

export const OneTimeLinkSchema = new EntitySchema<OneTimeLinkRow>({
  class: OneTimeLinkRow,
  tableName: 'one_time_link',
  indexes: [{ name: 'one_time_link_expires_at_index', properties: ['expiresAt'] }],
  properties: {
    digest: { type: 'text', primary: true },
    purpose: { type: 'text' },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade', index: 'one_time_link_user_id_index' },
    email: { type: 'text', nullable: true },
    createdAt: { type: 'datetime', columnType: 'timestamptz' },
    expiresAt: { type: 'datetime', columnType: 'timestamptz' },
    usedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
  },
});

export const IDENTITY_SCHEMAS = [OneTimeLinkSchema, WebSessionSchema, UserSchema, ApplicationSchema, PersonalTokenSchema, OAuthTokenSchema, OAuthNonceSchema];
