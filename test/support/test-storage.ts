import { InMemoryStorage } from '../../adapters/in-memory/in-memory-storage.js';
import type { Database } from '../../adapters/persistence/database.js';
import type { StorageKind } from '../../composition/config.js';
import type { StorageRuntime } from '../../composition/container.js';
import type { Runtime } from '../../composition/spindle-module.js';
import { openTestDatabase, type SharedFill } from './test-database.js';

/**
 * What a suite runs on: a test database (the `sql` family: PGlite in memory, or the server DATABASE_URL names) or an
 * in-memory storage (the `memory` family). Both close with `close()`.
 */
export type TestStorage = Database | InMemoryStorage;

/**
 * The family the suites that can run on either run on: `memory` when SPINDLE_TEST_STORAGE=memory (the third CI pass),
 * else `sql`. (Not `STORAGE`: the commands a suite starts read that one, and they keep their database.)
 */
export function testStorageKind(): StorageKind {
  return process.env.SPINDLE_TEST_STORAGE === 'memory' ? 'memory' : 'sql';
}

/** Opens a fresh storage of the family the suites run on (see `testStorageKind`), with `shared`'s rows. */
export async function openTestStorage(shared?: SharedFill): Promise<TestStorage> {
  if (testStorageKind() !== 'memory') return openTestDatabase(shared);
  const storage = new InMemoryStorage();
  await shared?.fill(storage);
  return storage;
}

/** Whether a test storage is the in-memory one. */
export function isMemory(storage: TestStorage): storage is InMemoryStorage {
  return storage instanceof InMemoryStorage;
}

/** The test database a suite's SQL checks need; refuses (as a bug in the suite) when it runs in memory. */
export function sqlOf(storage: TestStorage): Database {
  if (isMemory(storage)) throw new Error('This check reads the database: run it on the sql family only (see skipInMemory)');
  return storage;
}

/**
 * Skips the calling test (or, in a `before`, the suite) when the suites run in memory: for the checks of what only the
 * database keeps (its rows, triggers, plans). Call as `skipInMemory(this)` in a `function () {}` callback.
 */
export function skipInMemory(context: Mocha.Context): void {
  if (testStorageKind() === 'memory') context.skip();
}

/** The runtime of a container built on a test storage. */
export function runtimeOn(storage: TestStorage, base: Omit<Runtime, 'storage'>): StorageRuntime {
  return isMemory(storage) ? { ...base, storage: 'memory', memory: storage } : { ...base, storage: 'sql', db: storage };
}
