/**
 * How many entries of the logs of a user's orders (as seller or buyer) are unread by them: entries the other party
 * made (messages, status changes, shipping, refunds; the user's own never count) after the user's mark on that
 * order's log (`OrderRepository.markRead`; all of them when the user has not read it).
 */
export interface UnreadOrderMessages {
  count(userId: number): Promise<number>;
}
