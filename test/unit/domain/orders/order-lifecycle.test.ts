import { expect } from 'chai';
import { Money } from '../../../../domain/marketplace/money.js';
import type { Order, OrderChange, OrderRecord } from '../../../../domain/orders/order.js';
import {
  CANCELLED_STATUSES,
  NEXT_STATUS,
  REFUNDABLE_STATUSES,
  SHIPPING_LOCKED_STATUSES,
  statusId,
} from '../../../../domain/orders/order-lifecycle.js';
import { orderMessageText, type LogReading, type OrderMessage } from '../../../../domain/orders/order-message.js';
import { ORDER_PARTIES, type OrderParty } from '../../../../domain/orders/order-party.js';
import { isOrderStatus, ORDER_STATUSES, PUBLIC_STATUS_WORDS, type OrderStatus } from '../../../../domain/orders/order-status.js';
import { Refusal } from '../../../../domain/shared/refusal.js';
import { anOrder, BUYER, CREATED, frozen, money, NOW, SELLER } from './an-order.js';

const SHIPPED_BEFORE = new Date('2026-11-21T12:00:00Z');
/** The log read in the spec's words, by the seller and buyer of the test orders. */
const READING: LogReading = { actorName: 'sam', buyerName: 'bob' };
const actorOf = (party: OrderParty) => (party === 'seller' ? SELLER : BUYER);
const cancelled = (s: OrderStatus) => s.startsWith('Cancelled');

/** The entry a status change writes. */
const statusEntry = (party: OrderParty, from: OrderStatus, to: OrderStatus): OrderMessage => ({
  type: 'status',
  orderId: '7-3',
  timestamp: NOW,
  actorId: actorOf(party),
  actor: party,
  statusChange: { from, to },
});

/** Runs a command on a frozen order; when it throws, checks the order is as it was and rethrows. */
function run(order: Order, command: (o: Order) => OrderChange): OrderChange {
  const { order: input, before } = frozen(order);
  try {
    return command(input);
  } finally {
    expect(input).to.deep.equal(before);
  }
}

describe('The order lifecycle table', () => {
  it('has a row for every status, for each party, never listing the status itself nor one twice', () => {
    for (const party of ORDER_PARTIES) {
      expect(Object.keys(NEXT_STATUS[party])).to.have.members([...ORDER_STATUSES]);
      for (const from of ORDER_STATUSES) {
        const next = NEXT_STATUS[party][from];
        expect(next, `${party} ${from}`).not.to.include(from);
        expect(new Set(next).size, `${party} ${from}`).to.equal(next.length);
        for (const to of next) expect(ORDER_STATUSES, `${party} ${from} → ${to}`).to.include(to);
      }
    }
  });

  it('names the three cancelled statuses as cancelled, and nothing follows them for either party', () => {
    expect(CANCELLED_STATUSES).to.have.members(ORDER_STATUSES.filter(cancelled));
    expect(CANCELLED_STATUSES).to.have.length(3);
    for (const party of ORDER_PARTIES) for (const s of CANCELLED_STATUSES) expect(NEXT_STATUS[party][s], `${party} ${s}`).to.deep.equal([]);
  });

  for (const from of ORDER_STATUSES.filter((s) => !cancelled(s))) {
    it(`lets the seller move an order forward from ${from}`, () => expect(NEXT_STATUS.seller[from]).not.to.be.empty);
  }

  it('reaches every status from New Order through the seller\'s moves (it covers the whole lifecycle)', () => {
    const reached = new Set<OrderStatus>(['New Order']);
    const queue: OrderStatus[] = ['New Order'];
    while (queue.length > 0) {
      for (const to of NEXT_STATUS.seller[queue.shift()!]) {
        if (!reached.has(to)) {
          reached.add(to);
          queue.push(to);
        }
      }
    }
    expect([...reached]).to.have.members([...ORDER_STATUSES]);
  });

  it('ships only a paid order, and a refund may be sent from each paid status (as a move, or already Refund Sent)', () => {
    const shipFrom = ORDER_STATUSES.filter((s) => NEXT_STATUS.seller[s].includes('Shipped'));
    expect(shipFrom).to.have.length.above(0);
    for (const s of shipFrom) expect(REFUNDABLE_STATUSES, s).to.include(s);
    for (const s of REFUNDABLE_STATUSES) expect(s === 'Refund Sent' || NEXT_STATUS.seller[s].includes('Refund Sent'), s).to.equal(true);
  });

  it('numbers the statuses as the public API\'s message log does (Payment Received 5, Shipped 6), each once', () => {
    // The documented log: New Order 1, Invoice Sent 3, Payment Received 5, Shipped 6.
    expect([statusId('New Order'), statusId('Invoice Sent'), statusId('Payment Received'), statusId('Shipped')]).to.deep.equal([1, 3, 5, 6]);
    expect(ORDER_STATUSES.map(statusId)).to.deep.equal([1, 2, 3, 4, 5, 11, 6, 7, 8, 9, 10]);
    expect(new Set(ORDER_STATUSES.map(statusId)).size).to.equal(ORDER_STATUSES.length);
  });
});

