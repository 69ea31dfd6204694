import type { Order } from './order.js';
import { Refusal } from '../shared/refusal.js';
import { orderRefused } from './order-lifecycle.js';
import { otherParty, type OrderParty } from './order-party.js';

/** The three feedback ratings, best first. */
export const FEEDBACK_RATINGS = ['positive', 'neutral', 'negative'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** The longest feedback comment, in characters. */
export const MAX_FEEDBACK_COMMENT_LENGTH = 1000;

/**
 * One party's feedback on the other after an order was shipped: the buyer's rates the seller (it counts in the
 * seller's `seller_rating`), the seller's rates the buyer (`buyer_rating`). One per party per order; giving it again
 * replaces it.
 */
export interface OrderFeedback {
  readonly orderId: string;
  /** Who gave it. */
  readonly from: OrderParty;
  readonly authorId: number;
  /** Who it rates: the other party. */
  readonly subjectId: number;
  readonly rating: FeedbackRating;
  readonly comment: string;
  readonly given: Date;
}

/** A feedback request: `rating` (positive, neutral or negative) and `comment` (required unless positive). */
export function feedbackRequest(body: unknown): { readonly rating: FeedbackRating; readonly comment: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw Refusal.ofProblems(['The request body must be a JSON object with rating and comment.']);
  const b = body as Record<string, unknown>;
  const problems: string[] = [];
  const rating = b.rating;
  if (rating === undefined || rating === null) problems.push('rating is required.');
  else if (!(FEEDBACK_RATINGS as readonly unknown[]).includes(rating)) problems.push(`rating must be one of ${FEEDBACK_RATINGS.join(', ')}, got ${JSON.stringify(rating)}.`);
  let comment = '';
  if (b.comment !== undefined && b.comment !== null) {
    if (typeof b.comment !== 'string') problems.push(`comment must be text, got ${JSON.stringify(b.comment)}.`);
    else if (b.comment.length > MAX_FEEDBACK_COMMENT_LENGTH) problems.push(`comment may be at most ${MAX_FEEDBACK_COMMENT_LENGTH} characters long, got ${b.comment.length}.`);
    else comment = b.comment.trim();
  }
  if ((rating === 'neutral' || rating === 'negative') && comment === '') {
    problems.push(`A ${rating} feedback needs a comment saying why.`);
  }
  if (problems.length > 0) throw Refusal.ofProblems(problems);
  return { rating: rating as FeedbackRating, comment };
}

/** The party's feedback on the order: only once it has been shipped, and only by one of its two parties. */
export function giveFeedback(order: Order, party: OrderParty | null, rating: FeedbackRating, comment: string, now: Date): OrderFeedback {
  if (party === null) throw new Refusal('forbidden', 'Only the buyer and the seller of an order can leave feedback on it.');
  if (order.shippedAt === null) throw orderRefused('Feedback can be left once the order has been shipped.');
  const subjectId = otherParty(party) === 'seller' ? order.sellerId : order.buyerId;
  return { orderId: order.id, from: party, authorId: party === 'seller' ? order.sellerId : order.buyerId, subjectId, rating, comment, given: now };
}

/** How many feedbacks of each rating a user has received in one role. */
export interface FeedbackCounts {
  readonly positive: number;
  readonly neutral: number;
  readonly negative: number;
}

/** A user's standing in one role: percent positive (one decimal), stars (0 to 5 in halves), how many feedbacks. */
export interface FeedbackStanding {
  readonly rating: number | null;
  readonly stars: number | null;
  readonly count: number;
}

/**
 * The standing from the counts: `rating` is the share of positive feedback among all (neutral counts as not
 * positive), in percent with one decimal; `stars` is that rating on a scale of five, to the nearest half star;
 * both null when there is no feedback.
 */
export function feedbackStanding(c: FeedbackCounts): FeedbackStanding {
  const count = c.positive + c.neutral + c.negative;
  if (count === 0) return { rating: null, stars: null, count: 0 };
  const rating = Math.round((c.positive * 1000) / count) / 10;
  return { rating, stars: Math.round(rating / 10) / 2, count };
}
