import { withState } from '../../support/listing-state.js';
import { expect } from 'chai';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { INVENTORY } from '../../../composition/inventory/inventory-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import type { UploadedFile } from '../../../application/inventory/request-inventory-upload.js';
import type { Caller } from '../../../application/shared/caller.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixFile, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';

/*
 * Every inventory export and upload endpoint as each kind of caller. The owner has a finished export (`done`) and one
 * pending (`pending`, asked after it); another user has none until its own request, made by the POST row. Exports are
 * their owner's alone: another user's id is 404, like an unknown one. The owner's private listing text (its location)
 * reaches nobody but the owner, through the CSV.
 *
 * Uploads likewise: the owner (a seller) has a finished upload (`uploadDone`) and one pending (`uploadPending`), so
 * each of the owner's POSTs is 409; another user (no seller) gets 403 for an add, and 422 for a change or delete of
 * the owner's listing (named "not one of your listings", as an unknown id would be). The owner's uploads' file names
 * and results text reach nobody but the owner.
 */

const USER_ONLY = (user: number, owner = user) => ({ anonymous: 401, application: 403, 'another user': user, owner });
const LOCATION = 'Matrix shelf 7';

const ids = { done: 0, pending: 0, listing: 0, uploadDone: 0, uploadPending: 0 };
const PRIVATE: NonNullable<MatrixRow['privateTo']> = [{ text: () => LOCATION, visibleTo: ['owner'] }];

const DONE_FILENAME = 'matrix-owner-stock-2026.csv';
const PENDING_FILENAME = 'matrix-owner-pending-changes.csv';
const DONE_RESULTS = 'CSV file contains 2 records.<p>Processed 2 records.';
const UPLOAD_PRIVATE: NonNullable<MatrixRow['privateTo']> = [
  { text: () => DONE_FILENAME, visibleTo: ['owner'] },
  { text: () => PENDING_FILENAME, visibleTo: ['owner'] },
  { text: () => DONE_RESULTS, visibleTo: ['owner'] },
  { text: () => LOCATION, visibleTo: [] },
];
const csv = (content: () => string): MatrixFile => ({ field: 'file', filename: 'matrix.csv', contentType: 'text/csv', content });
/** Another user's refusal names the listing as not theirs, and nothing else of it. */
const NOT_YOURS = (who: string, body: unknown) => {
  if (who === 'another user') expect((body as { message: string }).message).to.equal(
    `The file was not applied: 1 problem found.\nRow 2, column listing_id, value "${ids.listing}": Listing ${ids.listing} is not one of your listings.`,
  );
};

