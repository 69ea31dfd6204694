import type { Clock } from '../../application/ports/clock.js';
import type { NonceStore } from '../../application/ports/nonce-store.js';
import type { ApplicationChanges, ClientApplication, OAuthToken, OneTimeLink, OneTimeLinkPurpose, PersonalToken, ProfileChanges, User, WebSession } from '../../domain/identity/accounts.js';
import { emailKey } from '../../domain/identity/email.js';
import {
  DELETED_PASSWORD_HASH,
  deletedEmail,
  nameTaken,
  type ApplicationRepository,
  type OAuthTokenRepository,
  type PersonalTokenRepository,
  type UserRepository,
  type OneTimeLinkRepository,
  type WebSessionRepository,
} from '../../domain/identity/identity-repositories.js';
import { loginKey } from '../../domain/identity/login-name.js';
import type { ErasableStore } from './in-memory-personal-data-eraser.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** Users in memory, enlisted in an `InMemoryUnitOfWork`. */
export class InMemoryUserRepository implements UserRepository, InMemoryTransactional {
  private users = new Map<number, User>();
  private lastId = 0;

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async add(user: Omit<User, 'id'>): Promise<User> {
    for (const u of this.users.values()) {
      if (loginKey(u.username) === loginKey(user.username)) throw nameTaken('login name', user.username);
      if (emailKey(u.email) === emailKey(user.email)) throw nameTaken('email', user.email);
    }
    const stored: User = { ...user, emailConfirmedAt: user.emailConfirmedAt === undefined ? user.registeredAt : user.emailConfirmedAt, id: ++this.lastId };
    this.users.set(stored.id, stored);
    return stored;
  }

  async byId(id: number): Promise<User | null> {
    return this.users.get(id) ?? null;
  }

  async byLoginName(name: string): Promise<User | null> {
    const key = loginKey(name);
    for (const u of this.users.values()) if (loginKey(u.username) === key && !u.deletedAt) return u;
    return null;
  }

  async byEmail(email: string): Promise<User | null> {
    const key = emailKey(email);
    for (const u of this.users.values()) if (emailKey(u.email) === key && !u.deletedAt) return u;
    return null;
  }

  async updateProfile(id: number, changes: ProfileChanges): Promise<User | null> {
    const user = this.users.get(id);
    if (!user) return null;
    const given = Object.entries(changes).filter(([, value]) => value !== undefined);
    const updated: User = { ...user, ...(Object.fromEntries(given) as ProfileChanges) };
    this.users.set(id, updated);
    return updated;
  }

  async changeEmail(id: number, email: string): Promise<boolean> {
    const user = this.users.get(id);
    if (!user) return false;
    for (const u of this.users.values()) if (u.id !== id && emailKey(u.email) === emailKey(email)) throw nameTaken('email', email);
    this.users.set(id, { ...user, email });
    return true;
  }

  async confirmEmail(id: number, email: string, at: Date): Promise<boolean> {
    const user = this.users.get(id);
    if (!user || user.deletedAt) return false;
    await this.changeEmail(id, email);
    this.users.set(id, { ...user, email, emailConfirmedAt: at });
    return true;
  }

  async changePassword(id: number, passwordHash: string): Promise<boolean> {
    const user = this.users.get(id);
    if (!user) return false;
    this.users.set(id, { ...user, passwordHash });
    return true;
  }

  // Runs of the unit of work are serialised: nothing else runs meanwhile, so a lock is the look-up alone.
  async lock(ids: readonly number[]): Promise<User[]> {
    return [...new Set(ids)].sort((a, b) => a - b).flatMap((id) => {
      const user = this.users.get(id);
      return user && !user.deletedAt ? [user] : [];
    });
  }

  async markDeleted(id: number, at: Date): Promise<boolean> {
    const user = this.users.get(id);
    if (!user || user.deletedAt) return false;
    const email = deletedEmail(id);
    this.users.set(id, { ...user, email, passwordHash: DELETED_PASSWORD_HASH, realName: '', homePage: '', location: '', profile: '', deletedAt: at });
    return true;
  }

  snapshot(): unknown {
    return { users: new Map(this.users), lastId: this.lastId };
  }

  restore(snapshot: unknown): void {
    const s = snapshot as { users: Map<number, User>; lastId: number };
    this.users = new Map(s.users);
    this.lastId = s.lastId;
  }
}

/** Applications in memory, enlisted in an `InMemoryUnitOfWork`. */
export class InMemoryApplicationRepository implements ApplicationRepository, InMemoryTransactional, ErasableStore {
  private applications = new Map<string, ClientApplication>();

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async add(application: ClientApplication): Promise<void> {
    // As the table's defaults fill them in.
    this.applications.set(application.id, { description: '', websiteUrl: null, ...application });
  }

