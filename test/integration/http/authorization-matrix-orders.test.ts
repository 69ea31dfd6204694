import { expect } from 'chai';
import { NOT_A_PARTY_MESSAGE } from '../../../application/orders/order-access.js';
import type { Caller } from '../../../application/shared/caller.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import { NEXT_STATUS } from '../../../domain/orders/order-lifecycle.js';
import {
  authorizationMatrix,
  everyone,
  openMatrix,
  type CallerKind,
  type MatrixParties,
  type MatrixRow,
  type MatrixWorld,
} from '../../support/authorization-matrix.js';
import { aUser, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { checkoutInput, orderEditInput, orderMessageInput } from '../../../adapters/http/orders/order-bodies.js';

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

/*
 * Every order endpoint as each kind of caller. "owner" is both parties: the seller of `sold` (bought by a third user,
 * the trader) and the buyer of `bought` and `received` (sold by the trader). "another user" is no party of these but
 * has a sale and a purchase of their own with the trader, so the lists show each caller only their own orders. Every
 * row checks that no shipping address and no message text of an order reaches anyone but its party among the callers,
 * and that the fee reaches only the seller. Rows run in order and build on each other: the owner invoices `sold`, is
 * paid, ships, refunds and rates; as buyer marks `bought` paid (the trader invoiced it) and rates `received` (shipped).
 */

const ADDRESS_OF = {
  sold: 'Trader Street 1 (bought from the owner)',
  bought: 'Owner Street 2 (bought from the trader)',
  received: 'Owner Street 3 (shipped by the trader)',
  otherSold: 'Trader Street 4 (bought from the other user)',
  otherBought: 'Other Street 5 (bought from the trader)',
};
const NOTE_ON = {
  sold: 'Trader asks the owner about sold',
  bought: 'Trader tells the owner about bought',
  otherSold: 'Trader asks the other user about their sale',
  otherBought: 'Trader tells the other user about their purchase',
};
const OWNER_WRITES_AS_SELLER = 'Owner answers the trader on sold';
const OWNER_WRITES_AS_BUYER = 'Owner answers the trader on bought';
const FEEDBACK_REFUSAL = 'Only the buyer and the seller of an order can leave feedback on it.';

const order = { sold: '', bought: '', received: '', otherSold: '', otherBought: '' };

const PARTY = (owner: number, other = 403) => ({ anonymous: 401, application: 403, 'another user': other, owner });
const UNKNOWN = PARTY(404, 404);
/** An id in the owner's numbering that names no order: 404 to the owner, the non-party's 403 to another user. */
const UNKNOWN_OF_OWNER = PARTY(404);
/** Addresses and message texts of the owner's orders, to the owner only; of the other user's, to them only. */
const PERSONAL: NonNullable<MatrixRow['privateTo']> = [
  ...[ADDRESS_OF.sold, ADDRESS_OF.bought, ADDRESS_OF.received, NOTE_ON.sold, NOTE_ON.bought, OWNER_WRITES_AS_SELLER, OWNER_WRITES_AS_BUYER].map(
    (text) => ({ text: () => text, visibleTo: ['owner'] as CallerKind[] }),
  ),
  ...[ADDRESS_OF.otherSold, ADDRESS_OF.otherBought, NOTE_ON.otherSold, NOTE_ON.otherBought].map((text) => ({
    text: () => text,
    visibleTo: ['another user'] as CallerKind[],
  })),
];
/** The personal texts, and the fee (a `"fee"` key) only to the callers given. */
const privateWithFeeTo = (...feeTo: CallerKind[]): MatrixRow['privateTo'] => [...PERSONAL, { text: () => '"fee"', visibleTo: feeTo }];

interface OrderJson {
  id: string;
  status: string;
  next_status: string[];
  fee?: { currency: string; value: number };
  shipping: { currency: string; method: string; value: number };
  shipping_address: string;
  archived: boolean;
  buyer: { username: string };
  seller: { username: string };
  refunds: { sent: { value: number }; received: { value: number } };
  feedback?: { buyer: { rating: string } | null; seller: { rating: string } | null };
}
type MessagesJson = { messages: { type: string; message: string }[] };

/** A check of the owner's answer, and of the refusal's message to the other user. */
function asOwner(ownerCheck: (body: never, p: MatrixParties) => void, otherMessage = NOT_A_PARTY_MESSAGE): MatrixRow['check'] {
  return (who, body, p) => {
    if (who === 'another user') expect((body as { message: string }).message).to.equal(otherMessage);
    if (who === 'owner') ownerCheck(body as never, p);
  };
}
const refusedToOwner = (message: string) => asOwner((body: { message: string }) => expect(body.message).to.equal(message));
const idsOf = (body: unknown) => (body as { orders: OrderJson[] }).orders.map((o) => o.id);
const typesOf = (body: MessagesJson) => body.messages.map((m) => m.type);

const ORDER_ROWS: readonly MatrixRow[] = [
  // An order's page answers to a browser session, not to API credentials: every caller here is a visitor, sent to
  // sign in (302) before anything of the order is read or written, and sees none of it.
  { method: 'GET', path: () => `/sell/order/${order.sold}`, status: everyone(302), privateTo: privateWithFeeTo() },
  { method: 'GET', path: '/cart', status: everyone(302), privateTo: privateWithFeeTo() },
  { method: 'POST', path: '/cart/checkout', body: { seller: 'matrix-trader', shipping_address: 'Page Street' }, status: everyone(302), privateTo: privateWithFeeTo() },
  { method: 'GET', path: '/sell/order/nope', status: everyone(302) },
  { method: 'POST', path: () => `/sell/order/${order.sold}/messages`, body: { message: 'Page visitor' }, status: everyone(302), privateTo: privateWithFeeTo() },
  { method: 'POST', path: () => `/sell/order/${order.bought}/status`, body: { status: 'Payment Pending' }, status: everyone(302), privateTo: privateWithFeeTo() },
  { method: 'POST', path: () => `/sell/order/${order.received}/feedback`, body: { rating: 'positive' }, status: everyone(302), privateTo: privateWithFeeTo() },
  { method: 'POST', path: () => `/sell/order/${order.received}/refunds`, body: { amount: '1' }, status: everyone(302), privateTo: privateWithFeeTo() },
  // The order lists as pages: the same, a visitor is sent to sign in before any order is listed.
  { method: 'GET', path: '/sell/orders', status: everyone(302), privateTo: privateWithFeeTo() },
  { method: 'GET', path: '/sell/purchases?status=All', status: everyone(302), privateTo: privateWithFeeTo() },
  // Reading one order: the seller's view carries the fee, the buyer's not; next_status is the reader's row of the table.
  {
    method: 'GET',
    path: () => `/marketplace/orders/${order.sold}`,
    status: PARTY(200),
    privateTo: privateWithFeeTo('owner'),
    check: asOwner((o: OrderJson) => {
      expect(o).to.deep.include({ id: order.sold, status: 'New Order', next_status: NEXT_STATUS.seller['New Order'], shipping_address: ADDRESS_OF.sold });
      expect(o.fee!.currency).to.equal('USD');
      expect(o.buyer.username).to.equal('matrix-trader');
    }),
  },
  {
    method: 'GET',
    path: () => `/marketplace/orders/${order.bought}`,
    status: PARTY(200),
    privateTo: privateWithFeeTo(),
    check: asOwner((o: OrderJson) => {
      expect(o).to.deep.include({ status: 'Invoice Sent', next_status: NEXT_STATUS.buyer['Invoice Sent'], shipping_address: ADDRESS_OF.bought });
      expect(o).to.not.have.property('fee');
      expect(o.seller.username).to.equal('matrix-trader');
    }),
  },
  // An order's existence is not told to a third party (ADR 0050): an unknown id in the owner's numbering is 404 to the
  // owner (its would-be seller) and the same 403 to another user as an order of the owner's they are no party of.
  { method: 'GET', path: (p) => `/marketplace/orders/${p.owner.id}-999`, status: UNKNOWN_OF_OWNER, check: asOwner(() => undefined) },
  { method: 'GET', path: '/marketplace/orders/nope', status: UNKNOWN },
  // The lists: each user sees their own sales and purchases, nobody else's.
  {
    method: 'GET',
    path: '/marketplace/orders',
    status: PARTY(200, 200),
    privateTo: privateWithFeeTo('owner', 'another user'),
    check: (who, body) => {
      if (who === 'owner') expect(idsOf(body)).to.deep.equal([order.sold]);
      if (who === 'another user') expect(idsOf(body)).to.deep.equal([order.otherSold]);
    },
  },
  {
    method: 'GET',
    path: '/marketplace/purchases',
    status: PARTY(200, 200),
    privateTo: privateWithFeeTo(),
    check: (who, body) => {
      if (who === 'owner') expect(idsOf(body)).to.deep.equal([order.bought, order.received]);
      if (who === 'another user') expect(idsOf(body)).to.deep.equal([order.otherBought]);
    },
  },
  { method: 'GET', path: '/marketplace/orders?status=Nope', status: PARTY(422, 422) },
  // The seller edits: shipping (the invoice), a status of its next_status, archived; an illegal move is 422.
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.sold}`,
    body: { shipping: 5, shipping_method: 'Matrix Post' },
    status: PARTY(200),
    privateTo: privateWithFeeTo('owner'),
    check: asOwner((o: OrderJson) => {
      expect(o.status).to.equal('Invoice Sent');
      expect(o.shipping).to.deep.equal({ currency: 'USD', method: 'Matrix Post', value: 5 });
    }),
  },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.sold}`,
    body: { status: 'Payment Received' },
    status: PARTY(200),
    privateTo: privateWithFeeTo('owner'),
    check: asOwner((o: OrderJson) => expect(o.status).to.equal('Payment Received')),
  },
  { method: 'POST', path: () => `/marketplace/orders/${order.sold}`, body: { status: 'New Order' }, status: PARTY(422), privateTo: PERSONAL },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.sold}`,
    body: { archived: true },
    status: PARTY(200),
    privateTo: privateWithFeeTo('owner'),
    check: asOwner((o: OrderJson) => expect(o).to.deep.include({ archived: true, status: 'Payment Received' })),
  },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.sold}`,
    body: { status: 'Shipped' },
    status: PARTY(200),
    privateTo: privateWithFeeTo('owner'),
    check: asOwner((o: OrderJson) => expect(o.status).to.equal('Shipped')),
  },
  { method: 'POST', path: (p) => `/marketplace/orders/${p.owner.id}-999`, body: { status: 'Shipped' }, status: UNKNOWN_OF_OWNER, check: asOwner(() => undefined) },
  // The buyer edits the status only, along the buyer's row.
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.bought}`,
    body: { shipping: 1 },
    status: PARTY(403),
    privateTo: PERSONAL,
    check: refusedToOwner('Only the seller can set the shipping of an order.'),
  },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.bought}`,
    body: { archived: true },
    status: PARTY(403),
    privateTo: PERSONAL,
    check: refusedToOwner('Only the seller can archive an order.'),
  },
  { method: 'POST', path: () => `/marketplace/orders/${order.bought}`, body: { status: 'Payment Received' }, status: PARTY(422), privateTo: PERSONAL },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.bought}`,
    body: { status: 'Payment Pending' },
    status: PARTY(200),
    privateTo: privateWithFeeTo(),
    check: asOwner((o: OrderJson) => expect(o).to.deep.include({ status: 'Payment Pending', next_status: [] })),
  },
  // The message log: the two parties read it (newest first) and write to it.
  {
    method: 'GET',
    path: () => `/marketplace/orders/${order.sold}/messages`,
    status: PARTY(200),
    privateTo: privateWithFeeTo(),
    check: asOwner((b: MessagesJson) => {
      expect(typesOf(b)).to.deep.equal(['status', 'status', 'status', 'shipping', 'message']);
      expect(b.messages.at(-1)!.message).to.equal(NOTE_ON.sold);
    }),
  },
  {
    method: 'GET',
    path: () => `/marketplace/orders/${order.bought}/messages`,
    status: PARTY(200),
    privateTo: privateWithFeeTo(),
    check: asOwner((b: MessagesJson) => {
      expect(typesOf(b)).to.deep.equal(['status', 'status', 'shipping', 'message']);
      expect(b.messages[0]!.message).to.equal('Buyer changed status from Invoice Sent to Payment Pending');
    }),
  },
  { method: 'GET', path: (p) => `/marketplace/orders/${p.owner.id}-999/messages`, status: UNKNOWN_OF_OWNER, check: asOwner(() => undefined) },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.sold}/messages`,
    body: { message: OWNER_WRITES_AS_SELLER },
    status: PARTY(201),
    privateTo: privateWithFeeTo(),
    check: asOwner((m: { message: string; type: string }) => expect(m).to.deep.include({ message: OWNER_WRITES_AS_SELLER, type: 'message' })),
  },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.bought}/messages`,
    body: { message: OWNER_WRITES_AS_BUYER },
    status: PARTY(201),
    privateTo: privateWithFeeTo(),
    check: asOwner((m: { message: string }) => expect(m.message).to.equal(OWNER_WRITES_AS_BUYER)),
  },
  { method: 'POST', path: () => `/marketplace/orders/${order.sold}/messages`, body: {}, status: PARTY(422), privateTo: PERSONAL },
  { method: 'POST', path: (p) => `/marketplace/orders/${p.owner.id}-999/messages`, body: { message: 'Hello' }, status: UNKNOWN_OF_OWNER, check: asOwner(() => undefined) },
  // Refunds: the seller's alone.
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.sold}/refunds`,
    body: { amount: 1, type: 'sent' },
    status: PARTY(201),
    privateTo: privateWithFeeTo(),
    check: asOwner((m: { type: string; refund: { amount: number } }) => expect([m.type, m.refund.amount]).to.deep.equal(['refund_sent', 1])),
  },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.sold}/refunds`,
    body: { amount: 1, type: 'received' },
    status: PARTY(201),
    privateTo: privateWithFeeTo(),
    check: asOwner((m: { type: string }) => expect(m.type).to.equal('refund_received')),
  },
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.received}/refunds`,
    body: { amount: 1, type: 'sent' },
    status: PARTY(403),
    privateTo: PERSONAL,
    check: refusedToOwner('Only the seller can record a refund.'),
  },
  { method: 'POST', path: (p) => `/marketplace/orders/${p.owner.id}-999/refunds`, body: { amount: 1, type: 'sent' }, status: UNKNOWN_OF_OWNER, check: asOwner(() => undefined) },
  // Feedback: either party once shipped; again replaces it.
  ...[201, 200].map(
    (status): MatrixRow => ({
      method: 'POST',
      path: () => `/marketplace/orders/${order.sold}/feedback`,
      body: { rating: 'positive', comment: 'Paid at once.' },
      status: PARTY(status),
      privateTo: PERSONAL,
      check: asOwner((f: { from: string; rating: string }) => expect(f).to.deep.include({ from: 'seller', rating: 'positive' }), FEEDBACK_REFUSAL),
    }),
  ),
  {
    method: 'POST',
    path: () => `/marketplace/orders/${order.received}/feedback`,
    body: { rating: 'neutral', comment: 'Took a while.' },
    status: PARTY(201),
    privateTo: PERSONAL,
    check: asOwner((f: { from: string; rating: string }) => expect(f).to.deep.include({ from: 'buyer', rating: 'neutral' }), FEEDBACK_REFUSAL),
  },
  { method: 'POST', path: () => `/marketplace/orders/${order.bought}/feedback`, body: { rating: 'positive' }, status: PARTY(422), privateTo: PERSONAL },
  { method: 'POST', path: (p) => `/marketplace/orders/${p.owner.id}-999/feedback`, body: { rating: 'positive' }, status: UNKNOWN_OF_OWNER, check: asOwner(() => undefined, FEEDBACK_REFUSAL) },
  // What the rows did, read back by the seller.
  {
    method: 'GET',
    path: () => `/marketplace/orders/${order.sold}`,
    status: PARTY(200),
    privateTo: privateWithFeeTo('owner'),
    check: asOwner((o: OrderJson) => {
      expect(o).to.deep.include({ status: 'Refund Sent', archived: true });
      expect([o.refunds.sent.value, o.refunds.received.value]).to.deep.equal([1, 1]);
      expect(o.feedback).to.deep.include({ buyer: null });
      expect(o.feedback!.seller!.rating).to.equal('positive');
    }),
  },
];

