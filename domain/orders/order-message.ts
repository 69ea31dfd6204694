import { formatMoney } from '../marketplace/money-format.js';
import type { Money } from '../marketplace/money.js';
import type { OrderParty } from './order-party.js';
import type { OrderStatus } from './order-status.js';

/** The kinds of entry in an order's message log, as the spec's part 2 names them. */
export const ORDER_MESSAGE_TYPES = ['message', 'status', 'shipping', 'refund_sent', 'refund_received'] as const;
export type OrderMessageType = (typeof ORDER_MESSAGE_TYPES)[number];

/** The longest message a party may write, in characters. */
export const MAX_ORDER_MESSAGE_LENGTH = 10_000;

/** What every entry of the log has: which order, when, and who did it (as which party). */
interface EntryBase {
  readonly orderId: string;
  readonly timestamp: Date;
  readonly actorId: number;
  readonly actor: OrderParty;
}

/** A status change as an entry records it. */
export interface StatusChange {
  readonly from: OrderStatus;
  readonly to: OrderStatus;
}

/**
 * One entry of an order's message log. Entries keep what happened, not the sentence shown: the sentence is written
 * when the log is read (`orderMessageText`), in the words of the dialect asked for (`Buyer ed` or `Buyer Contacted`).
 *
 * - `message`: a party wrote `text`; when they changed the status in the same request, `statusChange` says how (and
 *   the text shown starts with the status sentence, as the spec's part 3 says).
 * - `status`: a party changed the status (no text of their own: the spec's "no custom text possible").
 * - `shipping`: the seller set the shipping amount (and method), from `original` to `new`.
 * - `refund_sent` / `refund_received`: the seller recorded a refund of `amount` sent to the buyer, or received by them.
 */
export type OrderMessage =
  | (EntryBase & { readonly type: 'message'; readonly text: string; readonly statusChange: StatusChange | null })
  | (EntryBase & { readonly type: 'status'; readonly statusChange: StatusChange })
  | (EntryBase & { readonly type: 'shipping'; readonly original: Money; readonly new: Money; readonly method: string })
  | (EntryBase & { readonly type: 'refund_sent' | 'refund_received'; readonly amount: Money });

/** How a status is spelled for the reader (the presenter's dialect); the default spelling is the spec's. */
export type StatusWords = (status: OrderStatus) => string;

const spec: StatusWords = (s) => s;

/** The party's name as the log's sentences say it. */
export function partyWord(party: OrderParty): 'Seller' | 'Buyer' {
  return party === 'seller' ? 'Seller' : 'Buyer';
}

/** The spec's status sentence: `Seller changed status from Old Status to New Status`. */
export function statusSentence(actor: OrderParty, change: StatusChange, words: StatusWords = spec): string {
  return `${partyWord(actor)} changed status from ${words(change.from)} to ${words(change.to)}`;
}

/** The text an entry shows as its `message`. */
export function orderMessageText(m: OrderMessage, words: StatusWords = spec): string {
  switch (m.type) {
    case 'message':
      return m.statusChange ? `${statusSentence(m.actor, m.statusChange, words)}\n\n${m.text}` : m.text;
    case 'status':
      return statusSentence(m.actor, m.statusChange, words);
    case 'shipping':
      return `${partyWord(m.actor)} changed shipping from ${formatMoney(m.original)} to ${formatMoney(m.new)}${m.method ? ` (${m.method})` : ''}`;
    case 'refund_sent':
      return `${partyWord(m.actor)} sent a refund of ${formatMoney(m.amount)}`;
    case 'refund_received':
      return `${partyWord(m.actor)} recorded that the buyer received a refund of ${formatMoney(m.amount)}`;
  }
}
