import { expect } from 'chai';
import {
  feedbackStanding,
  type FeedbackCounts,
} from '../../../../domain/orders/order-feedback.js';
import { ORDER_PARTIES, partyOf } from '../../../../domain/orders/order-party.js';
import { ORDER_STATUSES } from '../../../../domain/orders/order-status.js';
import { anOrder, BUYER, NOW, SELLER } from './an-order.js';
import { Refusal } from '../../../../domain/shared/refusal.js';

const SHIPPED = new Date('2026-11-21T12:00:00Z');

describe('Giving feedback on an order', () => {
  it('by the buyer rates the seller, by the seller rates the buyer', () => {
    const order = anOrder({ status: 'Shipped', shippedAt: SHIPPED });
    expect(order.giveFeedback('buyer', 'positive', 'Great.', NOW)).to.deep.equal({
      orderId: '7-3',
      from: 'buyer',
      authorId: BUYER,
      subjectId: SELLER,
      rating: 'positive',
      comment: 'Great.',
      given: NOW,
    });
    expect(order.giveFeedback('seller', 'negative', 'Never paid the rest.', NOW)).to.deep.equal({
      orderId: '7-3',
      from: 'seller',
      authorId: SELLER,
      subjectId: BUYER,
      rating: 'negative',
      comment: 'Never paid the rest.',
      given: NOW,
    });
  });

  for (const status of ORDER_STATUSES) {
    it(`on an order in ${status} never shipped: refused for either party; once shipped: accepted`, () => {
      for (const party of ORDER_PARTIES) {
        expect(() => anOrder({ status }).giveFeedback(party, 'positive', '', NOW), party).to.throw(Refusal, 'Feedback can be left once the order has been shipped.').with.property('kind', 'invalid');
        expect(anOrder({ status, shippedAt: SHIPPED }).giveFeedback(party, 'positive', '', NOW).from, party).to.equal(party);
      }
    });
  }

  it('by anyone else: forbidden, shipped or not', () => {
    const order = anOrder({ status: 'Shipped', shippedAt: SHIPPED });
    expect(partyOf(order, 42)).to.equal(null);
    for (const o of [order, anOrder()]) {
      expect(() => o.giveFeedback(partyOf(o, 42), 'positive', '', NOW)).to.throw(Refusal, 'Only the buyer and the seller of an order can leave feedback on it.').with.property('kind', 'forbidden');
    }
  });

  it('neutral or negative: only with a comment that is not blank (a positive needs none)', () => {
    const order = anOrder({ status: 'Shipped', shippedAt: SHIPPED });
    for (const rating of ['neutral', 'negative'] as const) {
      for (const comment of ['', ' \n ']) {
        expect(() => order.giveFeedback('buyer', rating, comment, NOW)).to.throw(Refusal, `A ${rating} feedback needs a comment saying why.`).with.property('kind', 'invalid');
      }
      expect(order.giveFeedback('buyer', rating, 'Why.', NOW).comment).to.equal('Why.');
    }
    expect(order.giveFeedback('buyer', 'positive', '', NOW).comment).to.equal('');
  });
});

describe('A feedback standing', () => {
  it('with no feedback: no rating, no stars', () => {
    expect(feedbackStanding({ positive: 0, neutral: 0, negative: 0 })).to.deep.equal({ rating: null, stars: null, count: 0 });
  });

  // [positive, neutral, negative, rating (percent positive, one decimal, halves up), stars (rating / 20 to the
  // nearest half, halves up)]
  const cases: Array<[number, number, number, number, number]> = [
    [1, 0, 0, 100, 5],
    [0, 1, 0, 0, 0], // neutral is not positive
    [0, 0, 1, 0, 0],
    [3, 1, 0, 75, 4], // 3.75 stars: halfway, up
    [3, 0, 1, 75, 4],
    [749, 251, 0, 74.9, 3.5], // 3.745: below halfway
    [1, 1, 0, 50, 2.5],
    [2, 1, 0, 66.7, 3.5], // 3.335
    [1, 2, 0, 33.3, 1.5], // 1.665
    [1, 3, 0, 25, 1.5], // 1.25: halfway, up
    [3, 17, 0, 15, 1], // 0.75: halfway, up
    [1, 19, 0, 5, 0.5], // 0.25: halfway, up
    [1, 20, 0, 4.8, 0], // 0.24
    [9, 1, 0, 90, 4.5],
    [37, 3, 0, 92.5, 4.5], // 4.625
    [19, 1, 0, 95, 5], // 4.75: halfway, up
    [199, 1, 0, 99.5, 5],
    [18, 1, 1, 90, 4.5],
    [1, 7, 0, 12.5, 0.5], // 12.5 exactly: 0.625 stars
    [1, 15, 0, 6.3, 0.5], // 6.25% rounds up to 6.3
    [1, 1999, 0, 0.1, 0], // 0.05% rounds up to 0.1
    [1, 2000, 0, 0, 0], // 0.04998%
    [1874, 626, 0, 75, 4], // 74.96% is 75.0 first; the stars follow the rating shown, not the raw share (3.748)
  ];
  for (const [positive, neutral, negative, rating, stars] of cases) {
    it(`of ${positive} positive, ${neutral} neutral, ${negative} negative: ${rating}%, ${stars} stars`, () => {
      expect(feedbackStanding({ positive, neutral, negative })).to.deep.equal({ rating, stars, count: positive + neutral + negative });
    });
  }

  it('for every mix of up to 30 feedbacks: a rating with one decimal, stars in halves within a quarter star of it', () => {
    for (let count = 1; count <= 30; count++) {
      for (let positive = 0; positive <= count; positive++) {
        for (let neutral = 0; neutral <= count - positive; neutral++) {
          const c: FeedbackCounts = { positive, neutral, negative: count - positive - neutral };
          const { rating, stars, count: n } = feedbackStanding(c);
          const label = JSON.stringify(c);
          expect(n, label).to.equal(count);
          expect(Math.abs(rating! - (100 * positive) / count), label).to.be.at.most(0.05 + 1e-9);
          expect(Math.round(rating! * 10) / 10, label).to.equal(rating);
          expect(stars! * 2, label).to.equal(Math.round(stars! * 2));
          expect(Math.abs(stars! - rating! / 20), label).to.be.at.most(0.25);
          expect(stars, label).to.be.within(0, 5);
        }
      }
    }
  });
});