describe('Changing an order\'s status', () => {
  for (const party of ORDER_PARTIES) {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = NEXT_STATUS[party][from].includes(to);
        it(`${party}: ${from} → ${to}: ${allowed ? 'moves' : 'refused'}`, () => {
          const order = anOrder({ status: from, version: 4 });
          if (allowed) {
            const { order: after, messages } = run(order, (o) => o.changeStatus(party, actorOf(party), to, NOW));
            expect(after.record()).to.deep.equal({ ...order.record(), status: to, lastActivity: NOW, shippedAt: to === 'Shipped' ? NOW : null });
            expect(after.version).to.equal(4);
            expect(messages).to.deep.equal([statusEntry(party, from, to)]);
            return;
          }
          let error: unknown;
          try {
            run(order, (o) => o.changeStatus(party, actorOf(party), to, NOW));
          } catch (err) {
            error = err;
          }
          expect(error).to.be.instanceOf(Refusal);
          const message = (error as Error).message;
          expect(message).to.include(from);
          if (to === from) {
            expect(message).to.equal(`The order is already ${to}.`);
          } else if (party === 'buyer' && NEXT_STATUS.buyer[from].length === 0) {
            expect(message).to.equal(`A buyer cannot change the status of an order in status ${from}.`);
          } else {
            expect(message).to.include(` ${to};`);
            const next = NEXT_STATUS[party][from];
            expect(message).to.match(new RegExp(`may move to: ${next.length === 0 ? 'none' : next.map((s) => s.replace(/[()]/g, '\\$&')).join(', ')}\\.$`));
          }
        });
      }
    }
  }

  it('keeps the time an order was first shipped through every later move', () => {
    for (const party of ORDER_PARTIES) {
      for (const from of ORDER_STATUSES) {
        for (const to of NEXT_STATUS[party][from]) {
          const { order } = anOrder({ status: from, shippedAt: SHIPPED_BEFORE }).changeStatus(party, actorOf(party), to, NOW);
          expect(order.shippedAt, `${party} ${from} → ${to}`).to.equal(SHIPPED_BEFORE);
        }
      }
    }
  });

  it('keeps it when the order is shipped a second time (Shipped → Refund Sent → Shipped)', () => {
    const first = anOrder({ status: 'In Progress' }).changeStatus('seller', SELLER, 'Shipped', SHIPPED_BEFORE).order;
    const refunded = first.changeStatus('seller', SELLER, 'Refund Sent', NOW).order;
    const again = refunded.changeStatus('seller', SELLER, 'Shipped', new Date('2026-11-24T00:00:00Z')).order;
    expect([first.shippedAt, refunded.shippedAt, again.shippedAt]).to.deep.equal([SHIPPED_BEFORE, SHIPPED_BEFORE, SHIPPED_BEFORE]);
  });
});

