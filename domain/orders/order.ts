import { Refusal } from '../shared/refusal.js';
import type { MediaCondition, SleeveCondition } from '../marketplace/conditions.js';
import type { Currency } from '../marketplace/currency.js';
import type { CurrencyRates } from '../marketplace/currency-rates.js';
import { feeFor, type FeeRule } from '../marketplace/fee-rule.js';
import type { Listing } from '../marketplace/listing.js';
import { LISTING_LIFECYCLE } from '../marketplace/listing-status.js';
import { Money } from '../marketplace/money.js';
import { feedbackCommentProblem, type FeedbackRating, type OrderFeedback } from './order-feedback.js';
import { orderId } from './order-id.js';
import { nextStatuses, orderRefused, REFUNDABLE_STATUSES, SHIPPING_LOCKED_STATUSES } from './order-lifecycle.js';
import type { OrderMessage } from './order-message.js';
import { otherParty, type OrderParty } from './order-party.js';
import { INITIAL_ORDER_STATUS, type OrderStatus } from './order-status.js';

/** The longest shipping address an order keeps, in characters. */
export const MAX_SHIPPING_ADDRESS_LENGTH = 2000;
/** The longest additional instructions an order keeps, in characters. */
export const MAX_INSTRUCTIONS_LENGTH = 2000;

/** One item of an order: the listing sold as it was at the sale (its price in the listing's own currency). */
export interface OrderItem {
  readonly listingId: number;
  readonly releaseId: number;
  readonly price: Money;
  readonly mediaCondition: MediaCondition;
  readonly sleeveCondition: SleeveCondition | null;
}

/**
 * What an order is, as it is stored: the repositories map their rows to and from it (`Order.restore`,
 * `order.record()`), and only they. `total`, `fee` and `shipping` are in the order's currency (the seller's at the
 * sale); items keep their own prices. `total` is what the buyer pays: the items plus the shipping (never less than the
 * shipping); the fee is on the items alone. `version` counts the stored changes, for optimistic concurrency: a change
 * is stored only over the version it was made from.
 */
export interface OrderRecord {
  /** `<seller id>-<number>` (see `orderId`). */
  readonly id: string;
  readonly sellerId: number;
  /** The seller's order number, 1, 2, … in the order of their sales. */
  readonly number: number;
  readonly buyerId: number;
  readonly status: OrderStatus;
  readonly currency: Currency;
  readonly items: readonly OrderItem[];
  /** What the buyer pays: the items' prices, converted into the order's currency, added up, plus the shipping. */
  readonly total: Money;
  /** The marketplace fee: the fee rule at the sale, applied to each item's converted price, added up (not the shipping). */
  readonly fee: Money;
  /** What the seller charges for shipping: their shipping terms' price for the buyer at checkout (nothing without terms), then what they set. */
  readonly shipping: Money;
  /** How the seller ships (free text they give with the shipping amount; empty until then). */
  readonly shippingMethod: string;
  /** What the seller has refunded the buyer so far (the refunds recorded as sent, added up). */
  readonly refunded: Money;
  /** Of `refunded`, how much the buyer has received (the refunds recorded as received, added up). */
  readonly refundReceived: Money;
  /** When the order was first marked Shipped, or null: feedback may be left from then on. */
  readonly shippedAt: Date | null;
  /** The buyer's address as they wrote it (personal data: only the buyer and the seller see it). */
  readonly shippingAddress: string;
  readonly additionalInstructions: string;
  readonly created: Date;
  readonly lastActivity: Date;
  readonly archived: boolean;
  readonly version: number;
}

/** What a new order is made of. */
export interface NewOrderInput {
  readonly sellerId: number;
  readonly number: number;
  readonly buyerId: number;
  /** The seller's currency: the order's total and fee are in it. */
  readonly currency: Currency;
  /** The seller's listings bought, each For Sale, in the order the items are kept. */
  readonly listings: readonly Listing[];
  readonly feeRule: FeeRule;
  /** Consulted for items priced in another currency than the order's, and for fee bounds in another currency. */
  readonly rates: CurrencyRates;
  readonly shippingAddress: string;
  readonly additionalInstructions: string;
  /** The seller's shipping price for the buyer from their shipping terms (in any currency the rates convert), or nothing. */
  readonly shipping?: Money;
  readonly now: Date;
}

/** An order after a command, with the entries to append to its message log (oldest first). */
export interface OrderChange {
  readonly order: Order;
  readonly messages: readonly OrderMessage[];
}

