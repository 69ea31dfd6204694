import type { Container } from 'inversify';
import type Koa from 'koa';
import { HTTP } from '../../composition/http/http-tokens.js';
import { seedCatalogue, type CatalogueSeed } from './catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from './identity-fixtures.js';
import { loadTestRates, makeSeller } from './listing-fixtures.js';
import { testContainer } from './test-app.js';
import { openTestStorage, type TestStorage } from './test-storage.js';

/** What `aMarketApp` made: the storage, the container and its app, the users as named, the first's application. */
export interface MarketApp<Users extends readonly TestUser[]> {
  readonly db: TestStorage;
  readonly container: Container;
  readonly app: Koa;
  readonly users: Users;
  readonly client: TestApplication;
}

/** What `anOpenApp` made: the storage, the container and its app. */
export interface OpenApp {
  readonly db: TestStorage;
  readonly container: Container;
  readonly app: Koa;
}

/** Rate limits high enough that no test's requests meet them. */
const OPEN_RATE_LIMITS = { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000', RATE_LIMIT_PAGES: '100000' };

/**
 * The HTTP tests' plain starting point: the app on a fresh test storage with every rate limit out of the way (`env`
 * on top, e.g. a `MailFolder`'s `MAIL_DIR`), and no users.
 */
export async function anOpenApp(env: Record<string, string> = {}): Promise<OpenApp> {
  const db = await openTestStorage();
  const container = testContainer(db, { ...OPEN_RATE_LIMITS, ...env });
  const app = container.get(HTTP.HttpApp) as unknown as Koa;
  await emptyIdentity(db);
  return { db, container, app };
}

/**
 * The marketplace's HTTP tests' starting point: the app on a fresh test storage with every rate limit out of the way
 * (`env` on top), the `users` named (the first a seller in USD with `terms`), an application of the first's called
 * `application`, the catalogue `seed`, and the test currency rates.
 */
export async function aMarketApp<const Names extends readonly string[]>(options: {
  readonly users: Names;
  readonly application: string;
  readonly seed: CatalogueSeed;
  readonly terms?: { payment: string; shipping: string };
  readonly env?: Record<string, string>;
}): Promise<MarketApp<{ -readonly [K in keyof Names]: TestUser }>> {
  const { db, container, app } = await anOpenApp(options.env);
  const users: TestUser[] = [];
  for (const name of options.users) users.push(await aUser(container, name));
  const client = await anApplication(container, options.users[0]!, options.application);
  await seedCatalogue(db, options.seed);
  await makeSeller(container, users[0]!.id, 'USD', options.terms);
  await loadTestRates(container);
  return { db, container, app, users: users as { -readonly [K in keyof Names]: TestUser }, client };
}
