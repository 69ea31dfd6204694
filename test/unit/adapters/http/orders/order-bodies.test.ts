import { expect } from 'chai';
import { checkoutInput, feedbackInput, orderEditInput, orderMessageInput, refundInput } from '../../../../../adapters/http/orders/order-bodies.js';
import type { Currency } from '../../../../../domain/marketplace/currency.js';
import { FEEDBACK_RATINGS, MAX_FEEDBACK_COMMENT_LENGTH } from '../../../../../domain/orders/order-feedback.js';
import { MAX_ORDER_MESSAGE_LENGTH } from '../../../../../domain/orders/order-message.js';
import { MAX_SHIPPING_METHOD_LENGTH, type OrderEdit } from '../../../../../domain/orders/order-requests.js';
import { ORDER_STATUSES } from '../../../../../domain/orders/order-status.js';
import { Refusal } from '../../../../../domain/shared/refusal.js';

/*
 * The orders' and the checkout's bodies as the HTTP edge checks them (adapters/http/orders/order-bodies.ts): what
 * each takes into the use case's input, and the one 422 naming every problem of a bad one, word for word.
 */

/** An edit's fields as text, to compare amounts by value. */
const shown = (e: OrderEdit) => ({ ...e, shipping: e.shipping?.toString() ?? null });
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    expect(err).to.be.instanceOf(Refusal).with.property('kind', 'invalid');
    return (err as Error).message;
  }
  throw new Error('not refused');
};

