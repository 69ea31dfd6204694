/** A user account. `passwordHash` is the password hasher's encoded hash, never the password. */
export interface User {
  /** A positive whole number, given by the repository when the user is added. */
  readonly id: number;
  readonly username: string;
  readonly realName: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly registeredAt: Date;
}

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
}

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
