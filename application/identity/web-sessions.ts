import { WEB_SESSION_LIFETIME_MS } from '../../domain/identity/accounts.js';
import type { UserRepository, WebSessionRepository } from '../../domain/identity/identity-repositories.js';
import { loginKey } from '../../domain/identity/login-name.js';
import { RateLimited } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest, SecretGenerator } from '../ports/secrets.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { userCaller, type Caller } from '../shared/caller.js';
import type { Account } from './account.js';
import type { Authenticate } from './authenticate.js';

/** Sign-in attempts allowed per address, and per account, in `SIGN_IN_WINDOW_MS`. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 20;
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/** A new session: the cookie value (given to the browser once) and when it ends. */
export interface StartedSession {
  readonly cookie: string;
  readonly expiresAt: Date;
  readonly account: Account;
}

/**
 * The web pages' sessions: sign in (rate limited per address and per account, whatever the outcome), the user of a
 * session cookie, sign out. Only a digest of each cookie is stored.
 */
export class WebSessions {
  constructor(
    private readonly authenticate: Authenticate,
    private readonly users: UserRepository,
    private readonly sessions: WebSessionRepository,
    private readonly attempts: RateLimitStore,
    private readonly secrets: SecretGenerator,
    private readonly digest: SecretDigest,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** Signs in; null for a wrong name or password; `RateLimited` after too many attempts. */
  async signIn(input: { username: string; password: string; address: string }): Promise<StartedSession | null> {
    const byAddress = await this.attempts.hit(`signin:address:${input.address}`, SIGN_IN_ATTEMPTS_PER_ADDRESS, SIGN_IN_WINDOW_MS);
    const byAccount = await this.attempts.hit(`signin:account:${loginKey(input.username)}`, SIGN_IN_ATTEMPTS_PER_ACCOUNT, SIGN_IN_WINDOW_MS);
    if (!byAddress.allowed || !byAccount.allowed) {
      throw new RateLimited(
        Math.max(byAddress.retryAfterSeconds, byAccount.retryAfterSeconds),
        'Too many sign-in attempts: wait a few minutes and try again.',
      );
    }
    const account = await this.authenticate.execute({ username: input.username, password: input.password });
    if (!account) return null;
    return this.start(account);
  }

  /** Starts a session for an account that was just created or checked. */
  async start(account: Account): Promise<StartedSession> {
    const cookie = this.secrets.generate(40);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + WEB_SESSION_LIFETIME_MS);
    await this.uow.run(() => this.sessions.add({ digest: this.digest.digest(cookie), userId: account.id, createdAt: now, expiresAt }));
    return { cookie, expiresAt, account };
  }

  /** The user a session cookie belongs to, as a caller; null when it is unknown or expired. */
  async caller(cookie: string | undefined): Promise<Caller | null> {
    if (!cookie || cookie.length > 200) return null;
    const session = await this.sessions.live(this.digest.digest(cookie), this.clock.now());
    if (!session) return null;
    const user = await this.users.byId(session.userId);
    if (!user) return null;
    return userCaller(user, 'session');
  }

  async signOut(cookie: string | undefined): Promise<void> {
    if (!cookie) return;
    await this.uow.run(() => this.sessions.remove(this.digest.digest(cookie)));
  }
}