describe('Authorization matrix: orders', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    const { container, parties } = world;
    const trader = await aUser(container, 'matrix-trader');
    for (const id of [parties.owner.id, parties.other.id, trader.id]) await aSeller(container, id);
    const as = (u: TestUser): Caller => ({ kind: 'user', userId: String(u.id), username: u.name, via: 'token' });
    const buy = async (buyer: TestUser, seller: TestUser, releaseId: number, price: string, address: string): Promise<string> => {
      const listing = await aListing(container, seller.id, releaseId, price);
      await container.get(ORDERS.AddToCart).execute({ caller: as(buyer), listingId: listing.id });
      const [placed] = await container.get(ORDERS.CheckOut).execute({ caller: as(buyer), body: () => checkoutInput({ shipping_address: address, seller: seller.name }) });
      return placed!.order.id;
    };
    const edit = (who: TestUser, id: string, body: object) => container.get(ORDERS.EditOrder).execute({ caller: as(who), id, body: (currency) => orderEditInput(body, currency) });
    const say = (who: TestUser, id: string, message: string) => container.get(ORDERS.AddOrderMessage).execute({ caller: as(who), id, body: () => orderMessageInput({ message }) });
    order.sold = await buy(trader, parties.owner, 10, '12.00', ADDRESS_OF.sold);
    order.bought = await buy(parties.owner, trader, 11, '8.00', ADDRESS_OF.bought);
    order.received = await buy(parties.owner, trader, 10, '6.00', ADDRESS_OF.received);
    order.otherSold = await buy(trader, parties.other, 11, '4.00', ADDRESS_OF.otherSold);
    order.otherBought = await buy(parties.other, trader, 11, '3.00', ADDRESS_OF.otherBought);
    for (const [id, note] of [
      [order.sold, NOTE_ON.sold],
      [order.bought, NOTE_ON.bought],
      [order.otherSold, NOTE_ON.otherSold],
      [order.otherBought, NOTE_ON.otherBought],
    ] as const) {
      await say(trader, id, note);
    }
    await edit(trader, order.bought, { shipping: 3 });
    await edit(trader, order.received, { shipping: 2 });
    await edit(trader, order.received, { status: 'Payment Received' });
    await edit(trader, order.received, { status: 'Shipped' });
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ORDER_ROWS, () => world);
});
