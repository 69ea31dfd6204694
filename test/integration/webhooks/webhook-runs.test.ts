import { expect } from 'chai';
import type { Container } from 'inversify';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock.js';
import type { WebhookSender } from '../../../application/ports/webhook-sender.js';
import type { Caller } from '../../../application/shared/caller.js';
import type { WebhookDispatcher } from '../../../application/webhooks/webhook-dispatcher.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { WEBHOOKS } from '../../../composition/webhooks/webhooks-tokens.js';
import type { RecordedEvent } from '../../../domain/events/event.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';
import { appendEvents, drain, testDispatcher, WEBHOOK_TEST_ENV } from '../../support/webhook-fixtures.js';
import { TestReceiver } from '../../support/webhook-receiver.js';

/*
 * A claim delivers a run of its subscription's events (ADR 0058, "Later"): in order, each after the one before
 * succeeded, and the run ends at a failure, at an owner's change or redelivery request made meanwhile, at its bounds
 * (events and time), and when the dispatcher stops; what it did not send, the next claim sends.
 */
describe('Webhook delivery in runs: several events of a subscription per claim', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let receiver: TestReceiver;
  let owner: TestUser;
  let caller: Caller;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, WEBHOOK_TEST_ENV);
    await emptyIdentity(db);
    receiver = await TestReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await db.close();
  });

  /** A new user's subscription to `path` with `n` events of its type appended (a user each, so runs stay apart). */
  const subscribed = async (path: string, n: number): Promise<{ webhookId: number; events: readonly RecordedEvent[] }> => {
    owner = await aUser(container, `run-seller${path.replaceAll('/', '-')}`);
    caller = { kind: 'user', userId: String(owner.id), username: owner.name, via: 'token' };
    const webhookId = (await container.get(WEBHOOKS.Create).execute({ caller, body: () => ({ url: `${receiver.url}${path}`, eventTypes: ['order.created'] }) })).id;
    const events = await appendEvents(container, owner.id, ...Array.from({ length: n }, () => 'order.created' as const));
    return { webhookId, events };
  };
  const sent = (path: string) => receiver.on(path).map((r) => Number(r.headers['spindle-event-id']));
  const cursorOf = async (webhookId: number) => (await container.get(WEBHOOKS.Get).execute({ caller, webhookId })).cursor;
  const ids = (events: readonly { id: number }[]) => events.map((e) => e.id);
  /** A run whose second request the receiver holds while `meanwhile` runs (the first one succeeded and was recorded). */
  const whileSecondHeld = async (path: string, dispatcher: WebhookDispatcher, meanwhile: () => Promise<unknown>) => {
    receiver.plan(path, { status: 200 }, 'hold');
    const run = dispatcher.runOnce();
    await receiver.holding();
    await meanwhile();
    receiver.release();
    return run;
  };

  it('sends the backlog in runs of at most runEvents, in order, one claim each, logging every attempt', async () => {
    const { webhookId, events } = await subscribed('/runs', 5);
    const { dispatcher } = testDispatcher(container, { runEvents: 3 });
    const first = await dispatcher.runOnce();
    expect(first.map((a) => [a.eventId, a.outcome, a.attempt])).to.deep.equal(events.slice(0, 3).map((e) => [e.id, 'succeeded', 1]));
    expect(await cursorOf(webhookId), 'the progress of every event of the run').to.equal(events[2]!.id);
    const second = await dispatcher.runOnce();
    expect(second.map((a) => a.eventId)).to.deep.equal(ids(events.slice(3)));
    expect(await dispatcher.runOnce()).to.deep.equal([]);
    expect(sent('/runs')).to.deep.equal(ids(events));
    const log = await container.get(WEBHOOKS.Deliveries).execute({ caller, webhookId, page: { page: 1, perPage: 10 } });
    expect(log.items.map((d) => d.eventId).reverse()).to.deep.equal(ids(events));
  });

  it('ends a run at a failure: nothing newer is sent, the subscription backs off, and resumes with the failed event', async () => {
    const { webhookId, events } = await subscribed('/run-fails', 4);
    receiver.plan('/run-fails', { status: 200 }, { status: 500 });
    const { dispatcher, clock } = testDispatcher(container);
    expect((await dispatcher.runOnce()).map((a) => [a.eventId, a.outcome])).to.deep.equal([
      [events[0]!.id, 'succeeded'],
      [events[1]!.id, 'failed'],
    ]);
    expect(await cursorOf(webhookId)).to.equal(events[0]!.id);
    expect(await dispatcher.runOnce(), 'backing off').to.deep.equal([]);
    clock.advance(500); // random 0.5 × 1 s
    expect((await dispatcher.runOnce()).map((a) => [a.eventId, a.attempt])).to.deep.equal([
      [events[1]!.id, 2],
      [events[2]!.id, 1],
      [events[3]!.id, 1],
    ]);
    expect(sent('/run-fails')).to.deep.equal([events[0]!.id, events[1]!.id, events[1]!.id, events[2]!.id, events[3]!.id]);
  });

  it('ends a run when the owner changes the subscription meanwhile: the change stands and the next claim starts from it', async () => {
    const { webhookId, events } = await subscribed('/run-moved', 4);
    const { dispatcher } = testDispatcher(container);
    // The owner points the subscription back at its first event (as the demo's receiver does when it moves).
    const run = await whileSecondHeld('/run-moved', dispatcher, () =>
      container.get(PERSISTENCE.UnitOfWork).run(() => container.get(WEBHOOKS.Store).moveTo(webhookId, `${receiver.url}/run-moved`, events[0]!.id)),
    );
    expect(run.map((a) => a.eventId), 'the held event was the last of the run').to.deep.equal(ids(events.slice(0, 2)));
    expect(await cursorOf(webhookId), 'the owner’s cursor, not the run’s').to.equal(events[0]!.id);
    expect(await drain(dispatcher)).to.equal(3);
    expect(sent('/run-moved'), 'the event delivered meanwhile is sent again (at least once), in order').to.deep.equal([
      events[0]!.id,
      events[1]!.id,
      events[1]!.id,
      events[2]!.id,
      events[3]!.id,
    ]);
  });

  it('ends a run when a redelivery is requested meanwhile, which goes next, before the rest of the backlog', async () => {
    const { webhookId, events } = await subscribed('/run-redeliver', 4);
    const { dispatcher } = testDispatcher(container);
    const run = await whileSecondHeld('/run-redeliver', dispatcher, async () => {
      const [firstLogged] = (await container.get(WEBHOOKS.Deliveries).execute({ caller, webhookId, page: { page: 1, perPage: 1 } })).items;
      await container.get(WEBHOOKS.Redeliver).execute({ caller, webhookId, deliveryId: firstLogged!.id });
    });
    expect(run.map((a) => a.eventId)).to.deep.equal(ids(events.slice(0, 2)));
    const redelivered = await dispatcher.runOnce();
    expect(redelivered.map((a) => [a.eventId, a.redeliveryId !== null])).to.deep.equal([[events[0]!.id, true]]);
    expect((await dispatcher.runOnce()).map((a) => a.eventId)).to.deep.equal(ids(events.slice(2)));
    expect(sent('/run-redeliver')).to.deep.equal([events[0]!.id, events[1]!.id, events[0]!.id, events[2]!.id, events[3]!.id]);
  });

  it('starts no event after runMs since the claim: the subscription goes back to the claims', async () => {
    const { events } = await subscribed('/run-slow', 4);
    const clock = new FixedClock(new Date(Date.now() + 1000));
    // Each request takes 600 ms of the dispatcher's clock: the second one ends past the run's second.
    const real = container.get(WEBHOOKS.Sender);
    const slow: WebhookSender = { send: async (request) => (await real.send(request).finally(() => clock.advance(600))) };
    const { dispatcher } = testDispatcher(container, { clock, sender: slow, runMs: 1000 });
    expect((await dispatcher.runOnce()).map((a) => a.eventId)).to.deep.equal(ids(events.slice(0, 2)));
    expect((await dispatcher.runOnce()).map((a) => a.eventId)).to.deep.equal(ids(events.slice(2)));
  });

  it('finishes only the event in hand when stopped, and gives the subscription back at once', async () => {
    const { webhookId, events } = await subscribed('/run-stopped', 4);
    receiver.plan('/run-stopped', { status: 200 }, 'hold');
    const { dispatcher } = testDispatcher(container, { workerId: 'stopping' });
    dispatcher.start();
    await receiver.holding();
    const stopped = dispatcher.stop();
    receiver.release();
    await stopped;
    expect(sent('/run-stopped')).to.deep.equal(ids(events.slice(0, 2)));
    expect(await cursorOf(webhookId)).to.equal(events[1]!.id);
    const { dispatcher: next } = testDispatcher(container, { workerId: 'next' });
    expect((await next.runOnce()).map((a) => a.eventId), 'no lease left to run out').to.deep.equal(ids(events.slice(2)));
  });
});