describe('An order edit request', () => {
  const none = { status: null, shipping: null, shippingMethod: null, archived: null };

  // [body, currency, the edit (shipping as text)]
  const accepted: Array<[Record<string, unknown>, Currency, Partial<ReturnType<typeof shown>>]> = [
    [{ status: 'Invoice Sent' }, 'USD', { status: 'Invoice Sent' }],
    [{ status: 'Buyer ed' }, 'USD', { status: 'Buyer ed' }],
    [{ status: 'Buyer Contacted' }, 'USD', { status: 'Buyer ed' }], // the Discogs dialect's spelling
    [{ shipping: 5 }, 'USD', { shipping: '5.00 USD' }],
    [{ shipping: 4.5 }, 'USD', { shipping: '4.50 USD' }],
    [{ shipping: '4.99' }, 'USD', { shipping: '4.99 USD' }],
    [{ shipping: ' 4.99 ' }, 'USD', { shipping: '4.99 USD' }],
    [{ shipping: '4.990' }, 'USD', { shipping: '4.99 USD' }], // trailing zeros are not decimals
    [{ shipping: 0 }, 'USD', { shipping: '0.00 USD' }],
    [{ shipping: '0' }, 'USD', { shipping: '0.00 USD' }],
    [{ shipping: '0.00' }, 'USD', { shipping: '0.00 USD' }],
    [{ shipping: '.0' }, 'USD', { shipping: '0.00 USD' }],
    [{ shipping: 0 }, 'JPY', { shipping: '0 JPY' }],
    [{ shipping: 800 }, 'JPY', { shipping: '800 JPY' }],
    [{ shipping: '800' }, 'JPY', { shipping: '800 JPY' }],
    [{ shipping: 5, shipping_method: ' Registered mail ' }, 'USD', { shipping: '5.00 USD', shippingMethod: 'Registered mail' }],
    [{ shipping: 5, shipping_method: '' }, 'USD', { shipping: '5.00 USD', shippingMethod: '' }],
    [{ shipping: 5, shipping_method: 'x'.repeat(MAX_SHIPPING_METHOD_LENGTH) }, 'USD', { shipping: '5.00 USD', shippingMethod: 'x'.repeat(MAX_SHIPPING_METHOD_LENGTH) }],
    [{ shipping: 5, shipping_method: null }, 'USD', { shipping: '5.00 USD' }],
    [{ archived: true }, 'USD', { archived: true }],
    [{ archived: false }, 'USD', { archived: false }],
    [{ archived: 'true' }, 'USD', { archived: true }],
    [{ archived: 'false' }, 'USD', { archived: false }],
    [{ status: 'Shipped', archived: true }, 'USD', { status: 'Shipped', archived: true }],
    [{ shipping: 1, archived: false }, 'USD', { shipping: '1.00 USD', archived: false }],
    [{ status: 'Shipped', shipping: null }, 'USD', { status: 'Shipped' }], // null is not given
    [{ status: 'Shipped', other: 1 }, 'USD', { status: 'Shipped' }],
  ];
  for (const [body, currency, edit] of accepted) {
    it(`takes ${JSON.stringify(body).slice(0, 60)} in ${currency}`, () => expect(shown(orderEditInput(body, currency))).to.deep.equal({ ...none, ...edit }));
  }

  for (const status of ORDER_STATUSES) {
    it(`takes the status ${status}`, () => expect(orderEditInput({ status }, 'USD').status).to.equal(status));
  }

  // [body, currency, the whole message]
  const refused: Array<[unknown, Currency, string]> = [
    [null, 'USD', 'The request body must be a JSON object with status, shipping or archived.'],
    [[{ status: 'Shipped' }], 'USD', 'The request body must be a JSON object with status, shipping or archived.'],
    ['Shipped', 'USD', 'The request body must be a JSON object with status, shipping or archived.'],
    [{}, 'USD', 'Give a status, shipping or archived.'],
    [{ status: null, shipping: null, archived: null }, 'USD', 'Give a status, shipping or archived.'],
    [{ status: 'Shipped', shipping: 5 }, 'USD', 'status and shipping cannot be changed in the same request.'],
    [{ status: 'Shipped', shipping: 0 }, 'USD', 'status and shipping cannot be changed in the same request.'],
    [{ status: 'Sent' }, 'USD', 'status must be an order status (see the API\'s order statuses), got "Sent".'],
    [{ status: 'shipped' }, 'USD', 'status must be an order status (see the API\'s order statuses), got "shipped".'],
    [{ status: 'All' }, 'USD', 'status must be an order status (see the API\'s order statuses), got "All".'],
    [{ status: 'Cancelled' }, 'USD', 'status must be an order status (see the API\'s order statuses), got "Cancelled".'],
    [{ status: 7 }, 'USD', 'status must be an order status (see the API\'s order statuses), got 7.'],
    [{ shipping: -1 }, 'USD', 'shipping may not be negative, got -1.'],
    [{ shipping: '-0.01' }, 'USD', 'shipping may not be negative, got "-0.01".'],
    [{ shipping: 'five' }, 'USD', 'shipping must be a number, got "five".'],
    [{ shipping: '' }, 'USD', 'shipping must be a number, got "".'],
    [{ shipping: true }, 'USD', 'shipping must be a number, got true.'],
    [{ shipping: '1e2' }, 'USD', 'shipping must be a number, got "1e2".'],
    [{ shipping: '4.999' }, 'USD', 'shipping may have at most 2 decimals in USD, got 4.999.'],
    [{ shipping: 0.001 }, 'USD', 'shipping may have at most 2 decimals in USD, got 0.001.'],
    [{ shipping: 4.5 }, 'JPY', 'shipping may have at most 0 decimals in JPY, got 4.5.'],
    [{ shipping: '800.5' }, 'JPY', 'shipping may have at most 0 decimals in JPY, got 800.5.'],
    [{ shipping: 2_000_000_000 }, 'USD', 'shipping may be at most 1000000000, got 2000000000.'],
    [{ shipping_method: 'Post' }, 'USD', 'shipping_method goes with shipping. Give a status, shipping or archived.'],
    [{ status: 'Shipped', shipping_method: 'Post' }, 'USD', 'shipping_method goes with shipping.'],
    [{ shipping: 5, shipping_method: 5 }, 'USD', 'shipping_method must be text, got 5.'],
    [{ shipping: 5, shipping_method: 'x'.repeat(MAX_SHIPPING_METHOD_LENGTH + 1) }, 'USD', `shipping_method may be at most ${MAX_SHIPPING_METHOD_LENGTH} characters long, got ${MAX_SHIPPING_METHOD_LENGTH + 1}.`],
    [{ archived: 'yes' }, 'USD', 'archived must be true or false, got "yes".'],
    [{ archived: 1 }, 'USD', 'archived must be true or false, got 1.'],
    [{ archived: 'True' }, 'USD', 'archived must be true or false, got "True".'],
    [
      { status: 'Sent', shipping: -2, archived: 'no' },
      'USD',
      'status must be an order status (see the API\'s order statuses), got "Sent". shipping may not be negative, got -2. archived must be true or false, got "no". status and shipping cannot be changed in the same request.',
    ],
  ];
  for (const [body, currency, message] of refused) {
    it(`refuses ${JSON.stringify(body)?.slice(0, 60)} in ${currency}`, () => {
      expect(refusal(() => orderEditInput(body, currency))).to.equal(message);
    });
  }

  it('is not fooled by a body naming a rule or the prototype: each rule reads the fields, and the currency is not a field', () => {
    // JSON.parse keeps `__proto__` as an ordinary key; set as the DTO's own property, it replaces no prototype.
    const hostile = JSON.parse('{"__proto__": {"status": "Shipped"}, "nothingGiven": 1, "statusWithShipping": 1, "shippingMethodAlone": 1}');
    expect(refusal(() => orderEditInput(hostile, 'USD'))).to.equal('Give a status, shipping or archived.');
    expect(refusal(() => orderEditInput({ shipping: '4.5', currency: 'USD' }, 'JPY'))).to.equal('shipping may have at most 0 decimals in JPY, got 4.5.');
    expect(refusal(() => orderEditInput({ shipping: 1, status: 'Sent', statusWithShipping: null }, 'USD'))).to.equal(
      'status must be an order status (see the API\'s order statuses), got "Sent". status and shipping cannot be changed in the same request.',
    );
  });

  it('names a field of the edit in each of its problems', () => {
    for (const [body, currency] of refused) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) continue;
      let problems: readonly string[] = [];
      try {
        orderEditInput(body, currency);
      } catch (err) {
        problems = (err as Refusal).problems.map((p) => p.message);
      }
      expect(problems, JSON.stringify(body)).not.to.be.empty;
      for (const p of problems) expect(p, JSON.stringify(body)).to.match(/\b(status|shipping|shipping_method|archived)\b/);
    }
  });
});

