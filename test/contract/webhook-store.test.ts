import { expect } from 'chai';
import { InMemoryEventOutbox } from '../../adapters/in-memory/in-memory-event-outbox.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { InMemoryWebhookStore } from '../../adapters/in-memory/in-memory-webhook-store.js';
import type { Database } from '../../adapters/persistence/database.js';
import { SqlEventOutbox } from '../../adapters/persistence/events/sql-event-outbox.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { SqlWebhookStore } from '../../adapters/persistence/webhooks/sql-webhook-store.js';
import type { EventOutbox } from '../../application/ports/event-outbox.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { ClaimedWebhook, DeliveryAttempt, WebhookProgress, WebhookStore } from '../../application/ports/webhook-store.js';
import { newEvent, type RecordedEvent } from '../../domain/events/event.js';
import type { Webhook } from '../../domain/webhooks/webhook.js';
import { storedUsers } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly store: WebhookStore;
  readonly outbox: EventOutbox;
  readonly uow: UnitOfWork;
  /** A user who exists (the subscriptions' and events' owner). */
  readonly user: number;
}

const T0 = new Date(Date.UTC(2026, 11, 7, 12, 0, 0));
const at = (ms: number) => new Date(T0.getTime() + ms);
const LEASE = 30_000;

/*
 * The delivery workers' side of the WebhookStore port (claim, record, release), on every adapter: one holder at a
 * time, progress only at the claimed version, and a record that keeps the lease for the holder's next event only
 * while nothing else should come first (an owner's change, a redelivery request).
 */
