import type { CartView } from '../../../application/orders/get-cart.js';
import type { User } from '../../../domain/identity/accounts.js';
import type { Money } from '../../../domain/marketplace/money.js';
import type { OrderMessageView, OrderView } from '../../../application/orders/order-access.js';
import type { OrderFeedback } from '../../../domain/orders/order-feedback.js';
import { statusId } from '../../../domain/orders/order-lifecycle.js';
import { orderMessageSubject, orderMessageText, type LogReading } from '../../../domain/orders/order-message.js';
import { PUBLIC_STATUS_WORDS, SPEC_STATUS_WORDS, type OrderStatus } from '../../../domain/orders/order-status.js';
import { loginOf, timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { ApiUrls } from '../urls.js';

const money = (m: Money): { currency: string; value: number } => ({ currency: m.currency, value: m.toNumber() });

const moneyOrNull = (m: Money | null) => (m ? money(m) : null);

/**
 * Shapes carts and orders into the API's JSON: amounts as `{currency, value}` (major units), users as `{id, name,
 * resource_url}` and the status `Buyer ed` in the dialect's words (`name` plus `username` and `Buyer ed` in the spec
 * dialect, `username` and `Buyer Contacted` in the Discogs one).
 */
export class OrderPresenter {
  constructor(
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
    private readonly brand: string,
  ) {}

  private user(u: User): object {
    return { id: u.id, ...this.login(u), resource_url: this.urls.user(u.username) };
  }

  listingUrl(id: number): string {
    return this.urls.api(`/marketplace/listings/${id}`);
  }

  orderUrl(id: string): string {
    return this.urls.api(`/marketplace/orders/${id}`);
  }

  cart(v: CartView): object {
    return {
      currency: v.currency,
      count: v.count,
      sellers: v.sellers.map((g) => ({
        seller: this.user(g.seller),
        currency: g.currency,
        items: g.lines.map((l) => ({
          listing_id: l.listing.id,
          resource_url: this.listingUrl(l.listing.id),
          release: { id: l.listing.releaseId, resource_url: this.urls.release(l.listing.releaseId) },
          status: l.listing.status,
          buyable: l.buyable,
          condition: l.listing.condition,
          sleeve_condition: l.listing.sleeveCondition,
          price: money(l.listing.price),
          buyer_price: moneyOrNull(l.buyerPrice),
          added: timestamp(l.addedAt),
        })),
        total: moneyOrNull(g.total),
        buyer_total: moneyOrNull(g.buyerTotal),
      })),
    };
  }

  cartItem(listingId: number): object {
    return { listing_id: listingId, resource_url: this.listingUrl(listingId), in_cart: true };
  }

  /**
   * An order as its viewer sees it, in the spec's fields and the public API's key order: `next_status` is where the
   * viewer may move it; `fee` goes to the seller only; items carry their conditions only on single reads (`single`).
   * Beyond the spec: `refunds` (sent and received) and `feedback` (each party's, or null).
   */
  order(v: OrderView, single: boolean): object {
    const o = v.order;
    return {
      id: o.id,
      resource_url: this.orderUrl(o.id),
      messages_url: `${this.orderUrl(o.id)}/messages`,
      uri: this.urls.webPage(`/sell/order/${o.id}`),
      status: this.status(o.status),
      next_status: v.next.map((s) => this.status(s)),
      ...(v.viewer === 'seller' ? { fee: money(o.fee) } : {}),
      created: timestamp(o.created),
      items: o.items.map((i) => {
        const r = v.releases.get(i.releaseId);
        const format = r && r.format ? ` (${r.format})` : '';
        return {
          id: i.listingId,
          release: {
            id: i.releaseId,
            description: r && (r.artist !== '' || r.title !== '') ? `${r.artist} - ${r.title}${format}` : '',
            resource_url: this.urls.release(i.releaseId),
            thumbnail: r?.thumb ?? '',
          },
          price: money(i.price),
          ...(single ? { media_condition: i.mediaCondition, sleeve_condition: i.sleeveCondition ?? '' } : {}),
        };
      }),
      shipping: { currency: o.shipping.currency, method: o.shippingMethod, value: o.shipping.toNumber() },
      shipping_address: o.shippingAddress,
      additional_instructions: o.additionalInstructions,
      archived: o.archived,
      seller: this.user(v.seller),
      last_activity: timestamp(o.lastActivity),
      buyer: this.user(v.buyer),
      total: money(o.total),
      refunds: { sent: money(o.refunded), received: money(o.refundReceived) },
      ...(single ? { feedback: this.feedback(v.feedback) } : {}),
    };
  }

  private status(s: OrderStatus): string {
    return (this.dialect === 'discogs' ? PUBLIC_STATUS_WORDS : SPEC_STATUS_WORDS)(s);
  }

  private feedback(given: readonly OrderFeedback[]): object {
    const of = (from: 'buyer' | 'seller') => {
      const f = given.find((g) => g.from === from);
      return f ? { rating: f.rating, comment: f.comment, timestamp: timestamp(f.given) } : null;
    };
    return { buyer: of('buyer'), seller: of('seller') };
  }

  /** A feedback as its giver reads it back. */
  givenFeedback(f: OrderFeedback): object {
    return { order: { id: f.orderId, resource_url: this.orderUrl(f.orderId) }, from: f.from, rating: f.rating, comment: f.comment, timestamp: timestamp(f.given) };
  }

  /** How the dialect reads an entry: its status words, and the public API's log sentences in the Discogs dialect. */
  private reading(v: OrderMessageView): LogReading {
    return {
      actorName: v.actor.username,
      buyerName: v.buyer.username,
      words: (s) => this.status(s),
      wording: this.dialect === 'discogs' ? 'public' : 'spec',
    };
  }

  private orderRef(id: string): object {
    return { id, resource_url: this.orderUrl(id) };
  }

  /**
   * One entry of the message log, with the common fields and its type's own (the spec's part 2), its sentence and
   * subject as the public API's documented log writes them.
   */
  message(v: OrderMessageView): object {
    const m = v.message;
    const common = {
      type: m.type,
      timestamp: timestamp(m.timestamp),
      message: orderMessageText(m, this.reading(v)),
      subject: orderMessageSubject(m, v.firstTitle, v.itemCount),
      order: this.orderRef(m.orderId),
      // Beyond the spec's fields: who the entry was written to (the other party), on every type, as the public
      // clients' message models read it.
      to: this.user(v.recipient),
    };
    switch (m.type) {
      case 'message':
        return { ...common, from: { ...this.user(v.actor), avatar_url: this.urls.avatar(v.actor.username) } };
      case 'status':
        return { ...common, status_id: statusId(m.statusChange.to), actor: this.actor(v.actor) };
      case 'shipping':
        return { ...common, original: m.original.toNumber(), new: m.new.toNumber() };
      case 'refund_sent':
      case 'refund_received':
        return { ...common, refund: { amount: m.amount.toNumber(), order: this.orderRef(m.orderId) } };
    }
  }

  private login(u: User): object {
    return loginOf(this.dialect, u.username);
  }

  private actor(u: User): object {
    return { ...this.login(u), resource_url: this.urls.user(u.username) };
  }

  /**
   * The reply to adding a message (the spec: from, message, order, timestamp, subject), with the entry's type; its
   * subject as the public API's documented reply writes it: `{Brand} Order #{id}, {title of the first item}`.
   */
  messageReply(v: OrderMessageView): object {
    const m = v.message;
    return {
      from: this.actor(v.actor),
      message: orderMessageText(m, this.reading(v)),
      order: this.orderRef(m.orderId),
      timestamp: timestamp(m.timestamp),
      subject: v.firstTitle === '' ? `${this.brand} Order #${m.orderId}` : `${this.brand} Order #${m.orderId}, ${v.firstTitle}`,
      type: m.type,
    };
  }
}