/** An upload file over text in memory. */
const fileOf = (text: string, filename: string): UploadedFile => ({
  filename,
  mediaType: 'text/csv',
  async *bytes() {
    yield Buffer.from(text, 'utf8');
  },
});

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

  // Uploads. The owner has one pending: 409 whatever the type.
  {
    method: 'POST',
    path: '/inventory/upload/change',
    file: csv(() => `listing_id,price,comments\n${ids.listing},13.00,taken over\n`),
    status: USER_ONLY(422, 409),
    privateTo: UPLOAD_PRIVATE,
    check: NOT_YOURS,
  },
  {
    method: 'POST',
    path: '/inventory/upload/delete',
    file: csv(() => `listing_id\n${ids.listing}\n`),
    status: USER_ONLY(422, 409),
    privateTo: UPLOAD_PRIVATE,
    check: NOT_YOURS,
  },
  // Another user is no seller.
  {
    method: 'POST',
    path: '/inventory/upload/add',
    file: csv(() => 'release_id,price,media_condition\n10,5.00,Mint (M)\n'),
    status: USER_ONLY(403, 409),
    privateTo: UPLOAD_PRIVATE,
  },
  {
    method: 'GET',
    path: '/inventory/upload',
    status: USER_ONLY(200),
    privateTo: UPLOAD_PRIVATE,
    check: (who, body) => {
      const items = (body as { items: { id: number; filename: string }[] }).items;
      if (who === 'owner') expect(items.map((u) => [u.id, u.filename])).to.deep.equal([[ids.uploadPending, PENDING_FILENAME], [ids.uploadDone, DONE_FILENAME]]);
      if (who === 'another user') expect(items).to.deep.equal([]);
    },
  },
  {
    method: 'GET',
    path: () => `/inventory/upload/${ids.uploadDone}`,
    status: USER_ONLY(404, 200),
    privateTo: UPLOAD_PRIVATE,
    check: (who, body) => {
      if (who === 'owner') expect(body).to.deep.include({ id: ids.uploadDone, status: 'success', type: 'change', filename: DONE_FILENAME, results: DONE_RESULTS });
    },
  },
  {
    method: 'GET',
    path: () => `/inventory/upload/${ids.uploadPending}`,
    status: USER_ONLY(404, 200),
    privateTo: UPLOAD_PRIVATE,
    check: (who, body) => {
      if (who === 'owner') expect(body).to.deep.include({ id: ids.uploadPending, status: 'pending', filename: PENDING_FILENAME, results: '' });
    },
  },
  // An export is no upload, and an upload no export, even to their owner.
  { method: 'GET', path: () => `/inventory/upload/${ids.done}`, status: USER_ONLY(404), privateTo: UPLOAD_PRIVATE },
  { method: 'GET', path: () => `/inventory/export/${ids.uploadDone}`, status: USER_ONLY(404), privateTo: UPLOAD_PRIVATE },
  { method: 'GET', path: () => `/inventory/export/${ids.uploadDone}/download`, status: USER_ONLY(404), privateTo: UPLOAD_PRIVATE },
  { method: 'GET', path: '/inventory/upload/999999', status: USER_ONLY(404) },
  { method: 'GET', path: '/inventory/upload/abc', status: everyone(404) },
  // Only these methods.
  { method: 'DELETE', path: () => `/inventory/upload/${ids.uploadDone}`, status: everyone(405) },
  { method: 'PUT', path: '/inventory/upload/add', status: everyone(405) },
  { method: 'POST', path: '/inventory/upload', status: everyone(405) },
  // The export and upload pages answer to a browser session, not to API credentials: every caller here is a visitor,
  // sent to sign in (302) before any job is read, asked for or any file read, and sees none of them.
  { method: 'GET', path: '/sell/exports', status: everyone(302), privateTo: UPLOAD_PRIVATE },
  { method: 'POST', path: '/sell/exports', status: everyone(302) },
  { method: 'GET', path: () => `/sell/exports/${ids.done}`, status: everyone(302), privateTo: PRIVATE },
  { method: 'GET', path: () => `/sell/exports/${ids.done}/download`, status: everyone(302), privateTo: [{ text: () => LOCATION, visibleTo: [] }] },
  { method: 'GET', path: '/sell/uploads', status: everyone(302), privateTo: UPLOAD_PRIVATE },
  { method: 'POST', path: '/sell/uploads', file: csv(() => 'release_id,price,media_condition\n10,5,Mint (M)\n'), status: everyone(302), privateTo: UPLOAD_PRIVATE },
  { method: 'GET', path: () => `/sell/uploads/${ids.uploadDone}`, status: everyone(302), privateTo: UPLOAD_PRIVATE },
];

describe('Authorization matrix: inventory export', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const { container, parties } = world;
    await aSeller(container, parties.owner.id);
    const listing = await aListing(container, parties.owner.id, 10, '12.00');
    await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.ListingRepository).save(withState(listing, { location: LOCATION })));
    const owner: Caller = { kind: 'user', userId: String(parties.owner.id), username: parties.owner.name, via: 'token' };
    ids.listing = listing.id;
    const second = await aListing(container, parties.owner.id, 11, '8.00');
    ids.done = (await container.get(INVENTORY.RequestExport).execute({ caller: owner })).id;
    await container.get(JOBS.Worker).runOnce();
    const upload = (text: string, filename: string) =>
      container.get(INVENTORY.RequestUpload).execute({ caller: owner, type: 'change', file: fileOf(text, filename) });
    ids.uploadDone = (await upload(`listing_id,price\n${listing.id},12.50\n${second.id},8.50\n`, DONE_FILENAME)).id;
    expect((await container.get(JOBS.Worker).runOnce())?.id).to.equal(ids.uploadDone);
    ids.pending = (await container.get(INVENTORY.RequestExport).execute({ caller: owner })).id;
    ids.uploadPending = (await upload(`listing_id,comments\n${second.id},later\n`, PENDING_FILENAME)).id;
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
