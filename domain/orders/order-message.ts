import { formatMoney } from '../marketplace/money-format.js';
import type { Money } from '../marketplace/money.js';
import type { OrderParty } from './order-party.js';
import { SPEC_STATUS_WORDS, type OrderStatus, type StatusWords } from './order-status.js';

export type { StatusWords } from './order-status.js';

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

const spec = SPEC_STATUS_WORDS;

/**
 * Whose words a log is read in: `spec` writes a status entry as the spec's sentence (`Seller changed status from Old
 * Status to New Status`), `public` as the public API's documented log does (`example_seller changed the order status
 * to Shipped.`). Everything else reads alike in both (the spec says nothing of it, so the public API's words).
 */
export type LogWording = 'spec' | 'public';

/** What an entry's sentence names: the login of the party who acted and the buyer's, the status spelling, the wording. */
export interface LogReading {
  readonly actorName: string;
  readonly buyerName: string;
  readonly words?: StatusWords;
  readonly wording?: LogWording;
}

/** The party's name as the log's sentences say it. */
export function partyWord(party: OrderParty): 'Seller' | 'Buyer' {
  return party === 'seller' ? 'Seller' : 'Buyer';
}

/** The spec's status sentence, which also starts a message sent with a status: `Seller changed status from Old Status to New Status`. */
export function statusSentence(actor: OrderParty, change: StatusChange, words: StatusWords = spec): string {
  return `${partyWord(actor)} changed status from ${words(change.from)} to ${words(change.to)}`;
}

/**
 * The text an entry shows as its `message`: a message's own text (after the status sentence when it changed the
 * status, as both the spec and the public API say); a status change in the reading's wording; the public API's
 * sentences for shipping (`example_seller set the shipping price to $5.00.`) and refunds (`example_seller sent refund
 * of $5.00.`, `example_buyer received refund of $5.00.`).
 */
export function orderMessageText(m: OrderMessage, reading: LogReading): string {
  const words = reading.words ?? spec;
  switch (m.type) {
    case 'message':
      return m.statusChange ? `${statusSentence(m.actor, m.statusChange, words)}\n\n${m.text}` : m.text;
    case 'status':
      return reading.wording === 'public'
        ? `${reading.actorName} changed the order status to ${words(m.statusChange.to)}.`
        : statusSentence(m.actor, m.statusChange, words);
    case 'shipping':
      return `${reading.actorName} set the shipping price to ${formatMoney(m.new)}.`;
    case 'refund_sent':
      return `${reading.actorName} sent refund of ${formatMoney(m.amount)}.`;
    case 'refund_received':
      return `${reading.buyerName} received refund of ${formatMoney(m.amount)}.`;
  }
}

/**
 * The subject an entry carries in the log, as the public API's documented log shows it: a message's is
 * `New Message - Order #{id} - {title of the first item}` (with ` + N more item(s)` for the others), every other
 * entry's is empty. `firstTitle` is the first item's release title ('' when unknown: the part is left out).
 */
export function orderMessageSubject(m: OrderMessage, firstTitle: string, itemCount: number): string {
  if (m.type !== 'message') return '';
  const more = itemCount > 1 ? ` + ${itemCount - 1} more item${itemCount > 2 ? 's' : ''}` : '';
  return firstTitle === '' ? `New Message - Order #${m.orderId}${more}` : `New Message - Order #${m.orderId} - ${firstTitle}${more}`;
}
