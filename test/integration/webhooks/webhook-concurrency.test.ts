import { expect } from 'chai';
import type { Container } from 'inversify';
import { SystemClock } from '../../../adapters/system/system-clock.js';
import { WEBHOOKS } from '../../../composition/webhooks/webhooks-tokens.js';
import type { Caller } from '../../../application/shared/caller.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';
import { appendEvents, testDispatcher, WEBHOOK_TEST_ENV } from '../../support/webhook-fixtures.js';
import { TestReceiver } from '../../support/webhook-receiver.js';

const SUBSCRIPTIONS = 3;
const EVENTS = 24;
const WORKERS = 4;

/*
 * Several workers (each its own claim loop, as separate processes' dispatchers are) delivering at once on one database:
 * no subscription is ever delivered to by two of them at a time, each receives its events once, in id order. On
 * PostgreSQL (DATABASE_URL) the workers' claims really run side by side (`for update skip locked`); on the embedded
 * database they take turns on its one session.
 */
describe('Webhook delivery by several workers at once', function () {
  this.timeout(180_000);
  let db: TestStorage;
  let container: Container;
  let receiver: TestReceiver;

  before(async () => {
    db = await openTestStorage();
    // The receiver runs in this process, which the embedded database's queries block while they run: on a loaded
    // machine (CI's two test workers) a 500 ms timeout made nearly every attempt fail, and the run never finished. This
    // suite is about who delivers and in what order; the timeouts have suites of their own.
    container = testContainer(db, { ...WEBHOOK_TEST_ENV, WEBHOOK_TIMEOUT_MS: '30000', WEBHOOK_CONNECT_TIMEOUT_MS: '30000' });
    await emptyIdentity(db);
    receiver = await TestReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await db.close();
  });

  it('never delivers one subscription’s events concurrently, twice or out of order', async () => {
    const user = await aUser(container, 'busy-seller');
    const caller: Caller = { kind: 'user', userId: String(user.id), username: user.name, via: 'token' };
    const ids: number[] = [];
    for (let s = 0; s < SUBSCRIPTIONS; s++) {
      ids[s] = (await container.get(WEBHOOKS.Create).execute({ caller, body: () => ({ url: `${receiver.url}/sub/${s}`, eventTypes: ['order.created', 'order.status_changed'] }) })).id;
      for (let i = 0; i < 40; i++) receiver.plan(`/sub/${s}`, { status: i % 7 === 3 ? 500 : 200, delayMs: (i * 13) % 20 });
    }
    const appended: number[] = [];
    for (let i = 0; i < EVENTS / 2; i++) appended.push(...(await appendEvents(container, user.id, 'order.created', 'order.status_changed')).map((e) => e.id));

    // Retries come at once (no backoff) so that a failure is followed by its retry, from any worker, while others run;
    // runs of at most 5 events, so that each subscription's events go over several claims, taken by any worker.
    const clock = new SystemClock();
    const workers = Array.from({ length: WORKERS }, (_, n) =>
      testDispatcher(container, { workerId: `w${n}`, clock, retry: { baseMs: 1, maxMs: 1, windowMs: 3_600_000 }, runEvents: 5 }),
    );
    // A generous bound for a loaded machine: the assertions below say what was missing if it runs out.
    const deadline = Date.now() + 150_000;
    const delivered = () => receiver.received.filter((r) => r.headers['spindle-event-id']).length;
    const allDelivered = async () => {
      for (const webhookId of ids) {
        const w = await container.get(WEBHOOKS.Get).execute({ caller, webhookId });
        if (w.cursor !== appended.at(-1)) return false;
      }
      return true;
    };
    await Promise.all(
      workers.map(async ({ dispatcher }) => {
        while (Date.now() < deadline) {
          const run = await dispatcher.runOnce();
          if (run.length === 0) {
            if (await allDelivered()) break;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        }
      }),
    );
    expect(delivered()).to.be.greaterThan(0);
    if (!(await allDelivered())) {
      const outcomes = new Map<string, number>();
      for (const webhookId of ids) {
        const log = await container.get(WEBHOOKS.Deliveries).execute({ caller, webhookId, page: { page: 1, perPage: 100 } });
        for (const d of log.items) {
          const key = d.error ? `${d.outcome}: ${d.error}` : d.outcome;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        }
      }
      expect.fail(`not every subscription was delivered everything within the bound (${delivered()} requests made; the last attempts: ${JSON.stringify(Object.fromEntries(outcomes))})`);
    }
    for (let s = 0; s < SUBSCRIPTIONS; s++) {
      const got = receiver.on(`/sub/${s}`);
      expect(Math.max(...got.map((r) => r.inFlight)), `subscription ${s}: one request at a time`).to.equal(1);
      // Each event is sent until it succeeds (the planned 500s are retried), never one after a later one.
      const sent = got.map((r) => Number(r.headers['spindle-event-id']));
      const firstSeen = sent.filter((id, i) => sent.indexOf(id) === i);
      expect(firstSeen, `subscription ${s}: every event, in id order`).to.deep.equal(appended);
      for (let i = 1; i < sent.length; i++) expect(sent[i]!, `subscription ${s}: never back to an earlier event`).to.be.at.least(sent[i - 1]!);
      const log = await container.get(WEBHOOKS.Deliveries).execute({ caller, webhookId: ids[s]!, page: { page: 1, perPage: 100 } });
      expect(log.items.filter((d) => d.outcome === 'succeeded').map((d) => d.eventId).reverse(), `subscription ${s}: each succeeded once`).to.deep.equal(appended);
    }
    for (const { logger } of workers) expect(logger.messages('error')).to.deep.equal([]);
  });

  /*
   * An owner's enable while a worker holds the subscription for a redelivery (the receiver holding the request, so the
   * two really overlap): the worker's record, computed from the subscription as it claimed it (failing), must not put
   * it back to failing. Without the version check in `record`, the subscription ends failing again.
   */
  it('leaves an enable made during a redelivery standing when the worker records its attempt', async () => {
    const user = await aUser(container, 'enabling-seller');
    const caller: Caller = { kind: 'user', userId: String(user.id), username: user.name, via: 'token' };
    const path = '/enable-race';
    const webhookId = (await container.get(WEBHOOKS.Create).execute({ caller, body: () => ({ url: `${receiver.url}${path}`, eventTypes: ['order.created'] }) })).id;
    await appendEvents(container, user.id, 'order.created');
    // A failure at once past the retry window: the subscription is marked failing.
    const { dispatcher } = testDispatcher(container, { workerId: 'racer', clock: new SystemClock(), retry: { baseMs: 1, maxMs: 1, windowMs: 0 } });
    receiver.plan(path, { status: 500 });
    expect((await dispatcher.runOnce()).map((a) => a.outcome)).to.deep.equal(['failed']);
    expect((await container.get(WEBHOOKS.Get).execute({ caller, webhookId })).status).to.equal('failing');
    const [failed] = (await container.get(WEBHOOKS.Deliveries).execute({ caller, webhookId, page: { page: 1, perPage: 1 } })).items;
    await container.get(WEBHOOKS.Redeliver).execute({ caller, webhookId, deliveryId: failed!.id });

    receiver.plan(path, 'hold');
    const attempt = dispatcher.runOnce();
    await receiver.holding();
    const enabled = await container.get(WEBHOOKS.Enable).execute({ caller, webhookId });
    expect(enabled.status).to.equal('active');
    receiver.release();
    const [redelivered, ...none] = await attempt;
    expect(redelivered?.redeliveryId, 'the held attempt was the redelivery').to.not.equal(null);
    expect(none, 'a redelivery is a run of its own').to.deep.equal([]);

    const after = await container.get(WEBHOOKS.Get).execute({ caller, webhookId });
    expect(after.status, 'the enable stands').to.equal('active');
    expect(after.failingReason).to.equal(null);
    const log = await container.get(WEBHOOKS.Deliveries).execute({ caller, webhookId, page: { page: 1, perPage: 10 } });
    expect(log.items.map((d) => [d.redelivery, d.outcome]), 'the redelivery is logged all the same').to.deep.equal([
      [true, 'succeeded'],
      [false, 'failed'],
    ]);
    // Enabled, the subscription delivers the event it had stopped at.
    expect((await dispatcher.runOnce()).map((a) => a.outcome)).to.deep.equal(['succeeded']);
    expect((await container.get(WEBHOOKS.Get).execute({ caller, webhookId })).cursor).to.be.greaterThan(0);
  });
});