function contract(name: string, open: () => Promise<Subject>): void {
  describe(`WebhookStore contract (delivery): ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    let webhook: Webhook;
    let events: readonly RecordedEvent[];
    beforeEach(async () => {
      s = await open();
      webhook = await s.uow.run(() => s.store.add({ userId: s.user, applicationId: null, url: 'https://receiver.example/hook', eventTypes: ['order.created'], secret: 'whsec_x', created: T0 }, 0));
      events = await s.uow.run(() =>
        s.outbox.append([1, 2, 3].map((n) => newEvent('order.created', s.user, T0, { id: `${n}`, body: { id: `${n}` } }))),
      );
    });

    const claim = (worker: string, now: number) => s.uow.run(() => s.store.claim(worker, at(now), at(now + LEASE)));
    const succeeded = (event: RecordedEvent, redeliveryId: number | null = null): DeliveryAttempt => ({
      webhookId: webhook.id,
      eventId: event.id,
      eventType: event.type,
      attempt: 1,
      redeliveryId,
      started: T0,
      durationMs: 3,
      outcome: 'succeeded',
      responseStatus: 200,
      responseExcerpt: 'ok',
      error: null,
    });
    const movedPast = (event: RecordedEvent, now: number): WebhookProgress => ({ cursor: event.id, failures: 0, firstFailure: null, nextAttempt: at(now), status: 'active', failingReason: null });
    const record = (worker: string, c: ClaimedWebhook, attempt: DeliveryAttempt, progress: WebhookProgress, keepUntil?: Date) =>
      s.uow.run(() => s.store.record(worker, c.version, attempt, progress, keepUntil));
    const logged = async () => (await s.store.deliveries(webhook.id, 0, 10)).items.map((d) => [d.eventId, d.redelivery]);

    it('leases a subscription with work to one worker; a record without keepUntil ends the lease', async () => {
      const c = (await claim('w1', 0))!;
      expect(c.webhook.id).to.equal(webhook.id);
      expect(c.redelivery).to.equal(null);
      expect(await claim('w2', 1), 'held').to.equal(null);
      expect(await record('w1', c, succeeded(events[0]!), movedPast(events[0]!, 1))).to.equal('recorded');
      expect((await s.store.byId(webhook.id))!.cursor).to.equal(events[0]!.id);
      const next = await claim('w2', 2);
      expect(next?.webhook.cursor, 'free again, from the new cursor').to.equal(events[0]!.id);
    });

    it('keeps the lease for its holder when asked (kept): the progress written, nobody else claims until then', async () => {
      const c = (await claim('w1', 0))!;
      expect(await record('w1', c, succeeded(events[0]!), movedPast(events[0]!, 10), at(10 + LEASE))).to.equal('kept');
      expect((await s.store.byId(webhook.id))!.cursor).to.equal(events[0]!.id);
      expect(await claim('w2', LEASE + 5), 'past the claimed lease but within the kept one').to.equal(null);
      expect(await record('w1', c, succeeded(events[1]!), movedPast(events[1]!, 20), at(20 + LEASE))).to.equal('kept');
      expect(await record('w1', c, succeeded(events[2]!), movedPast(events[2]!, 30))).to.equal('recorded');
      expect((await s.store.byId(webhook.id))!.cursor).to.equal(events[2]!.id);
      expect(await logged()).to.deep.equal(events.map((e) => [e.id, false]).reverse());
      expect(await claim('w2', 40), 'no work left').to.equal(null);
    });

    it('lets a kept lease run out: another worker takes the subscription and the first one’s record is lost', async () => {
      const c = (await claim('w1', 0))!;
      expect(await record('w1', c, succeeded(events[0]!), movedPast(events[0]!, 10), at(10 + LEASE))).to.equal('kept');
      const taken = await claim('w2', 11 + LEASE);
      expect(taken?.webhook.cursor).to.equal(events[0]!.id);
      expect(await record('w1', c, succeeded(events[1]!), movedPast(events[1]!, 12 + LEASE), at(12 + 2 * LEASE))).to.equal('lost');
      expect((await s.store.byId(webhook.id))!.cursor, 'nothing written by the one that lost it').to.equal(events[0]!.id);
      expect(await logged()).to.deep.equal([[events[0]!.id, false]]);
    });

    it('ends the lease instead of keeping it when the owner changed the subscription (overtaken, the change stands)', async () => {
      const c = (await claim('w1', 0))!;
      await s.uow.run(() => s.store.moveTo(webhook.id, 'https://receiver.example/moved', 0));
      expect(await record('w1', c, succeeded(events[0]!), movedPast(events[0]!, 10), at(10 + LEASE))).to.equal('overtaken');
      const after = (await s.store.byId(webhook.id))!;
      expect([after.url, after.cursor]).to.deep.equal(['https://receiver.example/moved', 0]);
      expect(await logged(), 'the attempt is logged all the same').to.deep.equal([[events[0]!.id, false]]);
      const again = await claim('w2', 11);
      expect(again?.webhook.cursor, 'free at once, from the owner’s cursor').to.equal(0);
    });

    it('ends the lease instead of keeping it while a redelivery request waits, which the next claim takes first', async () => {
      const c = (await claim('w1', 0))!;
      await s.uow.run(() => s.store.requestRedelivery(webhook.id, events[0]!.id, at(5)));
      expect(await record('w1', c, succeeded(events[0]!), movedPast(events[0]!, 10), at(10 + LEASE))).to.equal('recorded');
      expect((await s.store.byId(webhook.id))!.cursor, 'the progress is written').to.equal(events[0]!.id);
      const next = (await claim('w2', 11))!;
      expect(next.redelivery?.eventId).to.equal(events[0]!.id);
      // The answered request does not count as waiting: the holder may keep the lease after it.
      expect(await record('w2', next, succeeded(events[0]!, next.redelivery!.id), movedPast(events[0]!, 12), at(12 + LEASE))).to.equal('kept');
      expect(await logged()).to.deep.equal([
        [events[0]!.id, true],
        [events[0]!.id, false],
      ]);
      expect(await s.uow.run(() => s.store.release(webhook.id, 'w2'))).to.equal(true);
      expect((await claim('w3', 13))?.redelivery, 'the request was answered').to.equal(null);
    });

    it('writes nothing for a worker that does not hold the subscription, keepUntil or not', async () => {
      const c = (await claim('w1', 0))!;
      expect(await record('w2', c, succeeded(events[0]!), movedPast(events[0]!, 10), at(10 + LEASE))).to.equal('lost');
      expect(await record('w2', c, succeeded(events[0]!), movedPast(events[0]!, 10))).to.equal('lost');
      expect((await s.store.byId(webhook.id))!.cursor).to.equal(0);
      expect(await logged()).to.deep.equal([]);
      expect(await claim('w2', 11), 'still held by w1').to.equal(null);
    });
  });
}

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const outbox = new InMemoryEventOutbox(uow);
  return { uow, outbox, store: new InMemoryWebhookStore(uow, outbox), user: 1 };
});

describe('with the SQL adapter', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  contract(`SQL on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the user removes their subscriptions (with their log) and events.
    const [user] = await storedUsers(db, ['hooked']);
    return { uow: new MikroOrmUnitOfWork(db.orm), outbox: new SqlEventOutbox(db.orm), store: new SqlWebhookStore(db.orm), user };
  });
});
