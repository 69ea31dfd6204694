import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryCurrencyRateRepository } from '../../../../adapters/in-memory/in-memory-currency-rate-repository.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryOrderStore } from '../../../../adapters/in-memory/in-memory-order-store.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { Forbidden, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { AddOrderMessage } from '../../../../application/orders/add-order-message.js';
import { CheckOut } from '../../../../application/orders/check-out.js';
import { EditOrder } from '../../../../application/orders/edit-order.js';
import { GetOrder } from '../../../../application/orders/get-order.js';
import { GetOrderMessages } from '../../../../application/orders/get-order-messages.js';
import { GiveFeedback } from '../../../../application/orders/give-feedback.js';
import { INVALID_ORDER_STATUS_FILTER_MESSAGE, ListOrders } from '../../../../application/orders/list-orders.js';
import { NOT_A_PARTY_MESSAGE, type OrderAccess } from '../../../../application/orders/order-access.js';
import { RecordRefund } from '../../../../application/orders/record-refund.js';
import { TradeFiguresPart } from '../../../../application/orders/trade-figures-part.js';
import { UnreadFiguresPart } from '../../../../application/orders/unread-figures-part.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import type { User } from '../../../../domain/identity/accounts.js';
import { CurrencyRates } from '../../../../domain/marketplace/currency-rates.js';
import { DEFAULT_FEE_RULE } from '../../../../domain/marketplace/fee-rule.js';
import { newListing } from '../../../../domain/marketplace/listing.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { meaningOf, refusalOf, rejection } from '../../../support/rejection.js';
import { TestListingRepository } from '../../../support/test-listing-repository.js';
import { checkoutInput, feedbackInput, orderEditInput, orderMessageInput, refundInput } from '../../../../adapters/http/orders/order-bodies.js';

import { anEventRecorder } from '../../../support/event-fixtures.js';
import { InMemoryEventOutbox } from '../../../../adapters/in-memory/in-memory-event-outbox.js';
/*
 * The order use cases over the in-memory adapters, as a Node developer embedding them would call them: who may do
 * what, refusals that leave the order as it was, and what each change writes.
 */
describe('Order use cases (in memory)', () => {
  const clock = new FixedClock('2026-11-23T01:00:00Z');
  const app: Caller = { kind: 'application', applicationId: 'a' };
  let uow: InMemoryUnitOfWork;
  let users: InMemoryUserRepository;
  let store: InMemoryOrderStore;
  let access: OrderAccess;
  let seller: User, buyer: User, stranger: User;
  let id: string;
  let get: GetOrder, edit: EditOrder, sales: ListOrders, purchases: ListOrders, messages: GetOrderMessages, say: AddOrderMessage;
  let refund: RecordRefund, feedback: GiveFeedback;
  let events: ReturnType<typeof anEventRecorder>;

  const as = (u: User): Caller => ({ kind: 'user', userId: String(u.id), username: u.username, via: 'token' });
  const aUser = (username: string) =>
    uow.run(() =>
      users.add({ username, realName: '', email: `${username}@example.test`, passwordHash: 'x', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency: 'USD' }),
    );
  const page = { page: 1, perPage: 50 };

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    const listings = new TestListingRepository(uow);
    const names = new Map<number, string>();
    store = new InMemoryOrderStore(uow, (userId) => names.get(userId) ?? String(userId));
    const rates = new InMemoryCurrencyRateRepository(uow);
    await uow.run(() => rates.replace({ rates: CurrencyRates.fromEntries([]), updatedAt: clock.now(), source: 'test' }));
    seller = await aUser('seller');
    buyer = await aUser('buyer');
    stranger = await aUser('stranger');
    for (const u of [seller, buyer, stranger]) names.set(u.id, u.username);
    const listing = await uow.run(() => listings.add(newListing(seller.id, { releaseId: 1, condition: 'Good (G)', price: Money.fromDecimal('20', 'USD') }, clock.now())));
    await store.carts.add({ userId: buyer.id, listingId: listing.id, addedAt: clock.now() });
    events = anEventRecorder({ uow, users, catalogue: new InMemoryCatalogueReader(clock), rates });
    const checkOut = new CheckOut(store.carts, listings, store.orders, users, new InMemoryCatalogueReader(clock), rates, DEFAULT_FEE_RULE, uow, clock, events.recorder);
    const [placed] = await checkOut.execute({ caller: as(buyer), body: () => checkoutInput({ shipping_address: 'Buyer Street 1' }) });
    id = placed!.order.id;
    access = { orders: store.orders, users, catalogue: new InMemoryCatalogueReader(clock), events: events.recorder };
    get = new GetOrder(access);
    edit = new EditOrder(access, uow, clock);
    sales = new ListOrders(access, 'seller');
    purchases = new ListOrders(access, 'buyer');
    messages = new GetOrderMessages(access, uow);
    say = new AddOrderMessage(access, uow, clock);
    refund = new RecordRefund(access, uow, clock);
    feedback = new GiveFeedback(access, uow, clock);
  });

  it('lets only the two parties near the order: 401 anonymous, 403 an application or another user, 404 unknown', async () => {
    const body = { status: 'Payment Received' };
    for (const [caller, kind] of [[ANONYMOUS, Unauthenticated], [app, Forbidden], [as(stranger), Forbidden]] as const) {
      for (const attempt of [
        get.execute({ caller, id }),
        edit.execute({ caller, id, body: (c) => orderEditInput(body, c) }),
        messages.execute({ caller, id, page }),
        say.execute({ caller, id, body: () => orderMessageInput({ message: 'hi' }) }),
        refund.execute({ caller, id, body: (c) => refundInput({ amount: 1 }, c) }),
        feedback.execute({ caller, id, body: () => feedbackInput({ rating: 'positive' }) }),
      ]) {
        expect(meaningOf(await rejection(attempt))).to.equal(meaningOf(new kind()));
      }
    }
    expect((await rejection(get.execute({ caller: as(stranger), id }))).message).to.equal(NOT_A_PARTY_MESSAGE);
    for (const unknown of ['1-99', 'abc', '']) expect(await rejection(get.execute({ caller: as(seller), id: unknown }))).to.be.instanceOf(NotFound);
    expect((await sales.execute({ caller: as(stranger), sortOrder: 'asc', page })).total).to.equal(0);
    expect(await rejection(sales.execute({ caller: app, sortOrder: 'asc', page }))).to.be.instanceOf(Forbidden);
  });

  it('asks for the body only after the caller is known to be a party: a stranger is refused 403 without it being read', async () => {
    const unread = () => expect.fail('the body was read');
    for (const attempt of [
      edit.execute({ caller: as(stranger), id, body: unread }),
      say.execute({ caller: as(stranger), id, body: unread }),
      refund.execute({ caller: as(stranger), id, body: unread }),
      refund.execute({ caller: as(buyer), id, body: unread }),
      feedback.execute({ caller: as(stranger), id, body: unread }),
    ]) {
      expect(meaningOf(await rejection(attempt))).to.equal(meaningOf(new Forbidden()));
    }
  });

  it('takes typed inputs from an embedding program, the amounts in the currency the use case gives', async () => {
    const currencies: string[] = [];
    await edit.execute({
      caller: as(seller),
      id,
      body: (currency) => {
        currencies.push(currency);
        return { status: null, shipping: Money.fromDecimal('3', currency), shippingMethod: 'Post', archived: null };
      },
    });
    await say.execute({ caller: as(buyer), id, body: () => ({ text: 'Paid.', status: 'Payment Pending' }) });
    await edit.execute({ caller: as(seller), id, body: () => ({ status: 'Payment Received', shipping: null, shippingMethod: null, archived: null }) });
    const entry = await refund.execute({ caller: as(seller), id, body: (currency) => ({ kind: 'sent', amount: Money.fromDecimal('1.50', currency) }) });
    expect(currencies).to.deep.equal(['USD']);
    expect(entry.message).to.include({ type: 'refund_sent' });
    const order = (await get.execute({ caller: as(seller), id })).order;
    expect([order.status, order.shipping.toString(), order.refunded.toString()]).to.deep.equal(['Refund Sent', '3.00 USD', '1.50 USD']);
  });

  it("shows each party their own row of the table, and the fee's holder is the seller's view", async () => {
    const bySeller = await get.execute({ caller: as(seller), id });
    const byBuyer = await get.execute({ caller: as(buyer), id });
    expect([bySeller.viewer, byBuyer.viewer]).to.deep.equal(['seller', 'buyer']);
    expect(byBuyer.next).to.deep.equal(["Cancelled (Per Buyer's Request)"]);
    expect(bySeller.next).to.include('Invoice Sent');
  });

  it('refuses an illegal move with 422 and leaves the order and its log as they were', async () => {
    const before = await store.orders.byId(id);
    const refused = await rejection(edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Shipped' }, c) }));
    expect(refusalOf(refused)[0]).to.equal('Refusal invalid');
    expect(refused.message).to.equal(
      "An order in status New Order cannot move to Shipped; it may move to: Buyer ed, Invoice Sent, Payment Pending, Payment Received, Cancelled (Item Unavailable), Cancelled (Per Buyer's Request).",
    );
    expect(await store.orders.byId(id)).to.deep.equal(before);
    expect((await messages.execute({ caller: as(seller), id, page })).total).to.equal(0);
    expect(refusalOf(await rejection(edit.execute({ caller: as(buyer), id, body: (c) => orderEditInput({ shipping: 5 }, c) })))[0]).to.equal('Refusal forbidden');
    expect(refusalOf(await rejection(edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Invoice Sent', shipping: 5 }, c) })))[0]).to.equal('Refusal invalid');
    expect(await store.orders.byId(id)).to.deep.equal(before);
  });

  it('takes an order from invoice to feedback, writing the log and the standings', async () => {
    clock.set('2026-11-23T02:00:00Z');
    await edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ shipping: '4.50', shipping_method: 'Post' }, c) });
    await say.execute({ caller: as(buyer), id, body: () => orderMessageInput({ status: 'Payment Pending', message: 'Paid.' }) });
    await edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Payment Received' }, c) });
    expect(refusalOf(await rejection(feedback.execute({ caller: as(buyer), id, body: () => feedbackInput({ rating: 'positive' }) })))[0]).to.equal('Refusal invalid');
    await edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Shipped' }, c) });
    const sent = await refund.execute({ caller: as(seller), id, body: (c) => refundInput({ amount: '2.00' }, c) });
    expect(sent.message.type).to.equal('refund_sent');
    expect(refusalOf(await rejection(refund.execute({ caller: as(buyer), id, body: (c) => refundInput({ amount: 1 }, c) })))[0]).to.equal('Refusal forbidden');
    expect((await feedback.execute({ caller: as(buyer), id, body: () => feedbackInput({ rating: 'neutral', comment: 'Slow.' }) })).replaced).to.equal(false);
    expect((await feedback.execute({ caller: as(buyer), id, body: () => feedbackInput({ rating: 'positive' }) })).replaced).to.equal(true);
    await feedback.execute({ caller: as(seller), id, body: () => feedbackInput({ rating: 'negative', comment: 'Rude.' }) });

    const order = await get.execute({ caller: as(seller), id });
    expect(order.order.status).to.equal('Refund Sent');
    expect([order.order.shipping.toString(), order.order.refunded.toString(), order.order.shippingMethod]).to.deep.equal(['4.50 USD', '2.00 USD', 'Post']);
    const log = (await messages.execute({ caller: as(buyer), id, page })).items.map((v) => v.message.type).reverse();
    expect(log).to.deep.equal(['shipping', 'status', 'message', 'status', 'status', 'refund_sent', 'status']);
    const figures = new TradeFiguresPart(store.orders);
    expect(await figures.forUser(seller.id)).to.deep.equal({ seller: { rating: 100, stars: 5, count: 1 }, buyer: { rating: null, stars: null, count: 0 } });
    expect((await figures.forUser(buyer.id)).buyer).to.deep.equal({ rating: 0, stars: 0, count: 1 });
    expect((await purchases.execute({ caller: as(buyer), status: 'Refund Sent', sortOrder: 'asc', page })).items.map((v) => v.order.id)).to.deep.equal([id]);
    expect((await sales.execute({ caller: as(seller), status: 'Merged', sortOrder: 'asc', page })).total).to.equal(0);
    expect((await rejection(sales.execute({ caller: as(seller), status: 'Lost', sortOrder: 'asc', page }))).message).to.equal(INVALID_ORDER_STATUS_FILTER_MESSAGE);
    // The sales' sort on purchases is ignored (the default order), as the public API ignores a sort a list does not take.
    expect((await purchases.execute({ caller: as(buyer), sort: 'buyer', sortOrder: 'asc', page })).items.map((v) => v.order.id)).to.deep.equal([id]);
  });

  it('records each change as events for the buyer and the seller, each with the order as the API shows it to them; feedback and refusals record none', async () => {
    const after = (await events.outbox.lastId());
    const types = async (u: User) => (await events.outbox.read({ userId: u.id, after, limit: 50 })).map((e) => e.type);
    await edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ shipping: '4.50', shipping_method: 'Post' }, c) });
    await say.execute({ caller: as(buyer), id, body: () => orderMessageInput({ message: 'Paid?' }) });
    await say.execute({ caller: as(buyer), id, body: () => orderMessageInput({ status: 'Payment Pending', message: 'Paid.' }) });
    await edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Payment Received' }, c) });
    await rejection(edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Merged' }, c) }));
    await edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Shipped' }, c) });
    await refund.execute({ caller: as(seller), id, body: (c) => refundInput({ amount: '2.00' }, c) });
    await feedback.execute({ caller: as(buyer), id, body: () => feedbackInput({ rating: 'positive' }) });
    const expected = [
      'order.shipping_changed',
      'order.status_changed',
      'order.message_added',
      'order.message_added',
      'order.status_changed',
      'order.status_changed',
      'order.status_changed',
      'order.refunded',
      'order.status_changed',
    ];
    expect(await types(buyer)).to.deep.equal(expected);
    expect(await types(seller)).to.deep.equal(expected);
    expect(await types(stranger)).to.deep.equal([]);
    const [buyers, sellers] = await Promise.all([buyer, seller].map((u) => events.outbox.read({ userId: u.id, after, limit: 50 })));
    const lastOf = (list: typeof buyers) => list.at(-1)!.resource.body;
    expect(lastOf(buyers!)).to.include({ id, status: 'Refund Sent' });
    expect(lastOf(buyers!)).to.not.have.property('fee');
    expect(lastOf(sellers!)).to.have.property('fee');
    expect(buyers!.every((e) => e.resource.type === 'order' && e.resource.id === id)).to.equal(true);
  });

  it('stores nothing of a change whose events cannot be recorded (the change and its events commit together)', async () => {
    // An outbox that appends, then fails: the order's change made before it in the unit of work goes back too.
    class FullOutbox extends InMemoryEventOutbox {
      override async append(list: Parameters<InMemoryEventOutbox['append']>[0]): ReturnType<InMemoryEventOutbox['append']> {
        await super.append(list);
        throw new Error('the outbox is full');
      }
    }
    const full = new FullOutbox(uow);
    const failing = anEventRecorder({ uow, users, catalogue: new InMemoryCatalogueReader(clock), outbox: full }).recorder;
    const before = await store.orders.byId(id);
    const failingEdit = new EditOrder({ ...access, events: failing }, uow, clock);
    expect((await rejection(failingEdit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ status: 'Invoice Sent' }, c) }))).message).to.equal('the outbox is full');
    expect(await store.orders.byId(id)).to.deep.equal(before);
    expect((await messages.execute({ caller: as(seller), id, page })).total).to.equal(0);
    expect(await full.read({ userId: seller.id, after: 0, limit: 50 })).to.deep.equal([]);
  });

  it("counts what the other party wrote or did since a party last read the log, and reading a page marks up to its newest entry", async () => {
    const unread = new UnreadFiguresPart(store.unread);
    const count = async (u: User) => (await unread.forUser(u.id)).numUnread;
    await say.execute({ caller: as(buyer), id, body: () => orderMessageInput({ message: 'One.' }) });
    await say.execute({ caller: as(buyer), id, body: () => orderMessageInput({ message: 'Two.' }) });
    await edit.execute({ caller: as(seller), id, body: (c) => orderEditInput({ shipping: '3.00' }, c) });
    // The seller's shipping amount is an entry for the buyer, as is the status change (to Invoice Sent) it made.
    expect([await count(seller), await count(buyer), await count(stranger)]).to.deep.equal([2, 2, 0]);
    // The second page of three (the oldest entry) marks the log read up to it: the newer entry by the buyer stays unread.
    await messages.execute({ caller: as(seller), id, page: { page: 2, perPage: 3 } });
    expect(await count(seller)).to.equal(1);
    // A page past the end marks nothing; the first page marks everything; an older page afterwards takes nothing back.
    await messages.execute({ caller: as(seller), id, page: { page: 9, perPage: 2 } });
    expect(await count(seller)).to.equal(1);
    await messages.execute({ caller: as(seller), id, page: { page: 1, perPage: 1 } });
    await messages.execute({ caller: as(seller), id, page: { page: 3, perPage: 1 } });
    expect([await count(seller), await count(buyer)]).to.deep.equal([0, 2]);
    await messages.execute({ caller: as(buyer), id, page });
    expect(await count(buyer)).to.equal(0);
  });
});
