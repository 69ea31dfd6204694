import type { User } from '../../domain/identity/accounts.js';

/** A user as others may see it: everything but the password hash. */
export type Account = Omit<User, 'passwordHash'>;

/** The account of a user: the user without the password hash. */
export const account = ({ passwordHash: _, ...rest }: User): Account => rest;