describe('An order message request', () => {
  const accepted: Array<[Record<string, unknown>, { text: string | null; status: string | null }]> = [
    [{ message: 'Hello' }, { text: 'Hello', status: null }],
    [{ message: ' Hello\n' }, { text: ' Hello\n', status: null }], // kept as written
    [{ status: 'Payment Pending' }, { text: null, status: 'Payment Pending' }],
    [{ status: 'Buyer Contacted' }, { text: null, status: 'Buyer ed' }],
    [{ message: 'Paid.', status: 'Payment Pending' }, { text: 'Paid.', status: 'Payment Pending' }],
    [{ message: 'x'.repeat(MAX_ORDER_MESSAGE_LENGTH) }, { text: 'x'.repeat(MAX_ORDER_MESSAGE_LENGTH), status: null }],
    [{ message: 'Hi', status: null }, { text: 'Hi', status: null }],
  ];
  for (const [body, request] of accepted) {
    it(`takes ${JSON.stringify(body).slice(0, 60)}`, () => expect(orderMessageInput(body)).to.deep.equal(request));
  }

  const refused: Array<[unknown, string]> = [
    [undefined, 'The request body must be a JSON object with message, status or both.'],
    [{}, 'Give a message, a status or both.'],
    [{ message: null, status: null }, 'Give a message, a status or both.'],
    [{ message: '' }, 'message may not be blank.'],
    [{ message: ' \n\t' }, 'message may not be blank.'],
    [{ message: 12 }, 'message must be text, got 12.'],
    [{ message: ['Hi'] }, 'message must be text, got ["Hi"].'],
    [{ message: 'x'.repeat(MAX_ORDER_MESSAGE_LENGTH + 1) }, `message may be at most ${MAX_ORDER_MESSAGE_LENGTH} characters long, got ${MAX_ORDER_MESSAGE_LENGTH + 1}.`],
    [{ status: 'Paid' }, 'status must be an order status (see the API\'s order statuses), got "Paid".'],
    [{ message: '', status: 'Paid' }, 'message may not be blank. status must be an order status (see the API\'s order statuses), got "Paid".'],
  ];
  for (const [body, message] of refused) {
    it(`refuses ${JSON.stringify(body)?.slice(0, 60)}`, () => expect(refusal(() => orderMessageInput(body))).to.equal(message));
  }
});

