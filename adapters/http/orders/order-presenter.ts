import type { PlacedOrder } from '../../../application/orders/check-out.js';
import type { CartView } from '../../../application/orders/get-cart.js';
import type { User } from '../../../domain/identity/accounts.js';
import type { Money } from '../../../domain/marketplace/money.js';
import type { Order } from '../../../domain/orders/order.js';
import { timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
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
  ) {}

  private user(u: User): object {
    const login = this.dialect === 'discogs' ? { username: u.username } : { name: u.username, username: u.username };
    return { id: u.id, ...login, resource_url: this.urls.user(u.username) };
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

  order(p: PlacedOrder): object {
    const o: Order = p.order;
    return {
      id: o.id,
      resource_url: this.orderUrl(o.id),
      status: this.dialect === 'discogs' && o.status === 'Buyer ed' ? 'Buyer Contacted' : o.status,
      seller: this.user(p.seller),
      buyer: this.user(p.buyer),
      total: money(o.total),
      fee: money(o.fee),
      shipping: money(o.shipping),
      items: o.items.map((i) => ({
        id: i.listingId,
        release: { id: i.releaseId, resource_url: this.urls.release(i.releaseId) },
        price: money(i.price),
        media_condition: i.mediaCondition,
        sleeve_condition: i.sleeveCondition,
      })),
      shipping_address: o.shippingAddress,
      additional_instructions: o.additionalInstructions,
      created: timestamp(o.created),
      last_activity: timestamp(o.lastActivity),
      archived: o.archived,
    };
  }

  checkout(placed: readonly PlacedOrder[]): object {
    return { orders: placed.map((p) => this.order(p)) };
  }
}
