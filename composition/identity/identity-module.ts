import fs from 'node:fs';
import path from 'node:path';
import { ContainerModule, type Container } from 'inversify';
import { IdentityCredentialResolver } from '../../adapters/http/identity/identity-credential-resolver.js';
import { IdentityRoutes } from '../../adapters/http/identity/identity-routes.js';
import { NodeHmacSha1, RandomSecretGenerator, Sha256SecretDigest } from '../../adapters/system/random-secrets.js';
import { ScryptPasswordHasher } from '../../adapters/system/scrypt-password-hasher.js';
import { Authenticate } from '../../application/identity/authenticate.js';
import { AuthorizeRequestToken } from '../../application/identity/authorize-request-token.js';
import { ConnectedApplications } from '../../application/identity/connected-applications.js';
import { CreatePersonalToken } from '../../application/identity/create-personal-token.js';
import { CreateUser } from '../../application/identity/create-user.js';
import { ExchangeAccessToken } from '../../application/identity/exchange-access-token.js';
import { IssueRequestToken } from '../../application/identity/issue-request-token.js';
import { ListPersonalTokens } from '../../application/identity/list-personal-tokens.js';
import { OAuthVerifier } from '../../application/identity/oauth-verifier.js';
import { RegisterApplication } from '../../application/identity/register-application.js';
import { RevokePersonalToken } from '../../application/identity/revoke-personal-token.js';
import { ResolveCredentials } from '../../application/identity/credentials.js';
import { OAuthRoutes } from '../../adapters/http/identity/oauth-routes.js';
import { WebPageRoutes } from '../../adapters/http/identity/web/web-routes.js';
import { SignUp } from '../../application/identity/sign-up.js';
import { WebSessions } from '../../application/identity/web-sessions.js';
import { ChangeEmail } from '../../application/identity/change-email.js';
import { DeleteApplication } from '../../application/identity/delete-application.js';
import { RotateApplicationSecret } from '../../application/identity/rotate-application-secret.js';
import { ChangePassword } from '../../application/identity/change-password.js';
import { DeleteAccount } from '../../application/identity/delete-account.js';
import { holdAccount } from '../../application/identity/hold-account.js';
import { EditApplication } from '../../application/identity/edit-application.js';
import { ApplicationPage } from '../../adapters/http/identity/web/application-page.js';
import { DeleteAccountPage } from '../../adapters/http/identity/web/delete-account-page.js';
import { ORDERS } from '../orders/orders-tokens.js';
import type { PersonalDataEraser } from '../../application/ports/personal-data-eraser.js';
import { AccountPages, EMAIL_CONFIRM_PATH, PASSWORD_RESET_PATHS } from '../../adapters/http/identity/web/account-pages.js';
import { FolderMailTransport } from '../../adapters/system/folder-mail-transport.js';
import { RequestPasswordReset } from '../../application/identity/request-password-reset.js';
import { OneTimeLinks } from '../../application/identity/one-time-links.js';
import { EmailConfirmations } from '../../application/identity/email-confirmations.js';
import { ConfirmEmail } from '../../application/identity/confirm-email.js';
import { ResendEmailConfirmation } from '../../application/identity/resend-email-confirmation.js';
import { ResetPassword } from '../../application/identity/reset-password.js';
import { ListOwnApplications } from '../../application/identity/list-own-applications.js';
import { RATE_LIMIT } from '../rate-limit/rate-limit-tokens.js';
import { FailoverRateLimitStore } from '../../adapters/rate-limit/failover-rate-limit-store.js';
import { InMemoryRateLimitStore } from '../../adapters/rate-limit/in-memory-rate-limit-store.js';
import { GetIdentity } from '../../application/identity/get-identity.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { identityMemory } from './identity-memory.js';
import { identitySql } from './identity-sql.js';
import { identitySchema } from './identity-schema.js';
import { IDENTITY } from './identity-tokens.js';

/**
 * Identity and access: user accounts, registered applications, personal access tokens; the credential resolver of
 * every request (key and secret, personal token) and `GET /oauth/identity`; `spindle user|app|token` commands; demo
 * accounts.
 */
