import type { Container } from 'inversify';
import { isMemory, type TestStorage } from './test-storage.js';
import { IDENTITY } from '../../composition/identity/identity-tokens.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';

/** A user made for a test, with a personal token. */
export interface TestUser {
  readonly id: number;
  readonly name: string;
  readonly password: string;
  readonly token: string;
  readonly tokenId: string;
}

/** An application made for a test. */
export interface TestApplication {
  readonly id: string;
  readonly name: string;
  readonly key: string;
  readonly secret: string;
}

/** Empties the identity tables. */
export async function emptyIdentity(storage: TestStorage): Promise<void> {
  if (isMemory(storage)) return; // A new in-memory storage has no demo users to take away.
  const db = storage;
  await query(db.orm, 'delete from oauth_nonce');
  await query(db.orm, 'delete from web_session');
  await query(db.orm, 'delete from one_time_link');
  await query(db.orm, 'delete from oauth_token');
  await query(db.orm, 'delete from personal_token');
  await query(db.orm, 'delete from client_application');
  // Orders outlive a deleted user row only as a refusal (ADR 0060): with every user gone, their orders go first.
  await query(db.orm, 'delete from market_order');
  await query(db.orm, 'delete from app_user');
}

/** Creates a user with a personal token through the real use cases. */
export async function aUser(container: Container, name: string, label?: string): Promise<TestUser> {
  const password = `pw-${name}-secret`;
  const created = await container.get(IDENTITY.CreateUser).execute({ username: name, email: `${name}@example.test`, password });
  const { token, record } = await container.get(IDENTITY.CreatePersonalToken).execute({ user: name, label });
  return { id: created.id, name, password, token, tokenId: record.id };
}

/** Registers an application owned by `owner` through the real use case. */
export async function anApplication(container: Container, owner: string, name = 'Test App', callbackUrl?: string): Promise<TestApplication> {
  const app = await container.get(IDENTITY.RegisterApplication).execute({ name, owner, callbackUrl });
  return { id: app.id, name: app.name, key: app.consumerKey, secret: app.consumerSecret };
}

/**
 * Empties the identity tables, then stores a user row for each of `names` through the MikroORM user repository (no
 * password, no token: what a repository's contract needs of its users), returning their ids in the order named.
 */
export async function storedUsers<const Names extends readonly string[]>(db: Database, names: Names): Promise<{ -readonly [K in keyof Names]: number }> {
  await emptyIdentity(db);
  const uow = new MikroOrmUnitOfWork(db.orm);
  const users = new MikroOrmUserRepository(db.orm);
  const ids: number[] = [];
  for (const name of names) {
    const user = await uow.run(() =>
      users.add({ username: name, realName: '', email: `${name}@example.com`, passwordHash: 'x', registeredAt: new Date(Date.UTC(2026, 0, 1)), homePage: '', location: '', profile: '', currency: 'USD' }),
    );
    ids.push(user.id);
  }
  return ids as { -readonly [K in keyof Names]: number };
}