const list = (statuses: readonly OrderStatus[], w: (status: OrderStatus) => string) => (statuses.length === 0 ? 'none' : statuses.map(w).join(', '));

/** The refusal of feedback from anyone but the order's two parties. */
export const FEEDBACK_NOT_A_PARTY_MESSAGE = 'Only the buyer and the seller of an order can leave feedback on it.';

/**
 * An order: what one buyer bought from one seller in one checkout (see `OrderRecord` for what each part means). Made
 * by `Order.place` at checkout, read back by `Order.restore`; changed only by its commands, each of which checks the
 * lifecycle (`NEXT_STATUS` and the status lists of order-lifecycle.ts) and the party asking, and answers the order
 * after the change with the log entries it writes (`OrderChange`). An order is never changed in place: a refused
 * command throws a Refusal and leaves it as it was, and a command's order is stored over this one's version.
 */
export class Order {
  private constructor(private readonly state: OrderRecord) {}

  /**
   * A new order in status New Order: at least one listing, every one the seller's, For Sale and not the buyer's own,
   * none twice. The total converts each price into the order's currency and adds them, plus the shipping the seller's
   * terms ask of the buyer (nothing without terms); the fee applies the rule to each converted price and adds those
   * (so a fee minimum applies per item, as it would had each been bought alone), never to the shipping.
   * Throws an `invalid` Refusal for a broken rule, a money Refusal (`code` money) when a needed rate is missing.
   */
  static place(input: NewOrderInput): Order {
    const { listings, currency, rates } = input;
    if (listings.length === 0) throw new Refusal('invalid', 'An order needs at least one item.');
    if (input.buyerId === input.sellerId) throw new Refusal('invalid', 'A seller cannot buy from themselves.');
    if (!Number.isSafeInteger(input.number) || input.number < 1) throw new Refusal('invalid', `An order number must be a positive whole number, got ${input.number}.`);
    const seen = new Set<number>();
    for (const l of listings) {
      if (l.sellerId !== input.sellerId) throw new Refusal('invalid', `Listing ${l.id} is not seller ${input.sellerId}'s.`);
      if (!LISTING_LIFECYCLE[l.status].buyable) throw new Refusal('invalid', `Listing ${l.id} is not for sale.`);
      if (seen.has(l.id)) throw new Refusal('invalid', `Listing ${l.id} is in the order twice.`);
      seen.add(l.id);
    }
    let total = Money.zero(currency);
    let fee = Money.zero(currency);
    for (const l of listings) {
      const price = l.price.convertTo(currency, rates);
      total = total.plus(price);
      fee = fee.plus(feeFor(price, input.feeRule, rates));
    }
    const shipping = input.shipping ? input.shipping.convertTo(currency, rates) : Money.zero(currency);
    return new Order({
      id: orderId(input.sellerId, input.number),
      sellerId: input.sellerId,
      number: input.number,
      buyerId: input.buyerId,
      status: INITIAL_ORDER_STATUS,
      currency,
      items: listings.map((l) => ({ listingId: l.id, releaseId: l.releaseId, price: l.price, mediaCondition: l.condition, sleeveCondition: l.sleeveCondition })),
      total: total.plus(shipping),
      fee,
      shipping,
      shippingMethod: '',
      refunded: Money.zero(currency),
      refundReceived: Money.zero(currency),
      shippedAt: null,
      shippingAddress: input.shippingAddress,
      additionalInstructions: input.additionalInstructions,
      created: input.now,
      lastActivity: input.now,
      archived: false,
      version: 1,
    });
  }

  /** The order a repository stored, as it stored it (its rows mapped by its one mapper). */
  static restore(record: OrderRecord): Order {
    return new Order({ ...record, items: [...record.items] });
  }

  /** The order as a repository stores it. */
  record(): OrderRecord {
    return { ...this.state, items: [...this.state.items] };
  }

  get id(): string {
    return this.state.id;
  }
  get sellerId(): number {
    return this.state.sellerId;
  }
  get number(): number {
    return this.state.number;
  }
  get buyerId(): number {
    return this.state.buyerId;
  }
  get status(): OrderStatus {
    return this.state.status;
  }
  get currency(): Currency {
    return this.state.currency;
  }
  get items(): readonly OrderItem[] {
    return this.state.items;
  }
  get total(): Money {
    return this.state.total;
  }
  get fee(): Money {
    return this.state.fee;
  }
  get shipping(): Money {
    return this.state.shipping;
  }
  get shippingMethod(): string {
    return this.state.shippingMethod;
  }
  get refunded(): Money {
    return this.state.refunded;
  }
  get refundReceived(): Money {
    return this.state.refundReceived;
  }
  get shippedAt(): Date | null {
    return this.state.shippedAt;
  }
  get shippingAddress(): string {
    return this.state.shippingAddress;
  }
  get additionalInstructions(): string {
    return this.state.additionalInstructions;
  }
  get created(): Date {
    return this.state.created;
  }
  get lastActivity(): Date {
    return this.state.lastActivity;
  }
  get archived(): boolean {
    return this.state.archived;
  }
  get version(): number {
    return this.state.version;
  }

