import type { User } from '../../domain/identity/accounts.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Order, OrderChange } from '../../domain/orders/order.js';
import type { OrderMessage } from '../../domain/orders/order-message.js';
import { partyOf, type OrderParty } from '../../domain/orders/order-party.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import { isOrderStatus, SPEC_STATUS_WORDS, type StatusWords } from '../../domain/orders/order-status.js';
import { Refusal } from '../../domain/shared/refusal.js';
import { parseOrderId } from '../../domain/orders/order-id.js';
import { orderEventTypes } from './order-events.js';
import { Conflict, Forbidden, NotFound } from '../errors.js';
import type { OrderMessageView, OrderView } from './order-view.js';
import type { EventRecorder } from '../events/event-recorder.js';
import { listedReleases, type ListedRelease } from '../marketplace/listing-access.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';

/** The refusal of an order to anyone but its two parties (and of any order to an application acting for nobody). */
export const NOT_A_PARTY_MESSAGE = 'Only the buyer and the seller of an order can see or change it.';

export type { OrderMessageView, OrderView } from './order-view.js';

/** What reading and changing orders needs. */
export interface OrderAccess {
  readonly orders: OrderRepository;
  readonly users: UserRepository;
  readonly catalogue: CatalogueReader;
  /** How refusals spell the statuses they name (the service's dialect); the spec's words when not given. */
  readonly statusWords?: StatusWords;
  /** Records the events of a change (ADR 0057). */
  readonly events: EventRecorder;
}

/** The caller's user id: 401 anonymous, 403 an application acting for nobody (orders are user-private). */
export function orderCaller(caller: Caller): number {
  return requireUserCaller(caller, NOT_A_PARTY_MESSAGE);
}

/** The viewer's party of the order, or 403 for anyone else. */
export function requireParty(order: Order, userId: number): OrderParty {
  const party = partyOf(order, userId);
  if (party === null) throw new Forbidden(NOT_A_PARTY_MESSAGE);
  return party;
}

/**
 * The refusal of an order id that names no stored order, as the caller must see it so that a third party cannot tell
 * an order that exists from one that does not (ADR 0050): 404 for a malformed id or one in the caller's own numbering
 * (`<caller's id>-<n>`: they would be its seller, nothing is hidden from them); for an id in another seller's
 * numbering, `forbidden`, the very refusal a non-party of an existing order gets.
 */
export function unknownOrder(id: string, userId: number, forbidden: () => Error = () => new Forbidden(NOT_A_PARTY_MESSAGE)): Error {
  const named = parseOrderId(id);
  return named === null || named.sellerId === userId ? new NotFound() : forbidden();
}

/** The user, who must exist (a party of a stored order: the foreign keys keep them). */
export async function existingUser(users: UserRepository, id: number): Promise<User> {
  const user = await users.byId(id);
  if (!user) throw new Error(`User ${id} of an order is gone`);
  return user;
}

/**
 * Runs a rule of the order lifecycle for a caller whose dialect spells the statuses in `words`: a refusal that names
 * statuses comes out with them in those words (the domain writes the spec's). Every other refusal passes as it is.
 */
export function inDialect<T>(work: () => T, words: StatusWords = SPEC_STATUS_WORDS): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof Refusal) throw err.spelledBy((term) => (isOrderStatus(term) ? words(term) : term));
    throw err;
  }
}

/** The views of orders the viewer is a party of, reading each user and release once. */
export async function orderViews(access: OrderAccess, orders: readonly Order[], viewerId: number, withFeedback: boolean): Promise<OrderView[]> {
  const userIds = [...new Set(orders.flatMap((o) => [o.sellerId, o.buyerId]))];
  const users = new Map((await Promise.all(userIds.map((id) => existingUser(access.users, id)))).map((u) => [u.id, u]));
  const releases = await listedReleases(access.catalogue, orders.flatMap((o) => o.items.map((i) => i.releaseId)));
  return Promise.all(
    orders.map(async (order) => {
      const viewer = requireParty(order, viewerId);
      return {
        order,
        seller: users.get(order.sellerId)!,
        buyer: users.get(order.buyerId)!,
        viewer,
        next: order.nextStatuses(viewer),
        releases,
        feedback: withFeedback ? await access.orders.feedbackOn(order.id) : [],
      };
    }),
  );
}