describe('Adding a message to an order', () => {
  const order = () => anOrder({ status: 'New Order' });
  const messageEntry = (party: OrderParty, text: string, statusChange: { from: OrderStatus; to: OrderStatus } | null): OrderMessage => ({
    type: 'message',
    orderId: '7-3',
    timestamp: NOW,
    actorId: actorOf(party),
    actor: party,
    text,
    statusChange,
  });

  it('with text only: one message entry, the status as it was, the activity now', () => {
    const o = order();
    const { order: after, messages } = run(o, (x) => x.addMessage('seller', SELLER, 'Thanks!', null, NOW));
    expect(after.record()).to.deep.equal({ ...o.record(), lastActivity: NOW });
    expect(messages).to.deep.equal([messageEntry('seller', 'Thanks!', null)]);
    expect(orderMessageText(messages[0]!, READING)).to.equal('Thanks!');
  });

  it('with a status only: one status entry, the order moved', () => {
    const o = order();
    const { order: after, messages } = run(o, (x) => x.addMessage('seller', SELLER, null, 'Invoice Sent', NOW));
    expect(after.record()).to.deep.equal({ ...o.record(), status: 'Invoice Sent', lastActivity: NOW });
    expect(messages).to.deep.equal([statusEntry('seller', 'New Order', 'Invoice Sent')]);
    expect(orderMessageText(messages[0]!, READING)).to.equal('Seller changed status from New Order to Invoice Sent');
  });

  it('with both: one message entry carrying the status change, its text prefixed by the status sentence', () => {
    const o = order();
    const { order: after, messages } = run(o, (x) => x.addMessage('seller', SELLER, 'Invoice attached.', 'Invoice Sent', NOW));
    expect(after.record()).to.deep.equal({ ...o.record(), status: 'Invoice Sent', lastActivity: NOW });
    expect(messages).to.deep.equal([messageEntry('seller', 'Invoice attached.', { from: 'New Order', to: 'Invoice Sent' })]);
    expect(orderMessageText(messages[0]!, READING)).to.equal('Seller changed status from New Order to Invoice Sent\n\nInvoice attached.');
  });

  it('to Shipped with text: notes when the order was shipped', () => {
    const { order: after } = anOrder({ status: 'In Progress' }).addMessage('seller', SELLER, 'On its way.', 'Shipped', NOW);
    expect([after.status, after.shippedAt]).to.deep.equal(['Shipped', NOW]);
  });

  it('with neither: refused', () => {
    expect(() => run(order(), (x) => x.addMessage('seller', SELLER, null, null, NOW))).to.throw(Refusal, 'Give a message, a status or both.');
  });

  it('with the present status and no text: refused, naming the status', () => {
    expect(() => run(order(), (x) => x.addMessage('seller', SELLER, null, 'New Order', NOW))).to.throw(Refusal, 'The order is already New Order.');
  });

  it('with the present status and text: the text alone, the status not mentioned', () => {
    const o = order();
    const { order: after, messages } = run(o, (x) => x.addMessage('seller', SELLER, 'Hello', 'New Order', NOW));
    expect(after.record()).to.deep.equal({ ...o.record(), lastActivity: NOW });
    expect(messages).to.deep.equal([messageEntry('seller', 'Hello', null)]);
    expect(orderMessageText(messages[0]!, READING)).to.equal('Hello');
  });

  it('with a status the party may not move to, and text: refused, the order unchanged, no message', () => {
    expect(() => run(order(), (x) => x.addMessage('seller', SELLER, 'Shipped it.', 'Shipped', NOW))).to.throw(
      Refusal,
      'An order in status New Order cannot move to Shipped; it may move to: ',
    );
  });

  for (const party of ORDER_PARTIES) {
    it(`by the ${party}, with text and each status from each status: moves exactly by the ${party}'s table`, () => {
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const o = anOrder({ status: from });
          const label = `${party} ${from} → ${to}`;
          if (to === from || NEXT_STATUS[party][from].includes(to)) {
            const { order: after, messages } = run(o, (x) => x.addMessage(party, actorOf(party), 'Note', to, NOW));
            expect(after.status, label).to.equal(to);
            expect(messages, label).to.deep.equal([messageEntry(party, 'Note', to === from ? null : { from, to })]);
          } else {
            expect(() => run(o, (x) => x.addMessage(party, actorOf(party), 'Note', to, NOW)), label).to.throw(Refusal, from);
          }
        }
      }
    });
  }

  it('refused in the words of the reader: the spec\'s (Buyer ed) or the public API\'s (Buyer Contacted)', () => {
    const refusalOf = (work: () => unknown): Refusal => {
      try {
        work();
      } catch (err) {
        if (err instanceof Refusal) return err;
        throw err;
      }
      throw new Error('not refused');
    };
    const publicWords = (term: string): string => (isOrderStatus(term) ? PUBLIC_STATUS_WORDS(term) : term);
    const already = refusalOf(() => anOrder({ status: 'Buyer ed' }).addMessage('seller', SELLER, null, 'Buyer ed', NOW));
    expect(already.message).to.equal('The order is already Buyer ed.');
    expect(already.spelledBy(publicWords).message).to.equal('The order is already Buyer Contacted.');
    const move = refusalOf(() => anOrder({ status: 'Invoice Sent' }).changeStatus('seller', SELLER, 'Shipped', NOW));
    expect(move.message).to.contain('it may move to: Buyer ed, Payment Pending');
    expect(move.spelledBy(publicWords).message).to.equal(
      "An order in status Invoice Sent cannot move to Shipped; it may move to: Buyer Contacted, Payment Pending, Payment Received, Cancelled (Non-Paying Buyer), Cancelled (Item Unavailable), Cancelled (Per Buyer's Request).",
    );
  });

  it('by the buyer: their own words and status change ("Buyer changed status …")', () => {
    const { order: after, messages } = anOrder({ status: 'Invoice Sent' }).addMessage('buyer', BUYER, 'Paid by PayPal.', 'Payment Pending', NOW);
    expect(after.status).to.equal('Payment Pending');
    expect(orderMessageText(messages[0]!, READING)).to.equal('Buyer changed status from Invoice Sent to Payment Pending\n\nPaid by PayPal.');
    expect(() => anOrder({ status: 'Payment Pending' }).addMessage('buyer', BUYER, 'Sent?', 'Shipped', NOW)).to.throw(
      Refusal,
      'A buyer cannot change the status of an order in status Payment Pending.',
    );
  });

  it('by either party on a cancelled order, text only: written', () => {
    for (const party of ORDER_PARTIES) {
      const { order: after, messages } = anOrder({ status: 'Cancelled (Item Unavailable)' }).addMessage(party, actorOf(party), 'Sorry.', null, NOW);
      expect(after.status).to.equal('Cancelled (Item Unavailable)');
      expect(messages).to.have.length(1);
    }
  });
});

