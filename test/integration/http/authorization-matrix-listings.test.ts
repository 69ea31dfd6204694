import { listingInput } from '../../../adapters/http/marketplace/listing-bodies.js';
import { expect } from 'chai';
import type { Caller } from '../../../application/shared/caller.js';
import { LISTINGS } from '../../../composition/marketplace/listing-tokens.js';
import { authorizationMatrix, everyone, openMatrix, type CallerKind, type MatrixParties, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import type { TestUser } from '../../support/identity-fixtures.js';
import { makeSeller } from '../../support/listing-fixtures.js';

/*
 * Every listing and inventory endpoint as each kind of caller, on the shared matrix world. The owner is a seller with
 * a For Sale listing (its external id and location private to the owner), a Draft and a listing to delete; the other
 * user is no seller. Rows that change a listing send what it already holds, so every caller's row sees the same state.
 */

const EXTERNAL_ID = 'matrix-external-id';
const LOCATION = 'matrix-shelf';
const OWNER_WRITES = { anonymous: 401, application: 403, 'another user': 403, owner: 204 } as const;
const UNKNOWN_WRITE = { anonymous: 401, application: 403, 'another user': 404, owner: 404 } as const;
/** A listing the other user may not see (a Draft) is refused to them as an unknown one is: its existence is not told (ADR 0050). */
const UNSEEN_WRITE = { ...OWNER_WRITES, 'another user': 404 } as const;
const OWNER_READS = { anonymous: 404, application: 404, 'another user': 404, owner: 200 } as const;
const PRIVATE = [
  { text: () => EXTERNAL_ID, visibleTo: ['owner'] as CallerKind[] },
  { text: () => LOCATION, visibleTo: ['owner'] as CallerKind[] },
];

/** On the pages, which know no API credentials, the owner's private fields are no one's. */
const PAGE_PRIVATE = PRIVATE.map((p) => ({ ...p, visibleTo: [] as CallerKind[] }));

const ids = { forSale: 0, draft: 0, doomed: 0, doomedDraft: 0 };
const owner = (p: MatrixParties): string => p.owner.name;

type Entry = { status: string; in_cart?: boolean; external_id?: string };
const statusesOf = (body: unknown) => (body as { listings: Entry[] }).listings.map((l) => l.status);

const ROWS: readonly MatrixRow[] = [
  {
    method: 'GET',
    path: () => `/marketplace/listings/${ids.forSale}`,
    status: everyone(200),
    privateTo: PRIVATE,
    check: (who, body) => {
      const b = body as Entry;
      expect(b.status).to.equal('For Sale');
      expect('in_cart' in b, who).to.equal(who === 'owner' || who === 'another user');
      expect('external_id' in b, who).to.equal(who === 'owner');
    },
  },
  { method: 'GET', path: () => `/marketplace/listings/${ids.draft}`, status: OWNER_READS, privateTo: PRIVATE },
  { method: 'GET', path: () => `/marketplace/listings/${ids.forSale}?curr_abbr=NOPE`, status: everyone(422) },
  { method: 'GET', path: '/marketplace/listings/999999', status: everyone(404) },
  { method: 'POST', path: () => `/marketplace/listings/${ids.forSale}`, body: { location: LOCATION }, status: OWNER_WRITES, privateTo: PRIVATE },
  { method: 'POST', path: () => `/marketplace/listings/${ids.draft}`, body: { status: 'Draft', price: '5' }, status: UNSEEN_WRITE, privateTo: PRIVATE },
  { method: 'POST', path: () => `/marketplace/listings/${ids.forSale}`, body: { condition: 'Nope' }, status: { ...OWNER_WRITES, owner: 422 } },
  { method: 'POST', path: '/marketplace/listings/999999', body: { price: 1 }, status: UNKNOWN_WRITE },
  { method: 'DELETE', path: '/marketplace/listings/999999', status: UNKNOWN_WRITE },
  // The owner's row runs last: the listing is there for every other caller's try.
  { method: 'DELETE', path: () => `/marketplace/listings/${ids.doomed}`, status: OWNER_WRITES },
  { method: 'DELETE', path: () => `/marketplace/listings/${ids.doomedDraft}`, status: UNSEEN_WRITE },
  {
    method: 'POST',
    path: '/marketplace/listings',
    body: { release_id: 11, condition: 'Good (G)', price: 1, status: 'Draft' },
    status: { anonymous: 401, application: 403, 'another user': 403, owner: 201 },
    check: (who, body) => {
      if (who === 'owner') expect(body).to.have.keys(['listing_id', 'resource_url']);
    },
  },
  { method: 'POST', path: '/marketplace/listings', body: { release_id: 999 }, status: { anonymous: 401, application: 403, 'another user': 403, owner: 422 } },
  {
    method: 'GET',
    path: (p) => `/s/${owner(p)}/inventory`,
    status: everyone(200),
    privateTo: PRIVATE,
    check: (who, body) => {
      const statuses = statusesOf(body);
      if (who === 'owner') expect(statuses).to.include('Draft').and.include('For Sale');
      else expect(new Set(statuses)).to.deep.equal(new Set(['For Sale']));
    },
  },
  {
    method: 'GET',
    path: (p) => `/s/${owner(p)}/inventory?status=Draft`,
    status: everyone(200),
    privateTo: PRIVATE,
    check: (who, body) => {
      const statuses = statusesOf(body);
      expect(new Set(statuses)).to.deep.equal(new Set([who === 'owner' ? 'Draft' : 'For Sale']));
    },
  },
  // The owner-only sorts: ignored for anyone else (the default order of what they may see), never a refusal.
  { method: 'GET', path: (p) => `/s/${owner(p)}/inventory?sort=location`, status: everyone(200), privateTo: PRIVATE },
  { method: 'GET', path: (p) => `/s/${owner(p)}/inventory?sort=status&sort_order=desc`, status: everyone(200), privateTo: PRIVATE },
  { method: 'GET', path: (p) => `/s/${owner(p)}/inventory?status=Nope`, status: everyone(422) },
  { method: 'GET', path: '/s/nobody-at-all/inventory', status: everyone(404) },
  // The listing and inventory pages answer to a browser session, not to API credentials: every caller is a visitor
  // there, who sees For Sale listings alone and none of the owner's private fields.
  { method: 'GET', path: () => `/sell/item/${ids.forSale}`, status: everyone(200), privateTo: PAGE_PRIVATE },
  { method: 'GET', path: () => `/sell/item/${ids.draft}`, status: everyone(404), privateTo: PAGE_PRIVATE },
  { method: 'GET', path: '/sell/item/999999', status: everyone(404) },
  { method: 'GET', path: () => `/sell/item/${ids.forSale}?curr_abbr=NOPE`, status: everyone(422) },
  {
    method: 'GET',
    path: (p) => `/seller/${owner(p)}?status=Draft&sort=location`,
    status: everyone(200),
    privateTo: [...PAGE_PRIVATE, { text: () => `/sell/item/${ids.draft}"`, visibleTo: [] }],
  },
  { method: 'GET', path: '/seller/nobody-at-all', status: everyone(404) },
  { method: 'GET', path: () => `/sell/item/${ids.forSale}/delete`, status: everyone(302) },
  { method: 'POST', path: () => `/sell/item/${ids.forSale}/delete`, status: everyone(302) },
  { method: 'GET', path: () => `/sell/item/${ids.forSale}/edit`, status: everyone(302), privateTo: PAGE_PRIVATE },
  { method: 'POST', path: () => `/sell/item/${ids.forSale}/edit`, body: { price: '1' }, status: everyone(302), privateTo: PAGE_PRIVATE },
  { method: 'GET', path: '/sell/post/10', status: everyone(302) },
  { method: 'POST', path: '/sell/post/10', body: { condition: 'Mint (M)', price: '5' }, status: everyone(302) },
  {
    method: 'GET',
    path: '/sell/release/10',
    status: everyone(200),
    privateTo: [...PAGE_PRIVATE, { text: () => `/sell/item/${ids.draft}"`, visibleTo: [] }],
  },
  // A user's own seller settings: every user reads and changes their own, no one anyone else's.
  {
    method: 'GET',
    path: '/marketplace/settings',
    status: { anonymous: 401, application: 403, 'another user': 200, owner: 200 },
    check: (who, body) => {
      if (who === 'owner' || who === 'another user') expect((body as { is_seller: boolean }).is_seller, who).to.equal(who === 'owner');
    },
  },
  { method: 'POST', path: '/marketplace/settings', body: { min_order_total: 0 }, status: { anonymous: 401, application: 403, 'another user': 200, owner: 200 } },
  { method: 'POST', path: '/marketplace/settings', body: { shipping_price: 'nowhere=1' }, status: { anonymous: 401, application: 403, 'another user': 422, owner: 422 } },
];

const callerOf = (u: TestUser): Caller => ({ kind: 'user', userId: String(u.id), username: u.name, via: 'token' });

describe('Authorization matrix: listings and inventories', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const { owner: o } = world.parties;
    await makeSeller(world.container, o.id);
    const create = world.container.get(LISTINGS.CreateListing);
    const make = async (body: object) => (await create.execute({ caller: callerOf(o), body: () => listingInput({}, body) })).listingId;
    ids.forSale = await make({ release_id: 10, condition: 'Mint (M)', price: 10, external_id: EXTERNAL_ID, location: LOCATION });
    ids.draft = await make({ release_id: 11, condition: 'Mint (M)', price: 5, status: 'Draft', external_id: EXTERNAL_ID });
    ids.doomed = await make({ release_id: 10, condition: 'Fair (F)', price: 1 });
    ids.doomedDraft = await make({ release_id: 10, condition: 'Fair (F)', price: 1, status: 'Draft' });
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