  async byConsumerKey(key: string): Promise<ClientApplication | null> {
    for (const a of this.applications.values()) if (a.consumerKey === key) return a;
    return null;
  }

  async byId(id: string): Promise<ClientApplication | null> {
    return this.applications.get(id) ?? null;
  }

  async ownedBy(userId: number): Promise<ClientApplication[]> {
    return [...this.applications.values()]
      .filter((a) => a.ownerId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async update(id: string, changes: ApplicationChanges): Promise<boolean> {
    const application = this.applications.get(id);
    if (!application) return false;
    this.applications.set(id, { ...application, ...changes });
    return true;
  }

  async replaceSecret(id: string, consumerSecret: string): Promise<boolean> {
    const application = this.applications.get(id);
    if (!application) return false;
    this.applications.set(id, { ...application, consumerSecret });
    return true;
  }

  async remove(id: string): Promise<boolean> {
    return this.applications.delete(id);
  }

  /** Forgets the applications the user owns (their OAuth tokens go with them: the verifier finds no application). */
  eraseUser(userId: number): void {
    for (const [id, a] of [...this.applications]) if (a.ownerId === userId) this.applications.delete(id);
  }

  snapshot(): unknown {
    return new Map(this.applications);
  }

  restore(snapshot: unknown): void {
    this.applications = new Map(snapshot as Map<string, ClientApplication>);
  }
}

/** Personal tokens in memory, enlisted in an `InMemoryUnitOfWork`. */
export class InMemoryPersonalTokenRepository implements PersonalTokenRepository, InMemoryTransactional, ErasableStore {
  private tokens = new Map<string, PersonalToken>();

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async add(token: PersonalToken): Promise<void> {
    this.tokens.set(token.id, token);
  }

  async byDigest(digest: string): Promise<PersonalToken | null> {
    for (const t of this.tokens.values()) if (t.digest === digest) return t;
    return null;
  }

  async byId(id: string): Promise<PersonalToken | null> {
    return this.tokens.get(id) ?? null;
  }

  async ofUser(userId: number): Promise<PersonalToken[]> {
    return [...this.tokens.values()]
      .filter((t) => t.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const token = this.tokens.get(id);
    if (!token) return false;
    if (token.revokedAt === null) this.tokens.set(id, { ...token, revokedAt: at });
    return true;
  }

  eraseUser(userId: number): void {
    for (const [id, t] of [...this.tokens]) if (t.userId === userId) this.tokens.delete(id);
  }

  snapshot(): unknown {
    return new Map(this.tokens);
  }

  restore(snapshot: unknown): void {
    this.tokens = new Map(snapshot as Map<string, PersonalToken>);
  }
}

/** OAuth tokens in memory, enlisted in an `InMemoryUnitOfWork`. */
export class InMemoryOAuthTokenRepository implements OAuthTokenRepository, InMemoryTransactional, ErasableStore {
  private tokens = new Map<string, OAuthToken>();

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async add(token: OAuthToken): Promise<void> {
    this.tokens.set(token.token, token);
  }

  async byToken(token: string): Promise<OAuthToken | null> {
    return this.tokens.get(token) ?? null;
  }

  async authorize(token: string, userId: number, verifier: string, at: Date): Promise<boolean> {
    const t = this.tokens.get(token);
    if (!t || t.kind !== 'request' || t.authorizedAt !== null || t.usedAt !== null) return false;
    this.tokens.set(token, { ...t, userId, verifier, authorizedAt: at });
    return true;
  }

  async markUsed(token: string, at: Date): Promise<boolean> {
    const t = this.tokens.get(token);
    if (!t || t.kind !== 'request' || t.usedAt !== null) return false;
    this.tokens.set(token, { ...t, usedAt: at });
    return true;
  }

  async remove(token: string): Promise<void> {
    if (this.tokens.get(token)?.kind === 'request') this.tokens.delete(token);
  }

  async revokeAccess(userId: number, applicationId: string, at: Date): Promise<number> {
    let n = 0;
    for (const t of this.tokens.values()) {
      if (t.kind === 'access' && t.userId === userId && t.applicationId === applicationId && t.revokedAt === null) {
        this.tokens.set(t.token, { ...t, revokedAt: at });
        n++;
      }
    }
    return n;
  }

  async connectedApplications(userId: number): Promise<Array<{ applicationId: string; since: Date }>> {
    const since = new Map<string, Date>();
    for (const t of this.tokens.values()) {
      if (t.kind !== 'access' || t.userId !== userId || t.revokedAt !== null || t.authorizedAt === null) continue;
      const seen = since.get(t.applicationId);
      if (!seen || t.authorizedAt < seen) since.set(t.applicationId, t.authorizedAt);
    }
    return [...since]
      .map(([applicationId, at]) => ({ applicationId, since: at }))
      .sort((a, b) => a.since.getTime() - b.since.getTime() || (a.applicationId < b.applicationId ? -1 : 1));
  }

  eraseUser(userId: number): void {
    for (const [k, t] of [...this.tokens]) if (t.userId === userId) this.tokens.delete(k);
  }

  snapshot(): unknown {
    return new Map(this.tokens);
  }

  restore(snapshot: unknown): void {
    this.tokens = new Map(snapshot as Map<string, OAuthToken>);
  }
}

/**
 * OAuth nonces in this process's memory (one process only: embedding and tests). `seen` (each key's expiry, in
 * milliseconds) may be shared by several stores, as applications on one database share its table: a nonce claimed
 * through one is a replay through every other. Claims do not enlist in a unit of work: once seen, a nonce stays seen
 * even when the request that carried it fails.
 */
export class InMemoryNonceStore implements NonceStore {
  constructor(
    private readonly clock: Clock,
    private readonly seen = new Map<string, number>(),
  ) {}

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    for (const [k, until] of this.seen) if (until < now) this.seen.delete(k);
    if (this.seen.has(key)) return false;
    this.seen.set(key, now + ttlSeconds * 1000);
    return true;
  }
}

/** Web sessions in memory, enlisted in an `InMemoryUnitOfWork`. */
export class InMemoryWebSessionRepository implements WebSessionRepository, InMemoryTransactional, ErasableStore {
  private sessions = new Map<string, WebSession>();

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  /** Keeps the session; forgets those expired before it was made, as the SQL adapter deletes them now and then. */
  async add(session: WebSession): Promise<void> {
    for (const [digest, s] of this.sessions) if (s.expiresAt < session.createdAt) this.sessions.delete(digest);
    this.sessions.set(session.digest, session);
  }

  async live(digest: string, now: Date): Promise<WebSession | null> {
    const s = this.sessions.get(digest);
    return s && s.expiresAt > now ? s : null;
  }

  async remove(digest: string): Promise<void> {
    this.sessions.delete(digest);
  }

  async removeAllOf(userId: number, except?: string): Promise<number> {
    let ended = 0;
    for (const [digest, s] of this.sessions) {
      if (s.userId === userId && digest !== except) {
        this.sessions.delete(digest);
        ended++;
      }
    }
    return ended;
  }

  eraseUser(userId: number): void {
    for (const [k, s] of [...this.sessions]) if (s.userId === userId) this.sessions.delete(k);
  }

  snapshot(): unknown {
    return new Map(this.sessions);
  }

  restore(snapshot: unknown): void {
    this.sessions = new Map(snapshot as Map<string, WebSession>);
  }
}

/** One-time links in memory, enlisted in an `InMemoryUnitOfWork`; a use checks and marks in one step. */
export class InMemoryOneTimeLinkRepository implements OneTimeLinkRepository, InMemoryTransactional, ErasableStore {
  private resets = new Map<string, OneTimeLink>();

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  /** Keeps the link; forgets those expired before it was made. */
  async add(link: OneTimeLink): Promise<void> {
    for (const [digest, r] of this.resets) if (r.expiresAt < link.createdAt) this.resets.delete(digest);
    this.resets.set(link.digest, link);
  }

  async use(digest: string, purpose: OneTimeLinkPurpose, now: Date): Promise<OneTimeLink | null> {
    const link = this.resets.get(digest);
    if (!link || link.purpose !== purpose || link.usedAt !== null || link.expiresAt <= now) return null;
    this.resets.set(digest, { ...link, usedAt: now });
    return link;
  }

  async cancelAll(userId: number, purpose: OneTimeLinkPurpose, now: Date): Promise<number> {
    let cancelled = 0;
    for (const [k, r] of this.resets) {
      if (r.userId === userId && r.purpose === purpose && r.usedAt === null) {
        this.resets.set(k, { ...r, usedAt: now });
        cancelled++;
      }
    }
    return cancelled;
  }

  async newest(userId: number, purpose: OneTimeLinkPurpose, now: Date): Promise<OneTimeLink | null> {
    let found: OneTimeLink | null = null;
    for (const r of this.resets.values()) {
      if (r.userId !== userId || r.purpose !== purpose || r.usedAt !== null || r.expiresAt <= now) continue;
      if (!found || r.createdAt >= found.createdAt) found = r;
    }
    return found;
  }

  eraseUser(userId: number): void {
    for (const [k, r] of [...this.resets]) if (r.userId === userId) this.resets.delete(k);
  }

  snapshot(): unknown {
    return new Map(this.resets);
  }

  restore(snapshot: unknown): void {
    this.resets = new Map(snapshot as Map<string, OneTimeLink>);
  }
}