/** The order's view for the viewer. */
export async function orderView(access: OrderAccess, order: Order, viewerId: number): Promise<OrderView> {
  const [view] = await orderViews(access, [order], viewerId, true);
  return view!;
}

/** The order as each of its parties sees it, the buyer's view first (what the events of a change carry). */
export async function partiesViews(access: OrderAccess, order: Order): Promise<OrderView[]> {
  return [await orderView(access, order, order.buyerId), await orderView(access, order, order.sellerId)];
}

/** The result of a change: the order as stored, who made it (as which party), and the entries written. */
export interface AppliedChange {
  readonly order: Order;
  readonly userId: number;
  readonly party: OrderParty;
  readonly messages: readonly OrderMessage[];
}

/**
 * Changes an order in one unit of work: the caller must be a user (401/403) and a party of the order (403 when not a
 * party, and for an unknown id as {@link unknownOrder} says); the order is locked (`lockById`), so of two changes at one moment the second waits
 * and is decided on what the first stored, never on the same old status. `decide` applies the domain's command to the
 * locked order; its refusals become 422/403 with nothing stored. The change is saved over the version read (a
 * lost race would be a 409, which the lock prevents) and its log entries appended,
 * with the events they are (for both parties, ADR 0057), in the same unit of work.
 */
export async function changeOrder(
  access: OrderAccess,
  uow: UnitOfWork,
  input: { readonly caller: Caller; readonly id: string },
  decide: (order: Order, party: OrderParty) => OrderChange,
): Promise<AppliedChange> {
  const { orders } = access;
  const userId = orderCaller(input.caller);
  return uow.run(async () => {
    const order = await orders.lockById(input.id);
    if (!order) throw unknownOrder(input.id, userId);
    const party = requireParty(order, userId);
    const change = inDialect(() => decide(order, party), access.statusWords);
    if (!(await orders.save(change.order))) throw new Conflict('The order was changed by someone else at the same moment; read it again and retry.');
    await orders.appendMessages(change.messages);
    const saved = change.order.saved();
    const types = orderEventTypes(change.messages);
    if (types.length > 0) await access.events.order(types, await partiesViews(access, saved), change.messages[0]!.timestamp);
    return { order: saved, userId, party, messages: change.messages };
  });
}

/** The order the caller may read (a party of it): 401/403 for anyone but a user, 403 not a party, an unknown id as {@link unknownOrder} says. */
export async function readableOrder(orders: OrderRepository, caller: Caller, id: string): Promise<{ order: Order; userId: number; party: OrderParty }> {
  const userId = orderCaller(caller);
  const order = await orders.byId(id);
  if (!order) throw unknownOrder(id, userId);
  return { order, userId, party: requireParty(order, userId) };
}

/** Log entries with their users and the order's first item's title, reading each user and that release once. */
export async function messageViews(access: OrderAccess, order: Order, messages: readonly OrderMessage[]): Promise<OrderMessageView[]> {
  const first = order.items[0]?.releaseId;
  const [seller, buyer, releases] = await Promise.all([
    existingUser(access.users, order.sellerId),
    existingUser(access.users, order.buyerId),
    first === undefined ? new Map<number, ListedRelease>() : listedReleases(access.catalogue, [first]),
  ]);
  const firstTitle = first === undefined ? '' : (releases.get(first)?.title ?? '');
  return messages.map((message) => ({
    message,
    actor: message.actor === 'seller' ? seller : buyer,
    recipient: message.actor === 'seller' ? buyer : seller,
    buyer,
    firstTitle,
    itemCount: order.items.length,
  }));
}
