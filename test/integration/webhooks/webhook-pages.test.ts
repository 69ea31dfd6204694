import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import type { Caller } from '../../../application/shared/caller.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { WEBHOOKS } from '../../../composition/webhooks/webhooks-tokens.js';
import { Browser, signedIn as signedInAs } from '../../support/browser.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { WEB_URL, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';
import { appendEvents, drain, testDispatcher, WEBHOOK_TEST_ENV } from '../../support/webhook-fixtures.js';
import { TestReceiver } from '../../support/webhook-receiver.js';

const PATH = '/settings/developers/webhooks';

describe('Web pages: webhooks in the developer settings (/settings/developers/webhooks)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let alice: TestUser;
  let bob: TestUser;
  let receiver: TestReceiver;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, WEBHOOK_TEST_ENV);
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    alice = await aUser(container, 'hook-page-alice');
    bob = await aUser(container, 'hook-page-bob');
    receiver = await TestReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await db.close();
  });

  const signedIn = (user: TestUser): Promise<Browser> => signedInAs(app, user.name, user.password);
  const callerOf = (user: TestUser): Caller => ({ kind: 'user', userId: String(user.id), username: user.name, via: 'token' });

  it('sends a browser without a session to sign in', async () => {
    for (const path of [PATH, `${PATH}/1`]) {
      const res = await request(app.callback()).get(path);
      expect([res.status, res.headers.location]).to.deep.equal([302, `${WEB_URL}/signin?next=${encodeURIComponent(path)}`]);
    }
  });

  it('adds a webhook showing its secret once, with each refusal beside its field and the values kept', async () => {
    const browser = await signedIn(alice);
    const empty = await browser.get(PATH);
    expect(empty.status).to.equal(200);
    expect(empty.text).to.include('No webhooks yet.');
    expect((await browser.post(PATH, { url: `${receiver.url}/page`, events: 'order.created' }, { csrf: null })).status).to.equal(403);

    const noEvents = await browser.post(PATH, { url: `${receiver.url}/kept` });
    expect(noEvents.status).to.equal(422);
    expect(noEvents.text).to.include('id="webhook-events-error"').and.include('events is required: at least one event type.');
    expect(noEvents.text).to.include(`value="${receiver.url}/kept"`);
    const badUrl = await browser.post(PATH, { url: 'ftp://example.com/x', events: 'order.created' });
    expect(badUrl.status).to.equal(422);
    expect(badUrl.text).to.include('aria-invalid="true" aria-describedby="webhook-url-error"').and.include('url must be an https URL.');
    expect(badUrl.text).to.include('value="order.created" checked');

    const made = await browser.post(PATH, { url: `${receiver.url}/page`, events: 'order.created,listing.sold' });
    expect(made.status).to.equal(201);
    const secret = /id="created-secret" class="secret" readonly value="(whsec_[A-Za-z0-9]{32})"/.exec(made.text)?.[1];
    expect(secret, 'the secret shown').to.be.a('string');
    const [stored] = (await container.get(WEBHOOKS.List).execute({ caller: callerOf(alice), page: { page: 1, perPage: 10 } })).items;
    expect([stored!.secret, stored!.eventTypes]).to.deep.equal([secret, ['order.created', 'listing.sold']]);
    const again = await browser.get(PATH);
    expect(again.text).to.not.include(secret!);
    expect(again.text).to.include(`${receiver.url}/page`);
  });

  it('shows a webhook’s recent deliveries and why it fails, sends one again, turns it back on and deletes it', async () => {
    const browser = await signedIn(alice);
    const [webhook] = (await container.get(WEBHOOKS.List).execute({ caller: callerOf(alice), page: { page: 1, perPage: 10 } })).items;
    receiver.plan('/page', { status: 500, body: 'nope' }, { status: 500 }, { status: 500 });
    await appendEvents(container, alice.id, 'order.created');
    const { dispatcher, clock } = testDispatcher(container, { retry: { baseMs: 10, maxMs: 10, windowMs: 20 } });
    for (let i = 0; i < 3; i++) {
      await dispatcher.runOnce();
      clock.advance(10);
    }
    const failing = await browser.get(`${PATH}/${webhook!.id}`);
    expect(failing.status).to.equal(200);
    expect(failing.text).to.include('failing: Delivery was stopped after 3 failed attempts; the last one: The receiver answered 500.');
    expect(failing.text).to.include('failed in').and.include('500: The receiver answered 500.');
    // Someone else's webhook is no page of theirs.
    expect((await (await signedIn(bob)).get(`${PATH}/${webhook!.id}`)).status).to.equal(404);

    const enabled = await browser.post(`${PATH}/${webhook!.id}/enable`, {});
    expect([enabled.status, enabled.headers.location]).to.deep.equal([303, `${WEB_URL}${PATH}/${webhook!.id}?done=enabled`]);
    clock.set(new Date(Date.now() + 1000));
    expect(await drain(dispatcher)).to.equal(1);
    const page = await browser.get(`${PATH}/${webhook!.id}?done=enabled`);
    expect(page.text).to.include('The webhook is on again').and.include('succeeded in');
    const deliveryId = /deliveries\/(\d+)\/redeliver/.exec(page.text)![1];
    const asked = await browser.post(`${PATH}/${webhook!.id}/deliveries/${deliveryId}/redeliver`, {});
    expect([asked.status, asked.headers.location]).to.deep.equal([303, `${WEB_URL}${PATH}/${webhook!.id}?done=redeliver`]);
    expect(await drain(dispatcher)).to.equal(1);
    expect((await browser.get(`${PATH}/${webhook!.id}`)).text).to.include('(again)');

    const unconfirmed = await browser.post(`${PATH}/${webhook!.id}/delete`, {});
    expect(unconfirmed.status).to.equal(422);
    const deleted = await browser.post(`${PATH}/${webhook!.id}/delete`, { confirm: 'yes' });
    expect([deleted.status, deleted.headers.location]).to.deep.equal([303, `${WEB_URL}${PATH}?done=deleted`]);
    expect((await browser.get(`${PATH}?done=deleted`)).text).to.include('The webhook was deleted.').and.include('No webhooks yet.');
  });
});
