import type { ClientApplication, PersonalToken, User } from '../../domain/identity/accounts.js';
import { emailKey } from '../../domain/identity/email.js';
import {
  NameTaken,
  type ApplicationRepository,
  type PersonalTokenRepository,
  type UserRepository,
} from '../../domain/identity/identity-repositories.js';
import { loginKey } from '../../domain/identity/login-name.js';
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
      if (loginKey(u.username) === loginKey(user.username)) throw new NameTaken('login name');
      if (emailKey(u.email) === emailKey(user.email)) throw new NameTaken('email');
    }
    const stored = { ...user, id: ++this.lastId };
    this.users.set(stored.id, stored);
    return stored;
  }

  async byId(id: number): Promise<User | null> {
    return this.users.get(id) ?? null;
  }

  async byLoginName(name: string): Promise<User | null> {
    const key = loginKey(name);
    for (const u of this.users.values()) if (loginKey(u.username) === key) return u;
    return null;
  }

  async byEmail(email: string): Promise<User | null> {
    const key = emailKey(email);
    for (const u of this.users.values()) if (emailKey(u.email) === key) return u;
    return null;
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
export class InMemoryApplicationRepository implements ApplicationRepository, InMemoryTransactional {
  private applications = new Map<string, ClientApplication>();

  constructor(uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async add(application: ClientApplication): Promise<void> {
    this.applications.set(application.id, application);
  }

  async byConsumerKey(key: string): Promise<ClientApplication | null> {
    for (const a of this.applications.values()) if (a.consumerKey === key) return a;
    return null;
  }

  async byId(id: string): Promise<ClientApplication | null> {
    return this.applications.get(id) ?? null;
  }

  async ownedBy(userId: number): Promise<ClientApplication[]> {
    return [...this.applications.values()].filter((a) => a.ownerId === userId);
  }

  snapshot(): unknown {
    return new Map(this.applications);
  }

  restore(snapshot: unknown): void {
    this.applications = new Map(snapshot as Map<string, ClientApplication>);
  }
}

/** Personal tokens in memory, enlisted in an `InMemoryUnitOfWork`. */
export class InMemoryPersonalTokenRepository implements PersonalTokenRepository, InMemoryTransactional {
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
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const token = this.tokens.get(id);
    if (!token) return false;
    if (token.revokedAt === null) this.tokens.set(id, { ...token, revokedAt: at });
    return true;
  }

  snapshot(): unknown {
    return new Map(this.tokens);
  }

  restore(snapshot: unknown): void {
    this.tokens = new Map(snapshot as Map<string, PersonalToken>);
  }
}
