import { expect } from 'chai';
import type { Money } from '../../../../domain/marketplace/money.js';
import { orderMessageSubject, orderMessageText, statusSentence, type LogReading, type OrderMessage } from '../../../../domain/orders/order-message.js';
import type { OrderParty } from '../../../../domain/orders/order-party.js';
import { PUBLIC_STATUS_WORDS } from '../../../../domain/orders/order-status.js';
import { BUYER, money, NOW, SELLER } from './an-order.js';

const base = (actor: OrderParty) => ({ orderId: '7-3', timestamp: NOW, actorId: actor === 'seller' ? SELLER : BUYER, actor });
const shipping = (original: Money, next: Money, method: string): OrderMessage => ({ ...base('seller'), type: 'shipping', original, new: next, method });
/** Who the sentences name: the acting party's login (the seller's, sam, unless the buyer acts) and the buyer's, bob. */
const reading = (m: OrderMessage, dialect: 'spec' | 'discogs'): LogReading => ({
  actorName: m.actor === 'seller' ? 'sam' : 'bob',
  buyerName: 'bob',
  ...(dialect === 'discogs' ? { words: PUBLIC_STATUS_WORDS, wording: 'public' as const } : {}),
});

describe('An order message\'s text', () => {
  // [entry, the text in the spec's dialect, in the Discogs dialect's (the public API's documented log)]
  const cases: Array<[string, OrderMessage, string, string]> = [
    ['a message', { ...base('buyer'), type: 'message', text: 'Is it sealed?', statusChange: null }, 'Is it sealed?', 'Is it sealed?'],
    [
      'a message with a status change',
      { ...base('seller'), type: 'message', text: 'Will send an invoice.', statusChange: { from: 'New Order', to: 'Buyer ed' } },
      'Seller changed status from New Order to Buyer ed\n\nWill send an invoice.',
      'Seller changed status from New Order to Buyer Contacted\n\nWill send an invoice.',
    ],
    [
      'a buyer\'s message with a status change',
      { ...base('buyer'), type: 'message', text: 'Paid.', statusChange: { from: 'Invoice Sent', to: 'Payment Pending' } },
      'Buyer changed status from Invoice Sent to Payment Pending\n\nPaid.',
      'Buyer changed status from Invoice Sent to Payment Pending\n\nPaid.',
    ],
    [
      'a status change',
      { ...base('seller'), type: 'status', statusChange: { from: 'Buyer ed', to: 'Invoice Sent' } },
      'Seller changed status from Buyer ed to Invoice Sent',
      'sam changed the order status to Invoice Sent.',
    ],
    [
      'a status change to Buyer ed',
      { ...base('seller'), type: 'status', statusChange: { from: 'New Order', to: 'Buyer ed' } },
      'Seller changed status from New Order to Buyer ed',
      'sam changed the order status to Buyer Contacted.',
    ],
    [
      'a buyer\'s cancellation',
      { ...base('buyer'), type: 'status', statusChange: { from: 'New Order', to: "Cancelled (Per Buyer's Request)" } },
      "Buyer changed status from New Order to Cancelled (Per Buyer's Request)",
      "bob changed the order status to Cancelled (Per Buyer's Request).",
    ],
    ['shipping with a method', shipping(money('0'), money('4.5'), 'Registered mail'), 'sam set the shipping price to $4.50.', 'sam set the shipping price to $4.50.'],
    ['shipping in thousands', shipping(money('4.5'), money('1234.5'), ''), 'sam set the shipping price to $1,234.50.', 'sam set the shipping price to $1,234.50.'],
    ['shipping in yen', shipping(money('0', 'JPY'), money('1500', 'JPY'), 'EMS'), 'sam set the shipping price to ¥1,500.', 'sam set the shipping price to ¥1,500.'],
    ['a refund sent', { ...base('seller'), type: 'refund_sent', amount: money('12.5', 'EUR') }, 'sam sent refund of €12.50.', 'sam sent refund of €12.50.'],
    ['a refund received (the buyer named)', { ...base('seller'), type: 'refund_received', amount: money('5') }, 'bob received refund of $5.00.', 'bob received refund of $5.00.'],
  ];
  for (const [what, entry, spec, dialect] of cases) {
    it(`of ${what}`, () => {
      expect(orderMessageText(entry, reading(entry, 'spec'))).to.equal(spec);
      expect(orderMessageText(entry, reading(entry, 'discogs'))).to.equal(dialect);
    });
  }

  it('never spells a status the spec\'s way in the public wording', () => {
    for (const [, entry] of cases) expect(orderMessageText(entry, reading(entry, 'discogs'))).not.to.contain('Buyer ed');
  });

  it('starts with the status sentence when it carries a status change', () => {
    const change = { from: 'Buyer ed', to: 'Payment Received' } as const;
    expect(statusSentence('seller', change)).to.equal('Seller changed status from Buyer ed to Payment Received');
    expect(statusSentence('buyer', change, PUBLIC_STATUS_WORDS)).to.equal('Buyer changed status from Buyer Contacted to Payment Received');
  });
});

describe('An order message\'s subject', () => {
  const message: OrderMessage = { ...base('seller'), type: 'message', text: 'Thank you for your order!', statusChange: null };
  it('of a message: New Message, the order and its first item\'s title, then how many more', () => {
    expect(orderMessageSubject(message, 'Stockholm', 1)).to.equal('New Message - Order #7-3 - Stockholm');
    expect(orderMessageSubject(message, 'TZ Goes Beyond 10!', 2)).to.equal('New Message - Order #7-3 - TZ Goes Beyond 10! + 1 more item');
    expect(orderMessageSubject(message, 'Stockholm', 4)).to.equal('New Message - Order #7-3 - Stockholm + 3 more items');
    expect(orderMessageSubject(message, '', 1)).to.equal('New Message - Order #7-3');
  });

  it('of every other entry: empty', () => {
    expect(orderMessageSubject({ ...base('seller'), type: 'status', statusChange: { from: 'New Order', to: 'Shipped' } }, 'Stockholm', 1)).to.equal('');
    expect(orderMessageSubject(shipping(money('0'), money('5'), ''), 'Stockholm', 1)).to.equal('');
    expect(orderMessageSubject({ ...base('seller'), type: 'refund_sent', amount: money('5') }, 'Stockholm', 1)).to.equal('');
  });
});
