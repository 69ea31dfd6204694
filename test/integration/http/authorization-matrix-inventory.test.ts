import { expect } from 'chai';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { INVENTORY } from '../../../composition/inventory/inventory-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import type { Caller } from '../../../application/shared/caller.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';

/*
 * Every inventory export endpoint as each kind of caller. The owner has a finished export (`done`) and one pending
 * (`pending`, asked after it); another user has none until its own request, made by the POST row. Exports are their
 * owner's alone: another user's id is 404, like an unknown one. The owner's private listing text (its location) reaches
 * nobody but the owner, through the CSV.
 */

const USER_ONLY = (user: number, owner = user) => ({ anonymous: 401, application: 403, 'another user': user, owner });
const LOCATION = 'Matrix shelf 7';

const ids = { done: 0, pending: 0 };
const PRIVATE: NonNullable<MatrixRow['privateTo']> = [{ text: () => LOCATION, visibleTo: ['owner'] }];

const ROWS: readonly MatrixRow[] = [
  // The owner has an export pending: 409; another user's first request is taken.
  { method: 'POST', path: '/inventory/export', status: USER_ONLY(200, 409) },
  {
    method: 'GET',
    path: '/inventory/export',
    status: USER_ONLY(200),
    check: (who, body) => {
      if (who !== 'owner' && who !== 'another user') return;
      const items = (body as { items: { id: number }[] }).items.map((e) => e.id);
      if (who === 'owner') expect(items).to.deep.equal([ids.pending, ids.done]);
      if (who === 'another user') expect(items).to.not.include.members([ids.pending, ids.done]);
    },
  },
  {
    method: 'GET',
    path: () => `/inventory/export/${ids.done}`,
    status: USER_ONLY(404, 200),
    check: (who, body) => {
      if (who === 'owner') expect(body).to.deep.include({ id: ids.done, status: 'success' });
    },
  },
  { method: 'GET', path: () => `/inventory/export/${ids.pending}`, status: USER_ONLY(404, 200) },
  { method: 'GET', path: '/inventory/export/999999', status: USER_ONLY(404) },
  { method: 'GET', path: '/inventory/export/abc', status: everyone(404) },
  { method: 'GET', path: () => `/inventory/export/${ids.done}/download`, status: USER_ONLY(404, 200), privateTo: PRIVATE },
  { method: 'GET', path: () => `/inventory/export/${ids.done}/`, status: USER_ONLY(404, 200), privateTo: PRIVATE },
  // Not finished yet: no file for anyone.
  { method: 'GET', path: () => `/inventory/export/${ids.pending}/download`, status: USER_ONLY(404) },
  { method: 'GET', path: '/inventory/export/999999/download', status: USER_ONLY(404) },
  // Only these methods.
  { method: 'DELETE', path: () => `/inventory/export/${ids.done}`, status: everyone(405) },
  { method: 'PUT', path: '/inventory/export', status: everyone(405) },
];

describe('Authorization matrix: inventory export', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const { container, parties } = world;
    await aSeller(container, parties.owner.id);
    const listing = await aListing(container, parties.owner.id, 10, '12.00');
    await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.ListingRepository).save({ ...listing, location: LOCATION }));
    const owner: Caller = { kind: 'user', userId: String(parties.owner.id), username: parties.owner.name, via: 'token' };
    ids.done = (await container.get(INVENTORY.RequestExport).execute({ caller: owner })).id;
    await container.get(JOBS.Worker).runOnce();
    ids.pending = (await container.get(INVENTORY.RequestExport).execute({ caller: owner })).id;
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