  /** The items' part of the total: the total less the shipping. */
  itemsTotal(): Money {
    return this.state.total.minus(this.state.shipping);
  }

  /** The statuses the party may move the order to now (its `next_status`, as the lifecycle table has it). */
  nextStatuses(party: OrderParty): readonly OrderStatus[] {
    return nextStatuses(this.state.status, party);
  }

  /** This order as a save over its version left it: the next version. */
  saved(): Order {
    return this.with({ version: this.state.version + 1 });
  }

  /**
   * Edit with status: the party moves the order to `to`, which must be one of its `next_status`; the log gets a
   * `status` entry (the spec's "Seller changed status from Old Status to New Status").
   */
  changeStatus(party: OrderParty, actorId: number, to: OrderStatus, now: Date): OrderChange {
    this.checkMove(party, to);
    return {
      order: this.movedTo(to, now),
      messages: [{ type: 'status', orderId: this.id, timestamp: now, actorId, actor: party, statusChange: { from: this.status, to } }],
    };
  }

  /**
   * Add a message, with or without a status: `text` (not blank) and `status` each optional, at least one. With both,
   * one `message` entry whose text is prefixed by the status sentence; with a status alone, a `status` entry. A status
   * equal to the order's present one changes nothing and is not mentioned.
   */
  addMessage(party: OrderParty, actorId: number, text: string | null, status: OrderStatus | null, now: Date): OrderChange {
    const to = status !== null && status !== this.status ? status : null;
    if (text === null && status === null) throw orderRefused('Give a message, a status or both.');
    if (text !== null && text.trim() === '') throw orderRefused('message may not be blank.');
    if (text === null && to === null) throw orderRefused((w) => `The order is already ${w(this.status)}.`);
    if (to !== null) this.checkMove(party, to);
    const statusChange = to === null ? null : { from: this.status, to };
    const entry: OrderMessage =
      text === null
        ? { type: 'status', orderId: this.id, timestamp: now, actorId, actor: party, statusChange: statusChange! }
        : { type: 'message', orderId: this.id, timestamp: now, actorId, actor: party, text, statusChange };
    return { order: to === null ? this.with({ lastActivity: now }) : this.movedTo(to, now), messages: [entry] };
  }

  /**
   * Edit with shipping (the seller only): sets the shipping amount (in the order's currency) and method, moving the
   * total by the difference (the fee stays on the items), and sends the invoice, moving the order to Invoice Sent,
   * from any status but those of SHIPPING_LOCKED_STATUSES. The log gets a `shipping` entry and, when the status
   * changed, a `status` entry.
   */
  setShipping(party: OrderParty, actorId: number, amount: Money, method: string | null, now: Date): OrderChange {
    if (party !== 'seller') throw new Refusal('forbidden', 'Only the seller can set the shipping of an order.');
    if (SHIPPING_LOCKED_STATUSES.includes(this.status)) throw orderRefused((w) => `The shipping of an order in status ${w(this.status)} cannot be changed.`);
    if (amount.currency !== this.currency) throw orderRefused(`The shipping must be in the order's currency, ${this.currency}.`);
    if (amount.isNegative()) throw orderRefused('shipping may not be negative.');
    const shippingMethod = method ?? this.shippingMethod;
    const messages: OrderMessage[] = [
      { type: 'shipping', orderId: this.id, timestamp: now, actorId, actor: party, original: this.shipping, new: amount, method: shippingMethod },
    ];
    if (this.status !== 'Invoice Sent') {
      messages.push({ type: 'status', orderId: this.id, timestamp: now, actorId, actor: party, statusChange: { from: this.status, to: 'Invoice Sent' } });
    }
    const invoiced = this.movedTo('Invoice Sent', now);
    return { order: invoiced.with({ shipping: amount, total: this.itemsTotal().plus(amount), shippingMethod }), messages };
  }

