import { expect } from 'chai';
import type { Money } from '../../../../domain/marketplace/money.js';
import { orderMessageText, statusSentence, type OrderMessage, type StatusWords } from '../../../../domain/orders/order-message.js';
import type { OrderParty } from '../../../../domain/orders/order-party.js';
import { BUYER_CONTACTED } from '../../../../domain/orders/order-status.js';
import { BUYER, money, NOW, SELLER } from './an-order.js';

/** The Discogs dialect's words: `Buyer ed` is `Buyer Contacted`. */
const discogs: StatusWords = (s) => (s === 'Buyer ed' ? BUYER_CONTACTED : s);
const base = (actor: OrderParty) => ({ orderId: '7-3', timestamp: NOW, actorId: actor === 'seller' ? SELLER : BUYER, actor });
const shipping = (original: Money, next: Money, method: string): OrderMessage => ({ ...base('seller'), type: 'shipping', original, new: next, method });

describe('An order message\'s text', () => {
  // [entry, the text in the spec's words, in the Discogs dialect's]
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
      'Seller changed status from Buyer Contacted to Invoice Sent',
    ],
    [
      'a buyer\'s cancellation',
      { ...base('buyer'), type: 'status', statusChange: { from: 'New Order', to: "Cancelled (Per Buyer's Request)" } },
      "Buyer changed status from New Order to Cancelled (Per Buyer's Request)",
      "Buyer changed status from New Order to Cancelled (Per Buyer's Request)",
    ],
    ['shipping with a method', shipping(money('0'), money('4.5'), 'Registered mail'), 'Seller changed shipping from $0.00 to $4.50 (Registered mail)', 'Seller changed shipping from $0.00 to $4.50 (Registered mail)'],
    ['shipping without a method', shipping(money('4.5'), money('1234.5'), ''), 'Seller changed shipping from $4.50 to $1,234.50', 'Seller changed shipping from $4.50 to $1,234.50'],
    ['shipping in yen', shipping(money('0', 'JPY'), money('1500', 'JPY'), 'EMS'), 'Seller changed shipping from ¥0 to ¥1,500 (EMS)', 'Seller changed shipping from ¥0 to ¥1,500 (EMS)'],
    ['a refund sent', { ...base('seller'), type: 'refund_sent', amount: money('12.5', 'EUR') }, 'Seller sent a refund of €12.50', 'Seller sent a refund of €12.50'],
    [
      'a refund received',
      { ...base('seller'), type: 'refund_received', amount: money('3') },
      'Seller recorded that the buyer received a refund of $3.00',
      'Seller recorded that the buyer received a refund of $3.00',
    ],
  ];
  for (const [what, entry, spec, dialect] of cases) {
    it(`of ${what}`, () => {
      expect(orderMessageText(entry)).to.equal(spec);
      expect(orderMessageText(entry, discogs)).to.equal(dialect);
    });
  }

  it('starts with the status sentence when it carries a status change', () => {
    const change = { from: 'Buyer ed', to: 'Payment Received' } as const;
    expect(statusSentence('seller', change)).to.equal('Seller changed status from Buyer ed to Payment Received');
    expect(statusSentence('buyer', change, discogs)).to.equal('Buyer changed status from Buyer Contacted to Payment Received');
  });
});