describe('Setting an order\'s shipping', () => {
  it('is locked in exactly the spec\'s statuses: the cancelled ones, Payment Received and Shipped', () => {
    expect(SHIPPING_LOCKED_STATUSES).to.have.members([...CANCELLED_STATUSES, 'Payment Received', 'Shipped']);
    expect(SHIPPING_LOCKED_STATUSES).to.have.length(5);
  });

  for (const from of ORDER_STATUSES) {
    const allowed = !SHIPPING_LOCKED_STATUSES.includes(from);
    it(`from ${from}: ${allowed ? 'moves to Invoice Sent' : 'refused'}`, () => {
      const o = anOrder({ status: from, shipping: money('1.00'), shippingMethod: 'Post', version: 2 });
      if (!allowed) {
        expect(() => run(o, (x) => x.setShipping('seller', SELLER, money('4.50'), 'Courier', NOW))).to.throw(
          Refusal,
          `The shipping of an order in status ${from} cannot be changed.`,
        );
        return;
      }
      const { order: after, messages } = run(o, (x) => x.setShipping('seller', SELLER, money('4.50'), 'Courier', NOW));
      // The total moves with the shipping: 10.00 of items and 1.00 shipping before, 10.00 and 4.50 after.
      expect(o.total).to.deep.equal(money('11.00'));
      expect(after.record()).to.deep.equal({ ...o.record(), status: 'Invoice Sent', shipping: money('4.50'), total: money('14.50'), shippingMethod: 'Courier', lastActivity: NOW });
      expect(after.fee).to.deep.equal(o.fee);
      const shipping: OrderMessage = {
        type: 'shipping',
        orderId: '7-3',
        timestamp: NOW,
        actorId: SELLER,
        actor: 'seller',
        original: money('1.00'),
        new: money('4.50'),
        method: 'Courier',
      };
      expect(messages).to.deep.equal(from === 'Invoice Sent' ? [shipping] : [shipping, statusEntry('seller', from, 'Invoice Sent')]);
    });
  }

  it('keeps the method when none is given, and takes 0', () => {
    const { order: after, messages } = anOrder({ shippingMethod: 'Post', shipping: money('3') }).setShipping('seller', SELLER, Money.zero('USD'), null, NOW);
    expect([after.shippingMethod, after.shipping.toString(), after.total.toString()]).to.deep.equal(['Post', '0.00 USD', '10.00 USD']);
    expect(messages[0]).to.include({ type: 'shipping', method: 'Post' });
  });

  it('keeps the time the order was shipped (Refund Sent back to Invoice Sent)', () => {
    const { order: after } = anOrder({ status: 'Refund Sent', shippedAt: SHIPPED_BEFORE }).setShipping('seller', SELLER, money('2'), 'Post', NOW);
    expect([after.status, after.shippedAt]).to.deep.equal(['Invoice Sent', SHIPPED_BEFORE]);
  });

  for (const from of ORDER_STATUSES) {
    it(`by the buyer, from ${from}: forbidden`, () => {
      expect(() => run(anOrder({ status: from }), (x) => x.setShipping('buyer', BUYER, money('2'), 'Post', NOW))).to.throw(
        Refusal,
        'Only the seller can set the shipping of an order.',
      );
    });
  }

  it('in another currency than the order\'s: refused', () => {
    expect(() => run(anOrder(), (x) => x.setShipping('seller', SELLER, money('2', 'EUR'), 'Post', NOW))).to.throw(
      Refusal,
      "The shipping must be in the order's currency, USD.",
    );
    expect(() => run(anOrder({}, '1000', 'JPY'), (x) => x.setShipping('seller', SELLER, money('2'), 'Post', NOW))).to.throw(
      Refusal,
      "The shipping must be in the order's currency, JPY.",
    );
  });

  it('below zero: refused', () => {
    expect(() => run(anOrder(), (x) => x.setShipping('seller', SELLER, money('-0.01'), 'Post', NOW))).to.throw(Refusal, 'shipping may not be negative.');
  });
});

