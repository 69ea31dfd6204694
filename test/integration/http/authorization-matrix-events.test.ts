import { expect } from 'chai';
import { listingInput } from '../../../adapters/http/marketplace/listing-bodies.js';
import type { Caller } from '../../../application/shared/caller.js';
import { LISTINGS } from '../../../composition/marketplace/listing-tokens.js';
import { authorizationMatrix, type MatrixRow, type MatrixWorld, openMatrix } from '../../support/authorization-matrix.js';
import type { TestUser } from '../../support/identity-fixtures.js';
import { aSeller } from '../../support/order-fixtures.js';

/*
 * The events endpoint as each kind of caller: a user's own events only. The owner lists a copy of release 10 (with a
 * private location) through the use case, which records `listing.created` for them; another user has no events.
 */
const USER_ONLY = (status: number) => ({ anonymous: 401, application: 403, 'another user': status, owner: status });
const LOCATION = 'Matrix shelf 7';

interface EventsBody {
  readonly events: readonly { readonly type: string; readonly user_id: number }[];
}

const ROWS: readonly MatrixRow[] = [
  {
    method: 'GET',
    path: '/events',
    status: USER_ONLY(200),
    privateTo: [{ text: () => LOCATION, visibleTo: ['owner'] }],
    check: (who, body, p) => {
      const { events } = body as EventsBody;
      if (who === 'owner') expect(events.map((e) => [e.type, e.user_id])).to.deep.equal([['listing.created', p.owner.id]]);
      if (who === 'another user') expect(events).to.deep.equal([]);
    },
  },
  { method: 'GET', path: '/events?after=5&type=listing.created&per_page=10', status: USER_ONLY(200) },
  { method: 'GET', path: '/events?after=abc', status: { anonymous: 422, application: 422, 'another user': 422, owner: 422 } },
  { method: 'GET', path: '/events?type=order.lost', status: { anonymous: 422, application: 422, 'another user': 422, owner: 422 } },
];

const callerOf = (u: TestUser): Caller => ({ kind: 'user', userId: String(u.id), username: u.name, via: 'token' });

describe('Authorization matrix: events', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const { container, parties } = world;
    await aSeller(container, parties.owner.id);
    await container
      .get(LISTINGS.CreateListing)
      .execute({ caller: callerOf(parties.owner), body: () => listingInput({}, { release_id: 10, condition: 'Mint (M)', price: '5', location: LOCATION }) });
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
