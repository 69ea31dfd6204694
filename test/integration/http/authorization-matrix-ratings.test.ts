import { expect } from 'chai';
import type { Caller } from '../../../application/shared/caller.js';
import { RATINGS } from '../../../composition/ratings/ratings-tokens.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixParties, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import type { TestUser } from '../../support/identity-fixtures.js';

/*
 * Every rating endpoint as each kind of caller, on the shared matrix world. The owner rated release 10 with 4 and the
 * other user rated it with 2 (through the use cases, before the rows run); ratings are public to read, and only the
 * user changes their own. The rows that change the owner's rating put it back as it was, so every caller's row sees
 * the same state.
 */

const OWNER_ONLY = { anonymous: 401, application: 403, 'another user': 403, owner: 200 } as const;
const OWNER_ONLY_NO_CONTENT = { ...OWNER_ONLY, owner: 204 } as const;

const owner = (p: MatrixParties): string => p.owner.name;
const other = (p: MatrixParties): string => p.other.name;

const ROWS: readonly MatrixRow[] = [
  {
    method: 'GET',
    path: (p) => `/releases/10/rating/${owner(p)}`,
    status: everyone(200),
    check: (_who, body, p) => expect(body).to.deep.equal({ name: p.owner.name, username: p.owner.name, release_id: 10, rating: 4 }),
  },
  { method: 'GET', path: (p) => `/releases/11/rating/${owner(p)}`, status: everyone(200), check: (_who, body) => expect(body).to.include({ rating: 0 }) },
  { method: 'GET', path: '/releases/10/rating/nobody-at-all', status: everyone(404) },
  { method: 'GET', path: (p) => `/releases/999/rating/${owner(p)}`, status: everyone(404) },
  {
    method: 'PUT',
    path: (p) => `/releases/10/rating/${owner(p)}`,
    body: { rating: 4 },
    status: OWNER_ONLY,
    check: (who, body) => {
      if (who === 'owner') expect(body).to.include({ release_id: 10, rating: 4 });
    },
  },
  { method: 'PUT', path: (p) => `/releases/10/rating/${owner(p)}?rating=4`, status: OWNER_ONLY },
  { method: 'PUT', path: (p) => `/releases/10/rating/${owner(p)}`, body: { rating: 0 }, status: { ...OWNER_ONLY, owner: 422 } },
  { method: 'PUT', path: (p) => `/releases/999/rating/${owner(p)}`, body: { rating: 4 }, status: everyone(404) },
  // The other user's rating: only they may change it (they are "another user" here).
  { method: 'PUT', path: (p) => `/releases/10/rating/${other(p)}`, body: { rating: 2 }, status: { anonymous: 401, application: 403, 'another user': 200, owner: 403 } },
  // Release 11 is unrated by the owner: deleting is allowed to the owner alone, and leaves it unrated.
  { method: 'DELETE', path: (p) => `/releases/11/rating/${owner(p)}`, status: OWNER_ONLY_NO_CONTENT },
  { method: 'DELETE', path: (p) => `/releases/10/rating/${other(p)}`, status: { anonymous: 401, application: 403, 'another user': 204, owner: 403 } },
  {
    method: 'GET',
    path: '/releases/10/rating',
    status: everyone(200),
    check: (_who, body) => expect((body as { release_id: number }).release_id).to.equal(10),
  },
  { method: 'GET', path: '/releases/999/rating', status: everyone(404) },
];

const callerOf = (u: TestUser): Caller => ({ kind: 'user', userId: String(u.id), username: u.name, via: 'token' });

describe('Authorization matrix: ratings', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const rate = world.container.get(RATINGS.RateRelease);
    const { owner: o, other: x } = world.parties;
    await rate.execute({ releaseId: 10, name: o.name, caller: callerOf(o), body: () => ({ rating: 4 }) });
    await rate.execute({ releaseId: 10, name: x.name, caller: callerOf(x), body: () => ({ rating: 2 }) });
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
