import type { Caller } from '../../../application/shared/caller.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { WEBHOOKS } from '../../../composition/webhooks/webhooks-tokens.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import { appendEvents } from '../../support/webhook-fixtures.js';

/*
 * Every webhook endpoint as each kind of caller, on the shared matrix world: the owner's subscriptions (and their log)
 * are the owner's alone — anyone else's ids are 404, an application alone is refused (403), nobody must authenticate.
 */

const PRIVATE_URL = 'https://hooks.example.com/matrix-private';
const ids = { webhook: 0, scratch: 0, delivery: 0 };

const OWNER_ONLY = { anonymous: 401, application: 403, 'another user': 404, owner: 200 } as const;
const NONE = { anonymous: 401, application: 403, 'another user': 404, owner: 404 } as const;
const privateToOwner = [{ text: () => PRIVATE_URL, visibleTo: ['owner'] as const }];

const ROWS: readonly MatrixRow[] = [
  // Subscribing: any user makes their own (another user's is theirs); the secret is in this answer only.
  {
    method: 'POST',
    path: '/webhooks',
    body: { url: 'https://hooks.example.com/made-in-the-matrix', events: ['order.created'] },
    status: { anonymous: 401, application: 403, 'another user': 201, owner: 201 },
  },
  { method: 'POST', path: '/webhooks', body: { url: 'https://hooks.example.com/x', events: ['no.such'] }, status: { anonymous: 401, application: 403, 'another user': 422, owner: 422 } },
  { method: 'POST', path: '/webhooks', body: { url: 'https://127.0.0.1/x', events: ['order.created'] }, status: { anonymous: 401, application: 403, 'another user': 422, owner: 422 } },
  { method: 'GET', path: '/webhooks', status: { anonymous: 401, application: 403, 'another user': 200, owner: 200 }, privateTo: privateToOwner },
  // Queries and path ids are checked before the caller, as on every list and record of the API.
  { method: 'GET', path: '/webhooks?page=0', status: everyone(422) },
  { method: 'GET', path: () => `/webhooks/${ids.webhook}`, status: OWNER_ONLY, privateTo: privateToOwner },
  { method: 'GET', path: '/webhooks/987654', status: NONE },
  { method: 'GET', path: '/webhooks/not-a-number', status: everyone(404) },
  { method: 'POST', path: () => `/webhooks/${ids.webhook}/enable`, status: OWNER_ONLY, privateTo: privateToOwner },
  { method: 'POST', path: '/webhooks/987654/enable', status: NONE },
  { method: 'GET', path: () => `/webhooks/${ids.webhook}/deliveries`, status: OWNER_ONLY },
  { method: 'GET', path: '/webhooks/987654/deliveries', status: NONE },
  { method: 'POST', path: () => `/webhooks/${ids.webhook}/deliveries/${ids.delivery}/redeliver`, status: { ...OWNER_ONLY, owner: 202 } },
  { method: 'POST', path: () => `/webhooks/${ids.webhook}/deliveries/987654/redeliver`, status: NONE },
  { method: 'DELETE', path: () => `/webhooks/${ids.scratch}`, status: { ...OWNER_ONLY, owner: 204 } },
  { method: 'DELETE', path: () => `/webhooks/${ids.scratch}`, status: NONE },
  // The settings pages answer to a browser session, not to API credentials.
  { method: 'GET', path: '/settings/developers/webhooks', status: everyone(302) },
  { method: 'GET', path: () => `/settings/developers/webhooks/${ids.webhook}`, status: everyone(302), privateTo: privateToOwner },
  { method: 'POST', path: '/settings/developers/webhooks', body: { url: PRIVATE_URL }, status: everyone(403) },
];

describe('Authorization matrix: webhooks', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const p = world.parties;
    const owner: Caller = { kind: 'user', userId: String(p.owner.id), username: p.owner.name, via: 'token' };
    const c = world.container;
    ids.webhook = (await c.get(WEBHOOKS.Create).execute({ caller: owner, body: () => ({ url: PRIVATE_URL, eventTypes: ['order.created'] }) })).id;
    ids.scratch = (await c.get(WEBHOOKS.Create).execute({ caller: owner, body: () => ({ url: 'https://hooks.example.com/scratch', eventTypes: ['order.created'] }) })).id;
    // One logged attempt to redeliver: an event, claimed and recorded through the store as a worker would.
    const [event] = await appendEvents(c, p.owner.id, 'order.created');
    const store = c.get(WEBHOOKS.Store);
    const uow = c.get(PERSISTENCE.UnitOfWork);
    const now = new Date(Date.now() + 1000);
    const claim = await uow.run(() => store.claim('matrix', now, new Date(now.getTime() + 60_000)));
    await uow.run(() =>
      store.record(
        'matrix',
        claim!.version,
        { webhookId: claim!.webhook.id, eventId: event!.id, eventType: event!.type, attempt: 1, redeliveryId: null, started: now, durationMs: 5, outcome: 'succeeded', responseStatus: 200, responseExcerpt: 'ok', error: null },
        { cursor: event!.id, failures: 0, firstFailure: null, nextAttempt: now, status: 'active', failingReason: null },
      ),
    );
    ids.delivery = (await store.deliveries(claim!.webhook.id, 0, 1)).items[0]!.id;
    if (claim!.webhook.id !== ids.webhook) throw new Error('the matrix expects the first subscription to be claimed first');
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