describe('Recording a refund', () => {
  /** Total 10.00, shipping 2.50: 12.50 paid. */
  const paid = (more: Partial<OrderRecord> = {}) => anOrder({ shipping: money('2.50'), ...more });
  const refundEntry = (type: 'refund_sent' | 'refund_received', amount: Money): OrderMessage => ({
    type,
    orderId: '7-3',
    timestamp: NOW,
    actorId: SELLER,
    actor: 'seller',
    amount,
  });

  it('may be sent from the paid statuses: Payment Received, In Progress, Shipped, Refund Sent', () => {
    expect(REFUNDABLE_STATUSES).to.have.members(['Payment Received', 'In Progress', 'Shipped', 'Refund Sent']);
  });

  for (const from of ORDER_STATUSES) {
    const allowed = REFUNDABLE_STATUSES.includes(from);
    it(`sent from ${from}: ${allowed ? 'moves to Refund Sent' : 'refused'}`, () => {
      const o = paid({ status: from, refunded: money('1.00'), version: 5 });
      if (!allowed) {
        expect(() => run(o, (x) => x.recordRefund('seller', SELLER, 'sent', money('2.00'), NOW))).to.throw(
          Refusal,
          `An order in status ${from} has not been paid; a refund may be sent once it is Payment Received.`,
        );
        return;
      }
      const { order: after, messages } = run(o, (x) => x.recordRefund('seller', SELLER, 'sent', money('2.00'), NOW));
      expect(after.record()).to.deep.equal({ ...o.record(), status: 'Refund Sent', refunded: money('3.00'), lastActivity: NOW });
      const sent = refundEntry('refund_sent', money('2.00'));
      expect(messages).to.deep.equal(from === 'Refund Sent' ? [sent] : [sent, statusEntry('seller', from, 'Refund Sent')]);
    });
  }

  // [currency, total, shipping, refunded before, amount, refused with the amount left (or null: accepted)]
  const sentCases: Array<[string, string, string, string, string, string | null]> = [
    ['USD', '10', '2.50', '0', '12.50', null], // all of it
    ['USD', '10', '2.50', '0', '12.51', '12.50 USD'], // a cent more
    ['USD', '10', '2.50', '3.00', '9.50', null], // what is left
    ['USD', '10', '2.50', '3.00', '9.51', '9.50 USD'],
    ['USD', '10', '0', '0', '10.00', null], // no shipping charged
    ['USD', '10', '0', '0', '10.01', '10.00 USD'],
    ['USD', '10', '2.50', '12.50', '0.01', '0.00 USD'], // all refunded already
    ['USD', '10', '2.50', '0', '0.01', null], // the least
    ['JPY', '1000', '500', '0', '1500', null],
    ['JPY', '1000', '500', '0', '1501', '1500 JPY'], // a yen more
    ['JPY', '1000', '500', '200', '1300', null],
    ['JPY', '1000', '500', '200', '1301', '1300 JPY'],
  ];
  for (const [currency, total, shipping, before, amount, left] of sentCases) {
    const c = currency as 'USD' | 'JPY';
    it(`sent of ${amount} ${c} on ${total} + ${shipping} shipping, ${before} refunded: ${left === null ? 'accepted' : `refused, at most ${left}`}`, () => {
      const o = anOrder({ status: 'Shipped', shipping: money(shipping, c), refunded: money(before, c) }, total, c);
      expect(o.itemsTotal().toString()).to.equal(money(total, c).toString());
      expect(o.total.toString()).to.equal(money(total, c).plus(money(shipping, c)).toString());
      if (left !== null) {
        expect(() => run(o, (x) => x.recordRefund('seller', SELLER, 'sent', money(amount, c), NOW))).to.throw(
          Refusal,
          `A refund may be at most what is left of the payment, ${left}.`,
        );
      } else {
        const { order: after } = o.recordRefund('seller', SELLER, 'sent', money(amount, c), NOW);
        expect(after.refunded.toString()).to.equal(money(before, c).plus(money(amount, c)).toString());
      }
    });
  }

  for (const kind of ['sent', 'received'] as const) {
    it(`${kind} of nothing, of less, or in another currency: refused`, () => {
      const o = paid({ status: 'Shipped', refunded: money('5') });
      expect(() => run(o, (x) => x.recordRefund('seller', SELLER, kind, money('0'), NOW))).to.throw(Refusal, 'A refund must be more than nothing.');
      expect(() => run(o, (x) => x.recordRefund('seller', SELLER, kind, money('-1'), NOW))).to.throw(Refusal, 'A refund must be more than nothing.');
      expect(() => run(o, (x) => x.recordRefund('seller', SELLER, kind, money('1', 'EUR'), NOW))).to.throw(Refusal, "A refund must be in the order's currency, USD.");
    });

    it(`${kind} by the buyer: forbidden`, () => {
      expect(() => run(paid({ status: 'Shipped', refunded: money('5') }), (x) => x.recordRefund('buyer', BUYER, kind, money('1'), NOW))).to.throw(
        Refusal,
        'Only the seller can record a refund.',
      );
    });
  }

  // [refunded, received before, amount, refused with (or null: accepted)]
  const receivedCases: Array<[string, string, string, string | null]> = [
    ['5.00', '2.00', '3.00', null], // all that is outstanding
    ['5.00', '2.00', '3.01', 'A refund received may be at most what was sent and not yet received, 3.00 USD.'],
    ['5.00', '0', '0.01', null],
    ['5.00', '0', '5.00', null],
    ['5.00', '0', '5.01', 'A refund received may be at most what was sent and not yet received, 5.00 USD.'],
    ['0', '0', '0.01', 'No refund sent is waiting to be received.'],
    ['5.00', '5.00', '0.01', 'No refund sent is waiting to be received.'],
  ];
  for (const [refunded, before, amount, refusal] of receivedCases) {
    it(`received of ${amount} with ${refunded} sent, ${before} received before: ${refusal ?? 'accepted'}`, () => {
      const o = paid({ status: 'Refund Sent', refunded: money(refunded), refundReceived: money(before) });
      if (refusal !== null) {
        expect(() => run(o, (x) => x.recordRefund('seller', SELLER, 'received', money(amount), NOW))).to.throw(Refusal).with.property('message', refusal);
        return;
      }
      const { order: after, messages } = run(o, (x) => x.recordRefund('seller', SELLER, 'received', money(amount), NOW));
      expect(after.record()).to.deep.equal({ ...o.record(), refundReceived: money(before).plus(money(amount)), lastActivity: NOW });
      expect(messages).to.deep.equal([refundEntry('refund_received', money(amount))]);
    });
  }

  for (const from of ORDER_STATUSES) {
    it(`received on an order in ${from} with a refund outstanding: recorded, the status kept`, () => {
      const o = paid({ status: from, refunded: money('4'), refundReceived: money('1') });
      const { order: after } = o.recordRefund('seller', SELLER, 'received', money('3'), NOW);
      expect([after.status, after.refundReceived.toString()]).to.deep.equal([from, '4.00 USD']);
    });
  }
});