describe('A refund request', () => {
  const accepted: Array<[Record<string, unknown>, Currency, 'sent' | 'received', string]> = [
    [{ amount: 5 }, 'USD', 'sent', '5.00 USD'], // sent unless told
    [{ amount: '5.25', type: 'sent' }, 'USD', 'sent', '5.25 USD'],
    [{ amount: 0.01, type: 'received' }, 'USD', 'received', '0.01 USD'],
    [{ amount: 1, type: null }, 'USD', 'sent', '1.00 USD'],
    [{ amount: '300' }, 'JPY', 'sent', '300 JPY'],
  ];
  for (const [body, currency, kind, amount] of accepted) {
    it(`takes ${JSON.stringify(body)} in ${currency}`, () => {
      const r = refundInput(body, currency);
      expect([r.kind, r.amount.toString()]).to.deep.equal([kind, amount]);
    });
  }

  const refused: Array<[unknown, Currency, string]> = [
    [42, 'USD', 'The request body must be a JSON object with amount.'],
    [{}, 'USD', 'amount is required.'],
    [{ type: 'sent' }, 'USD', 'amount is required.'],
    [{ amount: 0 }, 'USD', 'amount must be greater than 0, got 0.'],
    [{ amount: '0.00' }, 'USD', 'amount must be greater than 0, got 0.00.'],
    [{ amount: -5 }, 'USD', 'amount must be greater than 0, got -5.'],
    [{ amount: 'lots' }, 'USD', 'amount must be a number, got "lots".'],
    [{ amount: '1.005' }, 'USD', 'amount may have at most 2 decimals in USD, got 1.005.'],
    [{ amount: 1.5 }, 'JPY', 'amount may have at most 0 decimals in JPY, got 1.5.'],
    [{ amount: 5, type: 'returned' }, 'USD', 'type must be sent or received, got "returned".'],
    [{ type: 'both' }, 'USD', 'type must be sent or received, got "both". amount is required.'],
  ];
  for (const [body, currency, message] of refused) {
    it(`refuses ${JSON.stringify(body)} in ${currency}`, () => expect(refusal(() => refundInput(body, currency))).to.equal(message));
  }
});

describe('A feedback request', () => {
  const accepted: Array<[Record<string, unknown>, string, string]> = [
    [{ rating: 'positive', comment: 'Fast, well packed.' }, 'positive', 'Fast, well packed.'],
    [{ rating: 'neutral', comment: 'Slow.' }, 'neutral', 'Slow.'],
    [{ rating: 'negative', comment: 'Never arrived.' }, 'negative', 'Never arrived.'],
    [{ rating: 'positive' }, 'positive', ''], // a positive needs no comment
    [{ rating: 'positive', comment: null }, 'positive', ''],
    [{ rating: 'positive', comment: '  ' }, 'positive', ''],
    [{ rating: 'negative', comment: '  Cracked.\n' }, 'negative', 'Cracked.'], // trimmed
    [{ rating: 'neutral', comment: 'x'.repeat(MAX_FEEDBACK_COMMENT_LENGTH) }, 'neutral', 'x'.repeat(MAX_FEEDBACK_COMMENT_LENGTH)],
  ];
  for (const [body, rating, comment] of accepted) {
    it(`takes ${JSON.stringify(body).slice(0, 60)}`, () => expect(feedbackInput(body)).to.deep.equal({ rating, comment }));
  }

  it('takes each of the three ratings', () => {
    expect(FEEDBACK_RATINGS).to.deep.equal(['positive', 'neutral', 'negative']);
    for (const rating of FEEDBACK_RATINGS) expect(feedbackInput({ rating, comment: 'Why.' }).rating).to.equal(rating);
  });

  const refused: Array<[unknown, string]> = [
    [null, 'The request body must be a JSON object with rating and comment.'],
    ['positive', 'The request body must be a JSON object with rating and comment.'],
    [[], 'The request body must be a JSON object with rating and comment.'],
    [{}, 'rating is required.'],
    [{ rating: null, comment: 'Good.' }, 'rating is required.'],
    [{ rating: 'great', comment: 'Good.' }, 'rating must be one of positive, neutral, negative, got "great".'],
    [{ rating: 'Positive' }, 'rating must be one of positive, neutral, negative, got "Positive".'],
    [{ rating: 1 }, 'rating must be one of positive, neutral, negative, got 1.'],
    [{ rating: 'neutral' }, 'A neutral feedback needs a comment saying why.'],
    [{ rating: 'negative' }, 'A negative feedback needs a comment saying why.'],
    [{ rating: 'negative', comment: '' }, 'A negative feedback needs a comment saying why.'],
    [{ rating: 'negative', comment: ' \n ' }, 'A negative feedback needs a comment saying why.'],
    [{ rating: 'positive', comment: 5 }, 'comment must be text, got 5.'],
    [{ rating: 'negative', comment: 5 }, 'comment must be text, got 5. A negative feedback needs a comment saying why.'],
    [
      { rating: 'positive', comment: 'x'.repeat(MAX_FEEDBACK_COMMENT_LENGTH + 1) },
      `comment may be at most ${MAX_FEEDBACK_COMMENT_LENGTH} characters long, got ${MAX_FEEDBACK_COMMENT_LENGTH + 1}.`,
    ],
  ];
  for (const [body, message] of refused) {
    it(`refuses ${JSON.stringify(body)?.slice(0, 60)}`, () => expect(() => feedbackInput(body)).to.throw(Refusal).that.includes({ kind: 'invalid', message }));
  }
});

