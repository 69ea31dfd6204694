import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import type { Caller } from '../../../application/shared/caller.js';
import { WEBHOOKS } from '../../../composition/webhooks/webhooks-tokens.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';
import { appendEvents, WEBHOOK_TEST_ENV } from '../../support/webhook-fixtures.js';
import { TestReceiver } from '../../support/webhook-receiver.js';

/** `spindle worker` (the build's CLI) on the suite's database, delivering webhooks to loopback; its output kept. */
function startWorker(): { child: ChildProcess; output: () => string; exited: Promise<NodeJS.Signals | number | null> } {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist/composition/cli.js'), 'worker'], {
    env: { ...process.env, ...WEBHOOK_TEST_ENV, WEBHOOK_TIMEOUT_MS: '1000', JOB_LEASE_SECONDS: '1', JOB_POLL_MS: '50', LOG_LEVEL: 'warn', REDIS_URL: '' },
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return { child, output: () => out, exited };
}

/*
 * A worker process killed (SIGKILL) while a receiver holds its delivery, then another worker: the event is delivered
 * again once the first one's lease has run out (3 × WEBHOOK_TIMEOUT_MS here), and the subscription moves past it once.
 * A PostgreSQL server only: the embedded database admits one process.
 */
describe('A webhook delivery whose worker was killed', function () {
  this.timeout(120_000);
  let db: Database;
  let container: Container;
  let receiver: TestReceiver;
  const workers: ChildProcess[] = [];

  before(async function () {
    if (!process.env.DATABASE_URL) {
      console.log('      (the embedded database admits one process: the killed worker needs a PostgreSQL server, DATABASE_URL)');
      return this.skip();
    }
    db = await openTestDatabase();
    container = testContainer(db, WEBHOOK_TEST_ENV);
    await emptyIdentity(db);
    receiver = await TestReceiver.start();
  });
  after(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    await receiver?.close();
    await db?.close();
  });

  it('loses no event: the next worker sends it again and the log shows it delivered once', async () => {
    const user = await aUser(container, 'killed-seller');
    const caller: Caller = { kind: 'user', userId: String(user.id), username: user.name, via: 'token' };
    const webhook = await container.get(WEBHOOKS.Create).execute({ caller, body: () => ({ url: `${receiver.url}/held`, eventTypes: ['order.refunded'] }) });
    receiver.plan('/held', 'hold');
    const [event, next] = await appendEvents(container, user.id, 'order.refunded', 'order.refunded');

    const first = startWorker();
    workers.push(first.child);
    await Promise.race([receiver.holding(), first.exited.then((how) => Promise.reject(new Error(`the worker ended (${String(how)}):\n${first.output()}`)))]);
    first.child.kill('SIGKILL');
    expect(await first.exited).to.equal('SIGKILL');
    const held = (await container.get(WEBHOOKS.Get).execute({ caller, webhookId: webhook.id }));
    expect(held.cursor, 'nothing recorded by the killed worker').to.equal(webhook.cursor);

    const second = startWorker();
    workers.push(second.child);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await container.get(WEBHOOKS.Get).execute({ caller, webhookId: webhook.id })).cursor !== next!.id) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    second.child.kill('SIGTERM');
    await second.exited;

    const sent = receiver.on('/held').map((r) => Number(r.headers['spindle-event-id']));
    expect(sent, 'the held event again, then the next').to.deep.equal([event!.id, event!.id, next!.id]);
    const log = await container.get(WEBHOOKS.Deliveries).execute({ caller, webhookId: webhook.id, page: { page: 1, perPage: 10 } });
    expect(log.items.map((d) => [d.eventId, d.outcome]).reverse()).to.deep.equal([
      [event!.id, 'succeeded'],
      [next!.id, 'succeeded'],
    ]);
    expect(first.output() + second.output()).to.not.match(/"level":(50|60)/);
  });
});
