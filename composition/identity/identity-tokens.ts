import type { Authenticate } from '../../application/identity/authenticate.js';
import type { AuthorizeRequestToken } from '../../application/identity/authorize-request-token.js';
import type { ConnectedApplications } from '../../application/identity/connected-applications.js';
import type { CreatePersonalToken } from '../../application/identity/create-personal-token.js';
import type { CreateUser } from '../../application/identity/create-user.js';
import type { ExchangeAccessToken } from '../../application/identity/exchange-access-token.js';
import type { IssueRequestToken } from '../../application/identity/issue-request-token.js';
import type { ListPersonalTokens } from '../../application/identity/list-personal-tokens.js';
import type { OAuthVerifier } from '../../application/identity/oauth-verifier.js';
import type { RegisterApplication } from '../../application/identity/register-application.js';
import type { RevokePersonalToken } from '../../application/identity/revoke-personal-token.js';
import type { ResolveCredentials } from '../../application/identity/credentials.js';
import type { GetIdentity } from '../../application/identity/get-identity.js';
import type { HmacSha1 } from '../../application/ports/hmac.js';
import type { NonceStore } from '../../application/ports/nonce-store.js';
import type { PersonalDataEraser } from '../../application/ports/personal-data-eraser.js';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';
import type { RateLimitStore } from '../../application/ports/rate-limit-store.js';
import type { SecretDigest, SecretGenerator } from '../../application/ports/secrets.js';
import type {
  ApplicationRepository,
  OAuthTokenRepository,
  OneTimeLinkRepository,
  PersonalTokenRepository,
  UserRepository,
  WebSessionRepository,
} from '../../domain/identity/identity-repositories.js';
import type { SignUp } from '../../application/identity/sign-up.js';
import type { ChangeEmail } from '../../application/identity/change-email.js';
import type { DeleteAccount } from '../../application/identity/delete-account.js';
import type { EditApplication } from '../../application/identity/edit-application.js';
import type { DeleteApplication } from '../../application/identity/delete-application.js';
import type { RotateApplicationSecret } from '../../application/identity/rotate-application-secret.js';
import type { ChangePassword } from '../../application/identity/change-password.js';
import type { RequestPasswordReset } from '../../application/identity/request-password-reset.js';
import type { ResetPassword } from '../../application/identity/reset-password.js';
import type { OneTimeLinks } from '../../application/identity/one-time-links.js';
import type { EmailConfirmations } from '../../application/identity/email-confirmations.js';
import type { ConfirmEmail } from '../../application/identity/confirm-email.js';
import type { ResendEmailConfirmation } from '../../application/identity/resend-email-confirmation.js';
import type { MailTransport } from '../../application/ports/mail-transport.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';
import type { ListOwnApplications } from '../../application/identity/list-own-applications.js';
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
  OAuthTokenRepository: token<OAuthTokenRepository>('identity/OAuthTokenRepository'),
  NonceStore: token<NonceStore>('identity/NonceStore'),
  Hmac: token<HmacSha1>('identity/Hmac'),
  OAuthVerifier: token<OAuthVerifier>('identity/OAuthVerifier'),
  IssueRequestToken: token<IssueRequestToken>('identity/IssueRequestToken'),
  AuthorizeRequestToken: token<AuthorizeRequestToken>('identity/AuthorizeRequestToken'),
  ExchangeAccessToken: token<ExchangeAccessToken>('identity/ExchangeAccessToken'),
  ConnectedApplications: token<ConnectedApplications>('identity/ConnectedApplications'),
  ListOwnApplications: token<ListOwnApplications>('identity/ListOwnApplications'),
  WebSessionRepository: token<WebSessionRepository>('identity/WebSessionRepository'),
  WebSessions: token<WebSessions>('identity/WebSessions'),
  SignUp: token<SignUp>('identity/SignUp'),
  ChangePassword: token<ChangePassword>('identity/ChangePassword'),
  ChangeEmail: token<ChangeEmail>('identity/ChangeEmail'),
  DeleteAccount: token<DeleteAccount>('identity/DeleteAccount'),
  EditApplication: token<EditApplication>('identity/EditApplication'),
  RotateApplicationSecret: token<RotateApplicationSecret>('identity/RotateApplicationSecret'),
  DeleteApplication: token<DeleteApplication>('identity/DeleteApplication'),
  OneTimeLinkRepository: token<OneTimeLinkRepository>('identity/OneTimeLinkRepository'),
  /**
   * What each module holds of a person, erased when their account is deleted (a multiple binding: every module with
   * a person's own data binds one in its SQL and its memory family; ADR 0060).
   */
  PersonalDataEraser: token<PersonalDataEraser>('identity/PersonalDataEraser'),
  MailTransport: token<MailTransport>('identity/MailTransport'),
  RequestPasswordReset: token<RequestPasswordReset>('identity/RequestPasswordReset'),
  ResetPassword: token<ResetPassword>('identity/ResetPassword'),
  OneTimeLinks: token<OneTimeLinks>('identity/OneTimeLinks'),
  EmailConfirmations: token<EmailConfirmations>('identity/EmailConfirmations'),
  ConfirmEmail: token<ConfirmEmail>('identity/ConfirmEmail'),
  ResendEmailConfirmation: token<ResendEmailConfirmation>('identity/ResendEmailConfirmation'),
  /** The sign-in throttle's windows: the shared rate-limit store, kept up through its outages (ADR 0029). */
  SignInAttempts: token<RateLimitStore>('identity/SignInAttempts'),
} as const;