export const identityModule: SpindleModule = {
  name: 'identity',
  schema: identitySchema,

  adapters: { sql: identitySql, memory: identityMemory },

  bindings: ({ config, rateLimitStore, logger }) =>
    new ContainerModule(({ bind }) => {
      bind(IDENTITY.PasswordHasher).toConstantValue(new ScryptPasswordHasher());
      bind(IDENTITY.SecretGenerator).toConstantValue(new RandomSecretGenerator());
      bind(IDENTITY.SecretDigest).toConstantValue(new Sha256SecretDigest());
      bind(IDENTITY.CreateUser)
        .toResolvedValue((users, hasher, uow, clock) => new CreateUser(users, hasher, uow, clock), [
          IDENTITY.UserRepository,
          IDENTITY.PasswordHasher,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(IDENTITY.Authenticate)
        .toResolvedValue((users, hasher) => new Authenticate(users, hasher), [IDENTITY.UserRepository, IDENTITY.PasswordHasher])
        .inSingletonScope();
      bind(IDENTITY.RegisterApplication)
        .toResolvedValue(
          (users, apps, secrets, ids, uow, clock) => new RegisterApplication(users, apps, secrets, ids, uow, clock),
          [IDENTITY.UserRepository, IDENTITY.ApplicationRepository, IDENTITY.SecretGenerator, CORE.IdGenerator, PERSISTENCE.UnitOfWork, CORE.Clock],
        )
        .inSingletonScope();
      bind(IDENTITY.CreatePersonalToken)
        .toResolvedValue(
          (users, tokens, secrets, digest, ids, uow, clock) =>
            new CreatePersonalToken(users, tokens, secrets, digest, ids, uow, clock),
          [
            IDENTITY.UserRepository,
            IDENTITY.PersonalTokenRepository,
            IDENTITY.SecretGenerator,
            IDENTITY.SecretDigest,
            CORE.IdGenerator,
            PERSISTENCE.UnitOfWork,
            CORE.Clock,
          ],
        )
        .inSingletonScope();
      bind(IDENTITY.ListPersonalTokens)
        .toResolvedValue((users, tokens) => new ListPersonalTokens(users, tokens), [
          IDENTITY.UserRepository,
          IDENTITY.PersonalTokenRepository,
        ])
        .inSingletonScope();
      bind(IDENTITY.RevokePersonalToken)
        .toResolvedValue((users, tokens, uow, clock) => new RevokePersonalToken(users, tokens, uow, clock), [
          IDENTITY.UserRepository,
          IDENTITY.PersonalTokenRepository,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(IDENTITY.Hmac).toConstantValue(new NodeHmacSha1());
      bind(IDENTITY.OAuthVerifier)
        .toResolvedValue((apps, tokens, nonces, hmac, clock) => new OAuthVerifier(apps, tokens, nonces, hmac, clock), [
          IDENTITY.ApplicationRepository,
          IDENTITY.OAuthTokenRepository,
          IDENTITY.NonceStore,
          IDENTITY.Hmac,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(IDENTITY.IssueRequestToken)
        .toResolvedValue((verifier, tokens, secrets, uow, clock) => new IssueRequestToken(verifier, tokens, secrets, uow, clock), [
          IDENTITY.OAuthVerifier,
          IDENTITY.OAuthTokenRepository,
          IDENTITY.SecretGenerator,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(IDENTITY.AuthorizeRequestToken)
        .toResolvedValue((apps, tokens, secrets, uow, clock) => new AuthorizeRequestToken(apps, tokens, secrets, uow, clock), [
          IDENTITY.ApplicationRepository,
          IDENTITY.OAuthTokenRepository,
          IDENTITY.SecretGenerator,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(IDENTITY.ExchangeAccessToken)
        .toResolvedValue((verifier, tokens, secrets, uow, clock, guard) => new ExchangeAccessToken(verifier, tokens, secrets, uow, clock, guard), [
          IDENTITY.OAuthVerifier,
          IDENTITY.OAuthTokenRepository,
          IDENTITY.SecretGenerator,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
          PERSISTENCE.AccountGuard,
        ])
        .inSingletonScope();
      bind(IDENTITY.ListOwnApplications)
        .toResolvedValue((users, apps) => new ListOwnApplications(users, apps), [IDENTITY.UserRepository, IDENTITY.ApplicationRepository])
        .inSingletonScope();
      bind(IDENTITY.ConnectedApplications)
        .toResolvedValue((apps, tokens, uow, clock) => new ConnectedApplications(apps, tokens, uow, clock), [
          IDENTITY.ApplicationRepository,
          IDENTITY.OAuthTokenRepository,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(IDENTITY.ResolveCredentials)
        .toResolvedValue((users, apps, tokens, digest, oauth) => new ResolveCredentials(users, apps, tokens, digest, oauth), [
          IDENTITY.UserRepository,
          IDENTITY.ApplicationRepository,
          IDENTITY.PersonalTokenRepository,
          IDENTITY.SecretDigest,
          IDENTITY.OAuthVerifier,
        ])
        .inSingletonScope();
      // The throttle against password guessing must not switch off while the shared store fails: it counts in this
      // process meanwhile, or (RATE_LIMIT_STORE_FAILURE=closed) refuses sign-in with 503 (ADR 0029).
      bind(IDENTITY.SignInAttempts)
        .toResolvedValue((shared, clock) => {
          if (!rateLimitStore) return shared; // this process's own window, which cannot fail
          const local = config.rateLimitStoreFailure === 'open' ? new InMemoryRateLimitStore(clock) : null;
          return new FailoverRateLimitStore(shared, local, logger, 'sign-in attempt store');
        }, [RATE_LIMIT.Store, CORE.Clock])
        .inSingletonScope();
      bind(IDENTITY.WebSessions)
        .toResolvedValue(
          (authenticate, users, sessions, attempts, secrets, digest, uow, clock, guard) =>
            new WebSessions(authenticate, users, sessions, attempts, secrets, digest, uow, clock, guard),
          [
            IDENTITY.Authenticate,
            IDENTITY.UserRepository,
            IDENTITY.WebSessionRepository,
            IDENTITY.SignInAttempts,
            IDENTITY.SecretGenerator,
            IDENTITY.SecretDigest,
            PERSISTENCE.UnitOfWork,
            CORE.Clock,
            PERSISTENCE.AccountGuard,
          ],
        )
        .inSingletonScope();
      bind(IDENTITY.OneTimeLinks)
        .toResolvedValue((links, secrets, digest, clock) => new OneTimeLinks(links, secrets, digest, clock), [
          IDENTITY.OneTimeLinkRepository,
          IDENTITY.SecretGenerator,
          IDENTITY.SecretDigest,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(IDENTITY.EmailConfirmations)
        .toResolvedValue(
          (links, mail, attempts, uow) =>
            new EmailConfirmations(links, mail, logger, attempts, uow, { link: (token) => `${config.webUrl}${EMAIL_CONFIRM_PATH}?confirm=${token}`, site: config.siteName }),
          [IDENTITY.OneTimeLinks, IDENTITY.MailTransport, IDENTITY.SignInAttempts, PERSISTENCE.UnitOfWork],
        )
        .inSingletonScope();
      bind(IDENTITY.SignUp)
        .toResolvedValue(
          (createUser, users, confirmations, resets, attempts, digest) => new SignUp(createUser, users, confirmations, resets, attempts, digest, config.siteName),
          [IDENTITY.CreateUser, IDENTITY.UserRepository, IDENTITY.EmailConfirmations, IDENTITY.RequestPasswordReset, IDENTITY.SignInAttempts, IDENTITY.SecretDigest],
        )
        .inSingletonScope();
      bind(IDENTITY.ConfirmEmail)
        .toResolvedValue(
          (links, users, mail, uow, clock) => new ConfirmEmail(links, users, mail, logger, uow, clock, config.siteName),
          [IDENTITY.OneTimeLinks, IDENTITY.UserRepository, IDENTITY.MailTransport, PERSISTENCE.UnitOfWork, CORE.Clock],
        )
        .inSingletonScope();
      bind(IDENTITY.ResendEmailConfirmation)
        .toResolvedValue(
          (users, links, confirmations, attempts, digest) => new ResendEmailConfirmation(users, links, confirmations, attempts, digest),
          [IDENTITY.UserRepository, IDENTITY.OneTimeLinks, IDENTITY.EmailConfirmations, IDENTITY.SignInAttempts, IDENTITY.SecretDigest],
        )
        .inSingletonScope();
      bind(IDENTITY.ChangePassword)
        .toResolvedValue(
          (users, sessions, hasher, digest, failures, uow) => new ChangePassword(users, sessions, hasher, digest, failures, uow),
          [IDENTITY.UserRepository, IDENTITY.WebSessionRepository, IDENTITY.PasswordHasher, IDENTITY.SecretDigest, IDENTITY.SignInAttempts, PERSISTENCE.UnitOfWork],
        )
        .inSingletonScope();
      bind(IDENTITY.MailTransport).toConstantValue(new FolderMailTransport(config.mailDir, `${config.siteName} <no-reply@${new URL(config.webUrl).hostname}>`));
      bind(IDENTITY.RotateApplicationSecret)
        .toResolvedValue((apps, secrets, uow) => new RotateApplicationSecret(apps, secrets, uow), [IDENTITY.ApplicationRepository, IDENTITY.SecretGenerator, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(IDENTITY.DeleteApplication)
        .toResolvedValue((apps, uow) => new DeleteApplication(apps, uow), [IDENTITY.ApplicationRepository, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(IDENTITY.ChangeEmail)
        .toResolvedValue(
          (users, hasher, failures, confirmations, links) => new ChangeEmail(users, hasher, failures, confirmations, links),
          [IDENTITY.UserRepository, IDENTITY.PasswordHasher, IDENTITY.SignInAttempts, IDENTITY.EmailConfirmations, IDENTITY.OneTimeLinks],
        )
        .inSingletonScope();
      bind(IDENTITY.RequestPasswordReset)
        .toResolvedValue(
          (users, links, digest, mail, attempts, uow) =>
            new RequestPasswordReset(users, links, digest, mail, logger, attempts, uow, {
              link: (token) => `${config.webUrl}${PASSWORD_RESET_PATHS.confirm}?reset=${token}`,
              site: config.siteName,
            }),
          [
            IDENTITY.UserRepository,
            IDENTITY.OneTimeLinks,
            IDENTITY.SecretDigest,
            IDENTITY.MailTransport,
            IDENTITY.SignInAttempts,
            PERSISTENCE.UnitOfWork,
          ],
        )
        .inSingletonScope();
      bind(IDENTITY.ResetPassword)
        .toResolvedValue(
          (links, users, sessions, hasher, uow) => new ResetPassword(links, users, sessions, hasher, uow),
          [IDENTITY.OneTimeLinks, IDENTITY.UserRepository, IDENTITY.WebSessionRepository, IDENTITY.PasswordHasher, PERSISTENCE.UnitOfWork],
        )
        .inSingletonScope();
      bind(IDENTITY.EditApplication)
        .toResolvedValue((apps, uow) => new EditApplication(apps, uow), [IDENTITY.ApplicationRepository, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (edit, sessions, secrets) =>
            new ApplicationPage(edit, { sessions, secrets }, { webUrl: config.webUrl, site: config.siteName }, { apiUrl: config.baseUrl, brand: config.brand, rateLimit: config.rateLimit }),
          [IDENTITY.EditApplication, IDENTITY.WebSessions, IDENTITY.SecretGenerator],
        )
        .inSingletonScope();
      const erasers = { serviceIdentifier: IDENTITY.PersonalDataEraser, isMultiple: true, optional: true } as const;
      // The deletion guard's account hold (ADR 0060): every unit of work on behalf of a signed-in user begins with it.
      bind(PERSISTENCE.AccountHold)
        .toResolvedValue((users) => holdAccount(users), [IDENTITY.UserRepository])
        .inSingletonScope();
      bind(IDENTITY.DeleteAccount)
        .toResolvedValue(
          (users, orders, erasers: PersonalDataEraser[] | undefined, hasher, failures, uow, guard, clock) =>
            new DeleteAccount(users, orders, erasers ?? [], hasher, failures, uow, guard, clock, logger),
          [
            IDENTITY.UserRepository,
            ORDERS.OrderRepository,
            erasers,
            IDENTITY.PasswordHasher,
            IDENTITY.SignInAttempts,
            PERSISTENCE.UnitOfWork,
            PERSISTENCE.AccountGuard,
            CORE.Clock,
          ],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (deleteAccount, sessions, secrets) => new DeleteAccountPage(deleteAccount, { sessions, secrets }, { webUrl: config.webUrl, site: config.siteName }),
          [IDENTITY.DeleteAccount, IDENTITY.WebSessions, IDENTITY.SecretGenerator],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (changePassword, changeEmail, requestReset, resetPassword, confirmEmail, resendConfirmation, sessions, secrets) =>
            new AccountPages(
              { changePassword, changeEmail, requestReset, resetPassword, confirmEmail, resendConfirmation },
              { sessions, secrets },
              { webUrl: config.webUrl, site: config.siteName },
            ),
          [
            IDENTITY.ChangePassword,
            IDENTITY.ChangeEmail,
            IDENTITY.RequestPasswordReset,
            IDENTITY.ResetPassword,
            IDENTITY.ConfirmEmail,
            IDENTITY.ResendEmailConfirmation,
            IDENTITY.WebSessions,
            IDENTITY.SecretGenerator,
          ],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (sessions, signUp, registerApplication, createToken, listTokens, revokeToken, authorize, connected, ownApplications, secrets, rotateSecret, deleteApplication) =>
            new WebPageRoutes(
              { sessions, signUp, registerApplication, createToken, listTokens, revokeToken, authorize, connected, ownApplications, secrets, rotateSecret, deleteApplication },
              { webUrl: config.webUrl, site: config.siteName },
              { apiUrl: config.baseUrl, brand: config.brand, rateLimit: config.rateLimit },
            ),
          [
            IDENTITY.WebSessions,
            IDENTITY.SignUp,
            IDENTITY.RegisterApplication,
            IDENTITY.CreatePersonalToken,
            IDENTITY.ListPersonalTokens,
            IDENTITY.RevokePersonalToken,
            IDENTITY.AuthorizeRequestToken,
            IDENTITY.ConnectedApplications,
            IDENTITY.ListOwnApplications,
            IDENTITY.SecretGenerator,
            IDENTITY.RotateApplicationSecret,
            IDENTITY.DeleteApplication,
          ],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue((issue, exchange) => new OAuthRoutes(issue, exchange, config.baseUrl), [
          IDENTITY.IssueRequestToken,
          IDENTITY.ExchangeAccessToken,
        ])
        .inSingletonScope();
      bind(IDENTITY.GetIdentity)
        .toResolvedValue((users, apps, tokens) => new GetIdentity(users, apps, tokens), [
          IDENTITY.UserRepository,
          IDENTITY.ApplicationRepository,
          IDENTITY.PersonalTokenRepository,
        ])
        .inSingletonScope();
      bind(HTTP.CredentialResolver)
        .toResolvedValue((resolve) => new IdentityCredentialResolver(resolve, config.brand, config.baseUrl), [IDENTITY.ResolveCredentials])
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue((getIdentity, urls) => new IdentityRoutes(getIdentity, urls, config.dialect), [
          IDENTITY.GetIdentity,
          HTTP.ApiUrls,
        ])
        .inSingletonScope();
    }),

  async demo(container, log) {
    await createDemoAccounts(container, log);
  },
};

/** The demo users: a seller and a buyer. */
export const DEMO_USERS = ['demo-seller', 'demo-buyer'] as const;
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

/**
 * Two demo users with a personal token each, and a demo application owned by the seller, when they do not exist
 * yet: their secrets are printed once and written to `demo-accounts.txt` in the data folder.
 */
async function createDemoAccounts(container: Container, log: (line: string) => void): Promise<void> {
  const config = container.get(CORE.Config);
  const file = path.join(config.dataDir, DEMO_ACCOUNTS_FILE);
  if (await container.get(IDENTITY.UserRepository).byLoginName(DEMO_USERS[0])) {
    log(`identity: demo accounts exist already (their secrets were written to ${file} when made)`);
    return;
  }
  const secrets = container.get(IDENTITY.SecretGenerator);
  const lines = ['# Spindle demo accounts, made by `spindle serve --demo` / `spindle seed`. Keep this file private.', ''];
  for (const name of DEMO_USERS) {
    const password = secrets.generate(16);
    await container.get(IDENTITY.CreateUser).execute({ username: name, email: `${name}@example.com`, password, realName: name === 'demo-seller' ? 'Demo Seller' : 'Demo Buyer' });
    const { token } = await container.get(IDENTITY.CreatePersonalToken).execute({ user: name, label: 'Demo token' });
    lines.push(`${name}: password ${password}`, `${name}: token ${token}`);
  }
  const app = await container.get(IDENTITY.RegisterApplication).execute({ name: 'Spindle demo application', owner: DEMO_USERS[0] });
  // Its page shows every field (ADR 0060): a description, and the API reference as its website.
  await container.get(IDENTITY.EditApplication).execute({
    userId: app.ownerId,
    applicationId: app.id,
    name: app.name,
    description: 'The demo application: try key-and-secret calls and the OAuth flow with it.',
    callbackUrl: '',
    websiteUrl: `${config.webUrl}/docs`,
  });
  lines.push(`demo application: consumer_key ${app.consumerKey}`, `demo application: consumer_secret ${app.consumerSecret}`, '');
  lines.push(`Try: curl -A "Demo/1.0" -H "Authorization: ${config.brand} token=<a token above>" ${config.baseUrl}/oauth/identity`, '');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, lines.join('\n'), { mode: 0o600 });
  log(`identity: demo users ${DEMO_USERS.join(' and ')} with a personal token each, and a demo application; secrets in ${file}`);
  // Shown once on the console, never through the logger (log lines are kept and shipped; secrets must not be).
  console.log(['', 'Demo accounts (also in ' + file + '):', ...lines.slice(2), ''].join('\n'));
}
