import type { OneTimeLink, OneTimeLinkPurpose } from '../../domain/identity/accounts.js';
import type { OneTimeLinkRepository } from '../../domain/identity/identity-repositories.js';
import type { Clock } from '../ports/clock.js';
import type { SecretDigest, SecretGenerator } from '../ports/secrets.js';

/** The length of a one-time link's token: 43 of 62 characters, about 256 bits. */
export const ONE_TIME_TOKEN_LENGTH = 43;

/** Where a kind of mailed link goes (the page that takes its token), and what the mail calls the site. */
export interface MailedLinks {
  link(token: string): string;
  readonly site: string;
}

/** A link's token as made: the secret the mail carries (never stored) and when it stops working. */
export interface IssuedLink {
  readonly token: string;
  readonly expiresAt: Date;
}

/**
 * The one way to make and spend the tokens of mailed one-time links (password resets, ADR 0056; email confirmations,
 * ADR 0064): a fresh random token of `ONE_TIME_TOKEN_LENGTH`, kept only as its digest, for a purpose, a user and
 * (email confirmations) the address it confirms, working until `lifetimeMs` from now and once. Both run in the
 * caller's unit of work.
 */
export class OneTimeLinks {
  constructor(
    private readonly links: OneTimeLinkRepository,
    private readonly secrets: SecretGenerator,
    private readonly digest: SecretDigest,
    private readonly clock: Clock,
  ) {}

  /** Makes and stores a link's token. */
  async issue(purpose: OneTimeLinkPurpose, userId: number, email: string | null, lifetimeMs: number): Promise<IssuedLink> {
    const token = this.secrets.generate(ONE_TIME_TOKEN_LENGTH);
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + lifetimeMs);
    await this.links.add({ digest: this.digest.digest(token), purpose, userId, email, createdAt: now, expiresAt, usedAt: null });
    return { token, expiresAt };
  }

  /** Cancels (marks used) every unused link of the user for the purpose; how many. */
  cancelAll(userId: number, purpose: OneTimeLinkPurpose): Promise<number> {
    return this.links.cancelAll(userId, purpose, this.clock.now());
  }

  /** The user's newest working link for the purpose (to tell, say, which address change is pending), or null. */
  newest(userId: number, purpose: OneTimeLinkPurpose): Promise<OneTimeLink | null> {
    return this.links.newest(userId, purpose, this.clock.now());
  }

  /** Spends a token (once: of two uses at once, one alone gets the link); null when it is unknown, used or expired. */
  async use(token: string, purpose: OneTimeLinkPurpose): Promise<OneTimeLink | null> {
    if (token === '' || token.length > 200) return null;
    return this.links.use(this.digest.digest(token), purpose, this.clock.now());
  }
}
