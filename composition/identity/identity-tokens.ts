import type { Authenticate, CreatePersonalToken, CreateUser, ListPersonalTokens, RegisterApplication, RevokePersonalToken } from '../../application/identity/accounts.js';
import type { ResolveCredentials } from '../../application/identity/credentials.js';
import type { GetIdentity } from '../../application/identity/get-identity.js';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';
import type { SecretDigest, SecretGenerator } from '../../application/ports/secrets.js';
import type {
  ApplicationRepository,
  PersonalTokenRepository,
  UserRepository,
} from '../../domain/identity/identity-repositories.js';
import { token } from '../token.js';

export const IDENTITY = {
  UserRepository: token<UserRepository>('identity/UserRepository'),
  ApplicationRepository: token<ApplicationRepository>('identity/ApplicationRepository'),
  PersonalTokenRepository: token<PersonalTokenRepository>('identity/PersonalTokenRepository'),
  PasswordHasher: token<PasswordHasher>('identity/PasswordHasher'),
  SecretGenerator: token<SecretGenerator>('identity/SecretGenerator'),
  SecretDigest: token<SecretDigest>('identity/SecretDigest'),
  CreateUser: token<CreateUser>('identity/CreateUser'),
  Authenticate: token<Authenticate>('identity/Authenticate'),
  RegisterApplication: token<RegisterApplication>('identity/RegisterApplication'),
  CreatePersonalToken: token<CreatePersonalToken>('identity/CreatePersonalToken'),
  ListPersonalTokens: token<ListPersonalTokens>('identity/ListPersonalTokens'),
  RevokePersonalToken: token<RevokePersonalToken>('identity/RevokePersonalToken'),
  ResolveCredentials: token<ResolveCredentials>('identity/ResolveCredentials'),
  GetIdentity: token<GetIdentity>('identity/GetIdentity'),
} as const;
