import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import type { Caller } from '../../../application/shared/caller.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { WEBHOOKS } from '../../../composition/webhooks/webhooks-tokens.js';
import { apiAs } from '../../support/api-as.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';
import { appendEvents, drain, pythonSignature, testDispatcher, WEBHOOK_TEST_ENV } from '../../support/webhook-fixtures.js';
import { TestReceiver } from '../../support/webhook-receiver.js';

interface Body {
  id: number;
  type: string;
  occurred: string;
  user_id: number;
  resource: { type: string; id: string; body: Record<string, unknown> };
}

/*
 * Subscriptions made over HTTP and delivered by a dispatcher on the real store, outbox and sender to a real receiver
 * on loopback, attempt by attempt with a clock the test moves: order, retries after 500s and timeouts, giving up and
 * enabling again, redelivery, and what an application acting for a user sees.
 */
describe('Webhooks: subscriptions over HTTP, delivered to a receiver on loopback', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let owner: TestUser;
  let other: TestUser;
  let client: TestApplication;
  let receiver: TestReceiver;
  let as: ReturnType<typeof apiAs>;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, WEBHOOK_TEST_ENV);
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    owner = await aUser(container, 'hooked-seller');
    other = await aUser(container, 'hooked-other');
    client = await anApplication(container, 'hooked-seller', 'Hook App');
    as = apiAs(app, client);
    receiver = await TestReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await db.close();
  });

  const subscribe = async (path: string, events: string[], who: TestUser = owner) => {
    const res = await as(who).post('/webhooks', { url: `${receiver.url}${path}`, events });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body as { id: number; secret: string };
  };
  const bodies = (path: string) => receiver.on(path).map((r) => JSON.parse(r.body) as Body);

  it('delivers the owner’s events of its types, in id order, signed, and logs each attempt', async () => {
    const made = await subscribe('/in-order', ['order.created', 'order.message_added']);
    expect(made.secret).to.match(/^whsec_[A-Za-z0-9]{32}$/);
    const events = await appendEvents(container, owner.id, 'order.created', 'listing.created', 'order.message_added', 'order.created');
    await appendEvents(container, other.id, 'order.created');
    const { dispatcher } = testDispatcher(container);
    expect(await drain(dispatcher)).to.equal(3);

    const got = bodies('/in-order');
    expect(got.map((b) => [b.id, b.type])).to.deep.equal([
      [events[0]!.id, 'order.created'],
      [events[2]!.id, 'order.message_added'],
      [events[3]!.id, 'order.created'],
    ]);
    // The event as GET /events lists it (the body is the fixture's, where a use case records the resource's JSON).
    expect(got[0]!.user_id).to.equal(owner.id);
    expect(got[0]!.resource).to.deep.equal({ type: 'order', id: `${owner.id}-1`, body: { id: `${owner.id}-1`, note: 'event order.created' } });
    for (const r of receiver.on('/in-order')) {
      const ts = r.headers['spindle-timestamp'] as string;
      expect(r.headers['spindle-signature']).to.equal(`v1=${pythonSignature(made.secret, ts, r.body)}`);
      expect(r.headers['spindle-event-id']).to.equal(String((JSON.parse(r.body) as Body).id));
    }

    const log = await as(owner).get(`/webhooks/${made.id}/deliveries`);
    expect(log.status).to.equal(200);
    const rows = log.body.deliveries as Array<{ event_id: number; outcome: string; attempt: number; response_status: number; redelivery: boolean }>;
    expect(rows.map((d) => [d.event_id, d.outcome, d.attempt, d.response_status, d.redelivery])).to.deep.equal([
      [events[3]!.id, 'succeeded', 1, 200, false],
      [events[2]!.id, 'succeeded', 1, 200, false],
      [events[0]!.id, 'succeeded', 1, 200, false],
    ]);
    // The secret is shown once: never by the reads.
    const read = await as(owner).get(`/webhooks/${made.id}`);
    expect(JSON.stringify(read.body)).to.not.contain(made.secret);
    expect(read.body).to.include({ status: 'active', failures: 0, failing_reason: null });
  });

  it('retries after 500s and after timeouts with backoff, sending nothing newer before the event succeeds', async () => {
    const made = await subscribe('/flaky', ['listing.sold']);
    receiver.plan('/flaky', { status: 500, body: 'down for maintenance' }, { status: 200, delayMs: 2000 }, { status: 503 });
    const [first, second] = await appendEvents(container, owner.id, 'listing.sold', 'listing.sold');
    const { dispatcher, clock } = testDispatcher(container);

    const [attempt1, ...none] = await dispatcher.runOnce();
    expect(none, 'a failure ends the run').to.deep.equal([]);
    expect([attempt1!.eventId, attempt1!.outcome, attempt1!.responseStatus, attempt1!.responseExcerpt]).to.deep.equal([first!.id, 'failed', 500, 'down for maintenance']);
    expect(await dispatcher.runOnce(), 'not due before its backoff').to.deep.equal([]);
    const waiting = await as(owner).get(`/webhooks/${made.id}`);
    expect(waiting.body.failures).to.equal(1);
    expect(Date.parse(waiting.body.next_attempt as string)).to.be.above(clock.now().getTime() - 1000);

    clock.advance(500); // random 0.5 × 1 s
    const [attempt2] = await dispatcher.runOnce();
    expect([attempt2!.eventId, attempt2!.outcome, attempt2!.responseStatus, attempt2!.attempt]).to.deep.equal([first!.id, 'failed', null, 2]);
    expect(attempt2!.error).to.contain('within 500 ms');
    clock.advance(999);
    expect(await dispatcher.runOnce(), 'the wait doubled').to.deep.equal([]);
    clock.advance(1);
    expect((await dispatcher.runOnce()).map((a) => a.responseStatus)).to.deep.equal([503]);
    clock.advance(2000);
    expect(await drain(dispatcher)).to.equal(2);

    expect(bodies('/flaky').map((b) => b.id)).to.deep.equal([first!.id, first!.id, first!.id, first!.id, second!.id]);
    const log = await as(owner).get(`/webhooks/${made.id}/deliveries`);
    expect((log.body.deliveries as Array<{ attempt: number; outcome: string }>).map((d) => `${d.attempt}:${d.outcome}`)).to.deep.equal([
      '1:succeeded',
      '4:succeeded',
      '3:failed',
      '2:failed',
      '1:failed',
    ]);
  });

  it('is marked failing with the reason after the retry window, and enabling it starts again with that event', async () => {
    const made = await subscribe('/dead', ['wantlist.changed']);
    receiver.plan('/dead', ...Array.from({ length: 20 }, () => ({ status: 500 })));
    const [event] = await appendEvents(container, owner.id, 'wantlist.changed');
    const { dispatcher, clock } = testDispatcher(container, { retry: { baseMs: 1000, maxMs: 1000, windowMs: 5000 } });
    for (let i = 0; i < 7; i++) {
      await dispatcher.runOnce();
      clock.advance(1000);
    }
    const failing = await as(owner).get(`/webhooks/${made.id}`);
    expect(failing.body.status).to.equal('failing');
    expect(failing.body.failing_reason).to.equal('Delivery was stopped after 6 failed attempts; the last one: The receiver answered 500.');
    expect(await dispatcher.runOnce(), 'a failing subscription is not tried').to.deep.equal([]);
    expect((await as(owner).get('/webhooks')).body.webhooks.find((w: { id: number }) => w.id === made.id).status).to.equal('failing');

    receiver.clear('/dead'); // the receiver is fixed
    const enabled = await as(owner).post(`/webhooks/${made.id}/enable`);
    expect([enabled.status, enabled.body.status, enabled.body.failing_reason]).to.deep.equal([200, 'active', null]);
    clock.set(new Date(Date.now() + 1000));
    const [again] = await dispatcher.runOnce();
    expect([again!.eventId, again!.outcome, again!.attempt]).to.deep.equal([event!.id, 'succeeded', 1]);
  });

  it('sends a logged event again on request, with the same event id (receivers dedupe by it)', async () => {
    const made = await subscribe('/again', ['collection.changed']);
    const [event] = await appendEvents(container, owner.id, 'collection.changed');
    const { dispatcher } = testDispatcher(container);
    await drain(dispatcher);
    const [delivery] = (await as(owner).get(`/webhooks/${made.id}/deliveries`)).body.deliveries as Array<{ id: number }>;
    const asked = await as(owner).post(`/webhooks/${made.id}/deliveries/${delivery!.id}/redeliver`);
    expect([asked.status, asked.body.event_id]).to.deep.equal([202, event!.id]);
    expect(await drain(dispatcher)).to.equal(1);
    const ids = receiver.on('/again').map((r) => r.headers['spindle-event-id']);
    expect(ids).to.deep.equal([String(event!.id), String(event!.id)]);
    // A receiver that remembers the ids it has handled acts once.
    expect(new Set(ids).size).to.equal(1);
    const rows = (await as(owner).get(`/webhooks/${made.id}/deliveries`)).body.deliveries as Array<{ redelivery: boolean }>;
    expect(rows.map((d) => d.redelivery)).to.deep.equal([true, false]);
    expect((await as(other).post(`/webhooks/${made.id}/deliveries/${delivery!.id}/redeliver`)).status).to.equal(404);
    expect((await as(owner).post(`/webhooks/${made.id}/deliveries/987654/redeliver`)).status).to.equal(404);
  });

  it('refuses bad subscriptions at the edge with 422 and the reason', async () => {
    const post = (body: unknown) => as(owner).post('/webhooks', body);
    const cases: Array<[unknown, string]> = [
      [{ events: ['order.created'] }, 'url is required.'],
      [{ url: `${receiver.url}/x` }, 'events is required: at least one event type.'],
      [{ url: `${receiver.url}/x`, events: ['order.eaten'] }, 'events must be a list of event types'],
      [{ url: `${receiver.url}/x`, events: 'order.created' }, ''],
      [{ url: 'ftp://example.com/x', events: ['order.created'] }, 'url must be an https URL.'],
      [{ url: `https://example.com/${'x'.repeat(2000)}`, events: ['order.created'] }, 'url must be at most 2000 characters long.'],
      [[1, 2], 'The body must be a JSON object.'],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      if (message === '') expect(res.status, JSON.stringify(body)).to.equal(201);
      else expect([res.status, res.body.message], JSON.stringify(body)).to.satisfy(([s, m]: [number, string]) => s === 422 && m.includes(message));
    }
    const strict = testContainer(db, { ...WEBHOOK_TEST_ENV, WEBHOOK_ALLOW_PRIVATE: 'false' }).get(HTTP.HttpApp) as unknown as Koa;
    for (const url of [`${receiver.url}/x`, 'https://127.0.0.1/x', 'https://[::1]/x', 'https://192.168.0.10/x', 'https://localhost/x']) {
      const res = await apiAs(strict, client)(owner).post('/webhooks', { url, events: ['order.created'] });
      expect([res.status, res.body.message], url).to.deep.equal([422, url.startsWith('http:') ? 'url must be an https URL.' : 'url must not point at a private, loopback or other non-public address.']);
    }
  });

  it('lets a user have at most 20 subscriptions', async () => {
    const user = await aUser(container, 'hook-hoarder');
    for (let i = 0; i < 20; i++) await subscribe(`/many/${i}`, ['order.created'], user);
    const res = await as(user).post('/webhooks', { url: `${receiver.url}/one-more`, events: ['order.created'] });
    expect([res.status, res.body.message]).to.deep.equal([422, 'A user may have at most 20 webhooks; delete one first.']);
    const page = await as(user).get('/webhooks?per_page=5&page=2');
    expect([page.body.pagination.items, page.body.pagination.pages, page.body.webhooks.length]).to.deep.equal([20, 4, 5]);
  });

  it('shows an application acting for a user only the subscriptions it made; the user sees them all', async () => {
    const user = await aUser(container, 'hook-oauth');
    const byToken: Caller = { kind: 'user', userId: String(user.id), username: user.name, via: 'token' };
    const byApp: Caller = { kind: 'user', userId: String(user.id), username: user.name, via: 'oauth', applicationId: client.id };
    const create = container.get(WEBHOOKS.Create);
    const own = await create.execute({ caller: byToken, body: () => ({ url: `${receiver.url}/user-made`, eventTypes: ['order.created'] }) });
    const apps = await create.execute({ caller: byApp, body: () => ({ url: `${receiver.url}/app-made`, eventTypes: ['order.created'] }) });
    expect([own.applicationId, apps.applicationId]).to.deep.equal([null, client.id]);
    const page = { page: 1, perPage: 50 };
    expect((await container.get(WEBHOOKS.List).execute({ caller: byApp, page })).items.map((w) => w.id)).to.deep.equal([apps.id]);
    expect((await container.get(WEBHOOKS.List).execute({ caller: byToken, page })).items.map((w) => w.id)).to.deep.equal([own.id, apps.id]);
    let refused: unknown;
    await container.get(WEBHOOKS.Get).execute({ caller: byApp, webhookId: own.id }).catch((err: unknown) => (refused = err));
    expect((refused as Error).message).to.equal('Webhook not found.');
    await container.get(WEBHOOKS.Delete).execute({ caller: byApp, webhookId: apps.id });
    expect((await container.get(WEBHOOKS.List).execute({ caller: byToken, page })).total).to.equal(1);
  });

  it('exports the delivery figures as metrics: attempts by outcome, their duration, subscriptions failing', async () => {
    const metricsApp = testContainer(db, { ...WEBHOOK_TEST_ENV, METRICS_PUBLIC: 'true' }).get(HTTP.HttpApp) as unknown as Koa;
    const res = await request(metricsApp.callback()).get('/metrics');
    expect(res.status).to.equal(200);
    // The earlier tests' attempts (logged with the moved clocks' times, within the last five minutes) and one failing subscription at least.
    const value = (line: string) => Number(new RegExp(`^${line.replace(/[{}"]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(res.text)?.[1]);
    expect(value('spindle_webhook_deliveries_recent{outcome="succeeded"}')).to.be.greaterThan(0);
    expect(value('spindle_webhook_deliveries_recent{outcome="failed"}')).to.be.greaterThan(0);
    expect(value('spindle_webhook_delivery_seconds_recent{stat="max"}')).to.be.greaterThan(0);
    expect(res.text).to.match(/^spindle_webhooks_failing \d+$/m);
  });
});