describe('Checkout terms', () => {
  it('takes the address, optional instructions and an optional seller', () => {
    expect(checkoutInput({ shipping_address: 'A\nB' })).to.deep.equal({ shippingAddress: 'A\nB', additionalInstructions: '', seller: null });
    expect(checkoutInput({ shipping_address: 'A', additional_instructions: null, seller: null })).to.deep.equal({ shippingAddress: 'A', additionalInstructions: '', seller: null });
    expect(checkoutInput({ shipping_address: 'A', additional_instructions: 'Ring.', seller: ' sue ' })).to.deep.equal({ shippingAddress: 'A', additionalInstructions: 'Ring.', seller: 'sue' });
    expect(checkoutInput({ shipping_address: 'x'.repeat(2000), additional_instructions: 'y'.repeat(2000) }).shippingAddress).to.have.length(2000);
  });

  const refused: Array<[unknown, string]> = [
    [undefined, 'The request body must be a JSON object with shipping_address.'],
    [null, 'The request body must be a JSON object with shipping_address.'],
    ['A', 'The request body must be a JSON object with shipping_address.'],
    [['A'], 'The request body must be a JSON object with shipping_address.'],
    [{}, 'shipping_address is required.'],
    [{ shipping_address: null }, 'shipping_address is required.'],
    [{ shipping_address: '' }, 'shipping_address may not be blank.'],
    [{ shipping_address: ' \n ' }, 'shipping_address may not be blank.'],
    [{ shipping_address: true }, 'shipping_address must be text, got true.'],
    [{ shipping_address: 'x'.repeat(2001) }, 'shipping_address may be at most 2000 characters long, got 2001.'],
    [{ shipping_address: 'A', additional_instructions: {} }, 'additional_instructions must be text, got {}.'],
    [{ shipping_address: 'A', additional_instructions: 'y'.repeat(2001) }, 'additional_instructions may be at most 2000 characters long, got 2001.'],
    [{ shipping_address: 'A', seller: '' }, 'seller must be a seller\'s name, got "".'],
    [{ shipping_address: 'A', seller: 3 }, "seller must be a seller's name, got 3."],
    [{ seller: 3 }, "shipping_address is required. seller must be a seller's name, got 3."],
  ];
  for (const [body, message] of refused) {
    it(`refuses ${JSON.stringify(body)?.slice(0, 60)}`, () => expect(() => checkoutInput(body)).to.throw(Refusal).that.includes({ kind: 'invalid', message }));
  }
});
