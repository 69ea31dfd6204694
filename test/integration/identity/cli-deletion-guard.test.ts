import { expect } from 'chai';
import { Command } from 'commander';
import type { Container } from 'inversify';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { ACCOUNT_DELETED } from '../../../application/identity/hold-account.js';
import { identityCommands } from '../../../composition/identity/identity-commands.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import type { CommandContext } from '../../../composition/spindle-module.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestStorage, skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';

/** Rounds of the race. */
const ROUNDS = 12;

/**
 * The deletion guard (ADR 0060) on the `spindle` commands that write for a user: `spindle token create` and `spindle
 * app add` racing `DeleteAccount`, run in this process on the test's container (the commands' own code, as the
 * program registers it), so that each round's credential is written before the deletion and erased with the rest, or
 * refused. A race needs a PostgreSQL server (`DATABASE_URL`): in memory and on PGlite units of work run one at a time.
 */
describe('The deletion guard on the CLI commands that write for a user (spindle token create, spindle app add)', function () {
  this.timeout(120_000);
  let db: TestStorage;
  let container: Container;

  before(async function () {
    skipInMemory(this);
    if (!process.env.DATABASE_URL) this.skip();
    db = await openTestStorage();
    container = testContainer(db);
    await emptyIdentity(db);
  });
  after(() => db?.close());

  /** What the commands printed in the current round: the token (one line), the application's key and secret (two). */
  let printed: string[] = [];

  /** Runs `spindle …args` in this process on the test's container: done, or why it was refused. */
  async function spindle(...args: string[]): Promise<{ refused?: string }> {
    const context: CommandContext = {
      io: { env: process.env, cwd: process.cwd(), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
      print: (line) => printed.push(line),
      config: () => {
        throw new Error('not needed');
      },
      withContainer: (work) => work(container),
      withDatabase: () => Promise.reject(new Error('not needed')),
    };
    const program = new Command('spindle').exitOverride();
    identityCommands.register(program, context);
    return program.parseAsync(args, { from: 'user' }).then(
      () => ({}),
      (err: Error) => ({ refused: err.message }),
    );
  }

  const count = async (sql: string, id: number): Promise<number> => {
    const [row] = await query<{ n: number }>(sqlOf(db).orm, sql, [id]);
    return Number(row!.n);
  };

  it(`${ROUNDS} rounds of a deletion racing both commands: each credential written before and erased, or refused`, async () => {
    const tally = { written: 0, guarded: 0, unknown: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const person: TestUser = await aUser(container, `cli-guard-${round}`);
      printed = [];
      // The deletion starts from 8 ms before the commands to 14 ms after them, spreading the interleavings over the
      // rounds (the name looked up before the deletion, during it, after it); what is checked holds in every order.
      const offset = round * 2 - 8;
      const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
      const commands = after(-offset).then(() =>
        Promise.all([spindle('token', 'create', person.name, '--label', `round ${round}`), spindle('app', 'add', `Round ${round}`, '--owner', person.name)]),
      );
      const deletion = after(offset).then(() => container.get(IDENTITY.DeleteAccount).execute({ userId: person.id, password: null, confirmed: true }));
      const [deleted, outcomes] = await Promise.all([deletion, commands]);
      expect(deleted).to.equal(person.name);
      const left: string[] = [];
      if ((await count('select count(*)::int as n from personal_token where user_id = ?', person.id)) > 0) left.push('personal_token');
      if ((await count('select count(*)::int as n from client_application where owner_id = ?', person.id)) > 0) left.push('client_application');
      expect(left, `round ${round}: left behind the tombstone`).to.deep.equal([]);
      const [token, application] = outcomes;
      expect(printed).to.have.length((token!.refused ? 0 : 1) + (application!.refused ? 0 : 2));
      for (const outcome of outcomes) {
        if (outcome.refused === undefined) tally.written++;
        else if (outcome.refused === ACCOUNT_DELETED) tally.guarded++;
        else {
          // The name looked up after the deletion: no one's any more.
          expect(outcome.refused).to.equal(`There is no user ${JSON.stringify(person.name)}.`);
          tally.unknown++;
        }
      }
    }
    expect(tally.written + tally.guarded + tally.unknown, JSON.stringify(tally)).to.equal(ROUNDS * 2);
    console.log(`      ${JSON.stringify(tally)}`);
  });
});