describe('Archiving an order', () => {
  for (const archived of [true, false]) {
    it(`by the seller, ${archived}: set, nothing written, nothing else changed`, () => {
      const o = anOrder({ archived: !archived });
      const { order: after, messages } = run(o, (x) => x.setArchived('seller', archived));
      expect(after.record()).to.deep.equal({ ...o.record(), archived });
      expect(after.lastActivity).to.equal(CREATED);
      expect(messages).to.deep.equal([]);
    });
  }

  it('by the buyer: forbidden', () => {
    expect(() => run(anOrder(), (x) => x.setArchived('buyer', true))).to.throw(Refusal, 'Only the seller can archive an order.');
  });
});

describe("The lifecycle's refusals", () => {
  it('are the domain refusal: a move the table refuses is invalid, a change the party may never make forbidden', () => {
    expect(() => anOrder().setArchived('buyer', true)).to.throw(Refusal).with.property('kind', 'forbidden');
    expect(() => anOrder().setShipping('buyer', BUYER, money('2'), 'Post', NOW)).to.throw(Refusal).with.property('kind', 'forbidden');
    expect(() => anOrder().recordRefund('buyer', BUYER, 'sent', money('1'), NOW)).to.throw(Refusal).with.property('kind', 'forbidden');
    expect(() => anOrder({ status: 'Invoice Sent' }).changeStatus('seller', SELLER, 'Shipped', NOW)).to.throw(Refusal).with.property('kind', 'invalid');
    expect(() => anOrder().addMessage('seller', SELLER, null, null, NOW)).to.throw(Refusal).with.property('kind', 'invalid');
  });
});
