import { expect } from 'chai';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import { authorizationMatrix, everyone, openMatrix, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import { aUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';

/*
 * Every cart and checkout endpoint as each kind of caller. A cart is the caller's own: "owner" is the user whose cart
 * holds listings x and z of a third user (the seller), "another user" starts with an empty cart. The owner also sells
 * listing y. Rows run in order and build on each other: another user puts x in their cart, then buys it, after which
 * the owner's checkout of x is refused.
 */

const USER_ONLY = (user: number, owner = user) => ({ anonymous: 401, application: 403, 'another user': user, owner });

let x: Listing;
let y: Listing;
let z: Listing;
const ADDRESS = 'Matrix Street 1';

const ROWS: readonly MatrixRow[] = [
  {
    method: 'GET',
    path: '/marketplace/cart',
    status: USER_ONLY(200),
    check: (who, body) => {
      if (who === 'owner') expect((body as { count: number }).count).to.equal(2);
      if (who === 'another user') expect(body).to.deep.include({ count: 0, sellers: [] });
    },
  },
  { method: 'POST', path: () => `/marketplace/cart/${x.id}`, status: USER_ONLY(201, 200) },
  // The owner's own listing.
  { method: 'POST', path: () => `/marketplace/cart/${y.id}`, status: USER_ONLY(201, 422) },
  { method: 'POST', path: '/marketplace/cart/999999', status: USER_ONLY(404) },
  { method: 'POST', path: '/marketplace/cart/abc', status: everyone(404) },
  { method: 'DELETE', path: () => `/marketplace/cart/${z.id}`, status: USER_ONLY(404, 204) },
  { method: 'DELETE', path: '/marketplace/cart/abc', status: everyone(404) },
  { method: 'POST', path: '/marketplace/checkout', body: {}, status: USER_ONLY(422) },
  {
    method: 'POST',
    path: '/marketplace/checkout',
    body: { shipping_address: ADDRESS, seller: 'matrix-seller' },
    // Another user buys x first; then the owner's x is sold.
    status: USER_ONLY(201, 409),
    privateTo: [{ text: () => ADDRESS, visibleTo: ['another user'] }],
  },
];

describe('Authorization matrix: cart and checkout', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const { container, parties } = world;
    const seller = await aUser(container, 'matrix-seller');
    await aSeller(container, seller.id);
    await aSeller(container, parties.owner.id);
    x = await aListing(container, seller.id, 10, '12.00');
    z = await aListing(container, seller.id, 11, '3.00');
    y = await aListing(container, parties.owner.id, 11, '9.00');
    const carts = container.get(ORDERS.CartRepository);
    await container.get(PERSISTENCE.UnitOfWork).run(async () => {
      for (const l of [x, z]) await carts.add({ userId: parties.owner.id, listingId: l.id, addedAt: new Date() });
    });
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
