import { feedbackStanding } from '../../domain/orders/order-feedback.js';
import type { OrderRepository } from '../../domain/orders/order-repository.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/**
 * The orders module's part of a user's profile figures: their standing as seller (the feedback their buyers gave)
 * and as buyer (their sellers'), counted from the feedback when asked (profiles' `seller_rating…`/`buyer_rating…`,
 * a listing's seller `stats`).
 */
export class TradeFiguresPart implements UserFiguresPart {
  readonly answers = ['seller', 'buyer'] as const;

  constructor(private readonly orders: OrderRepository) {}

  async forUser(userId: number): Promise<Pick<UserFigures, 'seller' | 'buyer'>> {
    const counts = await this.orders.feedbackCounts(userId);
    return { seller: feedbackStanding(counts.seller), buyer: feedbackStanding(counts.buyer) };
  }
}
