import type { UnreadOrderMessages } from '../ports/unread-order-messages.js';
import type { UserFigures, UserFiguresPart } from '../ports/user-figures.js';

/**
 * The orders module's count of what a user has not read: the entries of their orders' message logs that the other
 * party made since the user last read that log (the profile's `num_unread`, which only the user sees).
 */
export class UnreadFiguresPart implements UserFiguresPart {
  readonly answers = ['numUnread'] as const;

  constructor(private readonly unread: UnreadOrderMessages) {}

  async forUser(userId: number): Promise<Pick<UserFigures, 'numUnread'>> {
    return { numUnread: await this.unread.count(userId) };
  }
}
