import type { CartView } from '../../../application/orders/get-cart.js';
import type { User } from '../../../domain/identity/accounts.js';
import type { Money } from '../../../domain/marketplace/money.js';
import type { OrderMessageView, OrderView } from '../../../application/orders/order-access.js';
import type { OrderFeedback } from '../../../domain/orders/order-feedback.js';
import { statusId } from '../../../domain/orders/order-lifecycle.js';
import { orderMessageSubject, orderMessageText, type LogReading } from '../../../domain/orders/order-message.js';
import { PUBLIC_STATUS_WORDS, SPEC_STATUS_WORDS, type OrderStatus } from '../../../domain/orders/order-status.js';
import type { DiscogsDialect, SpecDialect } from '../openapi-types.js';
import { discogsLogin, loginOf, specLogin, timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { ApiSchema, Login } from '../api-shapes.js';
import type { ApiUrls } from '../urls.js';

const money = (m: Money): ApiSchema<'Price'> => ({ currency: m.currency, value: m.toNumber() });

const moneyOrNull = (m: Money | null): ApiSchema<'NullablePrice'> => (m ? money(m) : null);

type OrderItem = OrderView['order']['items'][number];

/** How a dialect spells a status and names a user, each typed as that dialect's schemas have them. */
interface DialectWords<S extends ApiSchema<'OrderStatus'>, L extends Login> {
  status(s: OrderStatus): S;
  login(username: string): L;
}

const SPEC_WORDS: DialectWords<SpecDialect.components['schemas']['OrderStatus'], { name: string; username: string }> = {
  status: SPEC_STATUS_WORDS,
  login: specLogin,
};

const DISCOGS_WORDS: DialectWords<DiscogsDialect.components['schemas']['OrderStatus'], { username: string }> = {
  status: PUBLIC_STATUS_WORDS,
  login: discogsLogin,
};

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

  private user(u: User): ApiSchema<'UserLogin'> {
    return { id: u.id, ...this.login(u), resource_url: this.urls.user(u.username) };
  }

  listingUrl(id: number): string {
    return this.urls.api(`/marketplace/listings/${id}`);
  }

  orderUrl(id: string): string {
    return this.urls.api(`/marketplace/orders/${id}`);
  }

  cart(v: CartView): ApiSchema<'Cart'> {
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

  cartItem(listingId: number): ApiSchema<'CartItem'> {
    return { listing_id: listingId, resource_url: this.listingUrl(listingId), in_cart: true };
  }

  /**
   * An order as its viewer sees it, in the spec's fields and the public API's key order: `next_status` is where the
   * viewer may move it; `fee` goes to the seller only; items carry their conditions. Beyond the spec: `refunds` (sent
   * and received) and `feedback` (each party's, or null).
   */
  order(v: OrderView): ApiSchema<'Order'> {
    return this.dialect === 'discogs' ? this.orderAs(v, DISCOGS_WORDS) : this.orderAs(v, SPEC_WORDS);
  }

  /** The checkout's answer: each order made, as its buyer reads it. */
  checkout(views: readonly OrderView[]): ApiSchema<'CheckoutOrders'> {
    return this.dialect === 'discogs'
      ? { orders: views.map((v) => this.orderAs(v, DISCOGS_WORDS)) }
      : { orders: views.map((v) => this.orderAs(v, SPEC_WORDS)) };
  }

  /** A page of orders as lists show them: items without their conditions, no feedback. */
  orderPage(pagination: ApiSchema<'Pagination'>, views: readonly OrderView[]): ApiSchema<'OrderPage'> {
    return this.dialect === 'discogs'
      ? { pagination, orders: views.map((v) => this.orderIn(v, DISCOGS_WORDS, () => ({}))) }
      : { pagination, orders: views.map((v) => this.orderIn(v, SPEC_WORDS, () => ({}))) };
  }

  private orderAs<S extends ApiSchema<'OrderStatus'>, L extends Login>(v: OrderView, words: DialectWords<S, L>) {
    const conditions = (i: OrderItem): Required<Pick<ApiSchema<'OrderItem'>, 'media_condition' | 'sleeve_condition'>> => ({
      media_condition: i.mediaCondition,
      sleeve_condition: i.sleeveCondition ?? '',
    });
    return { ...this.orderIn(v, words, conditions), feedback: this.feedback(v.feedback) };
  }

  /**
   * The order in one dialect's words (`S`, its status spelling; `L`, its login): generic so that each dialect's
   * answer is checked against that dialect's schema, statuses and users together (ADR 0035).
   */
  private orderIn<S extends ApiSchema<'OrderStatus'>, L extends Login, E extends object>(
    v: OrderView,
    words: DialectWords<S, L>,
    itemExtra: (i: OrderItem) => E,
  ) {
    const o = v.order;
    const party = (u: User) => ({ id: u.id, ...words.login(u.username), resource_url: this.urls.user(u.username) });
    return {
      id: o.id,
      resource_url: this.orderUrl(o.id),
      messages_url: `${this.orderUrl(o.id)}/messages`,
      uri: this.urls.webPage(`/sell/order/${o.id}`),
      status: words.status(o.status),
      next_status: v.next.map((s) => words.status(s)),
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
          ...itemExtra(i),
        };
      }),
      shipping: { currency: o.shipping.currency, method: o.shippingMethod, value: o.shipping.toNumber() },
      shipping_address: o.shippingAddress,
      additional_instructions: o.additionalInstructions,
      archived: o.archived,
      seller: party(v.seller),
      last_activity: timestamp(o.lastActivity),
      buyer: party(v.buyer),
      total: money(o.total),
      refunds: { sent: money(o.refunded), received: money(o.refundReceived) },
    };
  }

  /** A status in the configured dialect's words (`Buyer ed` or `Buyer Contacted`). */
  status(s: OrderStatus): ApiSchema<'OrderStatus'> {
    return (this.dialect === 'discogs' ? DISCOGS_WORDS : SPEC_WORDS).status(s);
  }

  private feedback(given: readonly OrderFeedback[]): ApiSchema<'Order'>['feedback'] {
    const of = (from: 'buyer' | 'seller') => {
      const f = given.find((g) => g.from === from);
      return f ? { rating: f.rating, comment: f.comment, timestamp: timestamp(f.given) } : null;
    };
    return { buyer: of('buyer'), seller: of('seller') };
  }

  /** A feedback as its giver reads it back. */
  givenFeedback(f: OrderFeedback): ApiSchema<'OrderFeedback'> {
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

  private orderRef(id: string): ApiSchema<'OrderReference'> {
    return { id, resource_url: this.orderUrl(id) };
  }

  /**
   * One entry of the message log, with the common fields and its type's own (the spec's part 2), its sentence and
   * subject as the public API's documented log writes them.
   */
  message(v: OrderMessageView): ApiSchema<'OrderMessage'> {
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

  private login(u: User): Login {
    return loginOf(this.dialect, u.username);
  }

  private actor(u: User): ApiSchema<'OrderActor'> {
    return { ...this.login(u), resource_url: this.urls.user(u.username) };
  }

  /**
   * The reply to adding a message (the spec: from, message, order, timestamp, subject), with the entry's type; its
   * subject as the public API's documented reply writes it: `{Brand} Order #{id}, {title of the first item}`.
   */
  messageReply(v: OrderMessageView): ApiSchema<'OrderMessageReply'> {
    const m = v.message;
    // Adding a message writes a message, or a status change when only a status was given (the document's enum):
    // any other entry here is a bug upstream, answered as one rather than as a body the document does not allow.
    if (m.type !== 'message' && m.type !== 'status') throw new Error(`An added message cannot be a ${m.type} entry.`);
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