  /**
   * The seller records a refund (beyond the spec). `sent`: the buyer has paid (a status of REFUNDABLE_STATUSES), the
   * amount is more than nothing and at most what was paid (the total: items and shipping) less what was refunded
   * before; the order moves to Refund Sent. `received`: the buyer has received that much of the refunds sent (at most
   * what is outstanding); the status stays. Each writes its log entry.
   */
  recordRefund(party: OrderParty, actorId: number, kind: 'sent' | 'received', amount: Money, now: Date): OrderChange {
    if (party !== 'seller') throw new Refusal('forbidden', 'Only the seller can record a refund.');
    if (amount.currency !== this.currency) throw orderRefused(`A refund must be in the order's currency, ${this.currency}.`);
    if (!amount.isPositive()) throw orderRefused('A refund must be more than nothing.');
    if (kind === 'sent') {
      if (!REFUNDABLE_STATUSES.includes(this.status)) {
        throw orderRefused((w) => `An order in status ${w(this.status)} has not been paid; a refund may be sent once it is Payment Received.`);
      }
      const left = this.total.minus(this.refunded);
      if (amount.isGreaterThan(left)) throw orderRefused(`A refund may be at most what is left of the payment, ${left.toDecimalString()} ${this.currency}.`);
      const messages: OrderMessage[] = [{ type: 'refund_sent', orderId: this.id, timestamp: now, actorId, actor: party, amount }];
      if (this.status !== 'Refund Sent') {
        messages.push({ type: 'status', orderId: this.id, timestamp: now, actorId, actor: party, statusChange: { from: this.status, to: 'Refund Sent' } });
      }
      return { order: this.movedTo('Refund Sent', now).with({ refunded: this.refunded.plus(amount) }), messages };
    }
    const outstanding = this.refunded.minus(this.refundReceived);
    if (amount.isGreaterThan(outstanding)) {
      throw orderRefused(
        outstanding.isZero()
          ? 'No refund sent is waiting to be received.'
          : `A refund received may be at most what was sent and not yet received, ${outstanding.toDecimalString()} ${this.currency}.`,
      );
    }
    return {
      order: this.with({ refundReceived: this.refundReceived.plus(amount), lastActivity: now }),
      messages: [{ type: 'refund_received', orderId: this.id, timestamp: now, actorId, actor: party, amount }],
    };
  }

  /** The seller files the order away (or back): an archived order stays readable and listed under `archived=true`. */
  setArchived(party: OrderParty, archived: boolean): OrderChange {
    if (party !== 'seller') throw new Refusal('forbidden', 'Only the seller can archive an order.');
    return { order: this.with({ archived }), messages: [] };
  }

  /**
   * The party's feedback on the other (`party` null: the caller is neither, which is forbidden): only once the order
   * has been shipped, and with a comment unless positive. The order itself does not change; the feedback is stored
   * beside it.
   */
  giveFeedback(party: OrderParty | null, rating: FeedbackRating, comment: string, now: Date): OrderFeedback {
    if (party === null) throw new Refusal('forbidden', FEEDBACK_NOT_A_PARTY_MESSAGE);
    if (this.shippedAt === null) throw orderRefused('Feedback can be left once the order has been shipped.');
    const problem = feedbackCommentProblem(rating, comment);
    if (problem !== undefined) throw Refusal.ofProblems([problem]);
    const subjectId = otherParty(party) === 'seller' ? this.sellerId : this.buyerId;
    return { orderId: this.id, from: party, authorId: party === 'seller' ? this.sellerId : this.buyerId, subjectId, rating, comment, given: now };
  }

  /** Refuses a move the party may not make now: to the present status, or to one not in its row of NEXT_STATUS. */
  private checkMove(party: OrderParty, to: OrderStatus): void {
    const from = this.status;
    if (to === from) throw orderRefused((w) => `The order is already ${w(to)}.`);
    const next = this.nextStatuses(party);
    if (!next.includes(to)) {
      throw orderRefused((w) =>
        next.length === 0 && party === 'buyer'
          ? `A buyer cannot change the status of an order in status ${w(from)}.`
          : `An order in status ${w(from)} cannot move to ${w(to)}; it may move to: ${list(next, w)}.`,
      );
    }
  }

  /** The order moved to `to` at `now`; the first move to Shipped is when it shipped. */
  private movedTo(to: OrderStatus, now: Date): Order {
    return this.with({ status: to, lastActivity: now, shippedAt: this.shippedAt ?? (to === 'Shipped' ? now : null) });
  }

  private with(change: Partial<OrderRecord>): Order {
    return new Order({ ...this.state, ...change });
  }
}
