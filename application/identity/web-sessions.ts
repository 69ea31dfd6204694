import { WEB_SESSION_LIFETIME_MS } from '../../domain/identity/accounts.js';
import type { UserRepository, WebSessionRepository } from '../../domain/identity/identity-repositories.js';
import { loginKey } from '../../domain/identity/login-name.js';
import { RateLimited } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { RateLimitStore } from '../ports/rate-limit-store.js';
import type { SecretDigest, SecretGenerator } from '../ports/secrets.js';
import { UNGUARDED, type AccountGuard } from '../ports/account-guard.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { userCaller, type Caller } from '../shared/caller.js';
import type { Account } from './account.js';
import type { Authenticate } from './authenticate.js';

/**
 * The sign-in throttle (ADR 0049). Every attempt from an address counts (each costs a password hash), at most
 * `SIGN_IN_ATTEMPTS_PER_ADDRESS` in `SIGN_IN_WINDOW_MS`. Failures alone count against an account:
 * `SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS` in that window from one address (a success from that address clears
 * them), and `SIGN_IN_FAILURES_PER_ACCOUNT` an hour from everywhere (OWASP ASVS 2.2.1's bound), which one address
 * alone cannot reach, so nobody locks another out from one address.
 */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 20;
export const SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_FAILURES_PER_ACCOUNT = 100;
export const SIGN_IN_ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

/** A client address as the throttles key it: a fixed-length digest, whatever the address's text. */
export function addressDigest(digest: SecretDigest, address: string): string {
  return digest.digest(`address:${address}`);
}

/**
 * The throttle's keys for a login name and an address: fixed-length digests of the normalised name and of the
 * address, so a key's length does not depend on what the caller typed, and no name is stored in the clear.
 */
export function signInAttemptKeys(digest: SecretDigest, username: string, address: string): { address: string; pair: string; account: string } {
  const name = digest.digest(`login:${loginKey(username)}`);
  const from = addressDigest(digest, address);
  return { address: `signin:address:${from}`, pair: `signin:pair:${name}:${from}`, account: `signin:account:${name}` };
}

/** A new session: the cookie value (given to the browser once) and when it ends. */
export interface StartedSession {
  readonly cookie: string;
  readonly expiresAt: Date;
  readonly account: Account;
}

/**
 * The web pages' sessions: sign in (throttled per address, and per account for failures: see
 * `SIGN_IN_ATTEMPTS_PER_ADDRESS`), the user of a session cookie, sign out. Only a digest of each cookie is stored.
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
    /** Holds the account a session starts for (ADR 0060): a sign-in racing the account's deletion makes no session after it. */
    private readonly guard: AccountGuard = UNGUARDED,
  ) {}

  /**
   * Signs in; null for a wrong name or password; `RateLimited` (nothing checked) while the address has made too many
   * attempts or the account has had too many failures (from this address, or from everywhere).
   */
  async signIn(input: { username: string; password: string; address: string }): Promise<StartedSession | null> {
    const keys = signInAttemptKeys(this.digest, input.username, input.address);
    // The address's count is taken before the check (so parallel attempts cannot pass it together); the failure
    // counts are read before and added to after a failure, which the address's limit keeps from racing far.
    const checks = await Promise.all([
      this.attempts.hit(keys.address, SIGN_IN_ATTEMPTS_PER_ADDRESS, SIGN_IN_WINDOW_MS),
      this.attempts.peek(keys.pair, SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_WINDOW_MS),
      this.attempts.peek(keys.account, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_ACCOUNT_WINDOW_MS),
    ]);
    const refused = checks.filter((state) => !state.allowed);
    if (refused.length > 0) {
      throw new RateLimited(Math.max(...refused.map((state) => state.retryAfterSeconds)), 'Too many sign-in attempts: wait a few minutes and try again.');
    }
    const account = await this.authenticate.execute({ username: input.username, password: input.password });
    if (!account) {
      await Promise.all([
        this.attempts.hit(keys.pair, SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_WINDOW_MS),
        this.attempts.hit(keys.account, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_ACCOUNT_WINDOW_MS),
      ]);
      return null;
    }
    await this.attempts.reset(keys.pair);
    return this.start(account);
  }

  /** Starts a session for an account that was just created or checked. */
  async start(account: Account): Promise<StartedSession> {
    const cookie = this.secrets.generate(40);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + WEB_SESSION_LIFETIME_MS);
    await this.guard.actingFor(account.id, () =>
      this.uow.run(() => this.sessions.add({ digest: this.digest.digest(cookie), userId: account.id, createdAt: now, expiresAt })),
    );
    return { cookie, expiresAt, account };
  }

  /**
   * The CSRF token of a browser's forms (ADR 0049): a digest of its session cookie while it has one, else of its
   * pre-session cookie (the sign-in and sign-up forms). A token is good only with the cookie it was made from, so one
   * minted for another browser is refused, and it changes whenever the session does (sign-in, sign-out). The cookies
   * are secret (HttpOnly, random) and the digest one-way, so the token, which pages show, gives neither away. Null
   * without either cookie.
   */
  formToken(cookies: { readonly session?: string; readonly browser?: string }): string | null {
    if (cookies.session) return this.digest.digest(`form:session:${cookies.session}`);
    if (cookies.browser) return this.digest.digest(`form:browser:${cookies.browser}`);
    return null;
  }

  /** The user a session cookie belongs to, as a caller; null when it is unknown or expired, or its account deleted. */
  async caller(cookie: string | undefined): Promise<Caller | null> {
    if (!cookie || cookie.length > 200) return null;
    const session = await this.sessions.live(this.digest.digest(cookie), this.clock.now());
    if (!session) return null;
    const user = await this.users.byId(session.userId);
    if (!user || user.deletedAt) return null;
    return userCaller(user, 'session');
  }

  async signOut(cookie: string | undefined): Promise<void> {
    if (!cookie) return;
    // On nobody's behalf: ending a session is never refused, not even once its account is deleted (ADR 0060).
    await this.guard.actingFor(null, () => this.uow.run(() => this.sessions.remove(this.digest.digest(cookie))));
  }
}
