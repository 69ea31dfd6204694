import type { OrderParty } from './order-party.js';

/** The three feedback ratings, best first. */
export const FEEDBACK_RATINGS = ['positive', 'neutral', 'negative'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** The longest feedback comment, in characters. */
export const MAX_FEEDBACK_COMMENT_LENGTH = 1000;

/**
 * One party's feedback on the other after an order was shipped: the buyer's rates the seller (it counts in the
 * seller's `seller_rating`), the seller's rates the buyer (`buyer_rating`). One per party per order; giving it again
 * replaces it. Made by `Order.giveFeedback`.
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

/** What a party says in feedback: a rating, and a comment ('' for none; required unless positive). */
export interface FeedbackRequest {
  readonly rating: FeedbackRating;
  readonly comment: string;
}

/** Why a feedback cannot be given with this comment: a neutral or negative one needs one (else undefined). */
export function feedbackCommentProblem(rating: FeedbackRating, comment: string): string | undefined {
  return rating !== 'positive' && comment.trim() === '' ? `A ${rating} feedback needs a comment saying why.` : undefined;
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
