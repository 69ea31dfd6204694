import type { Container } from 'inversify';
import type { Caller } from '../../application/shared/caller.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { ORDERS } from './orders-tokens.js';

/**
 * Puts the demo seller's oldest For Sale listing in the demo buyer's cart, so `GET /marketplace/cart` and a
 * listing's `in_cart` show content on a fresh `npm start`; left alone when the buyer's cart holds anything already
 * (so running it again changes nothing), or when the demo users or listings are missing.
 */
export async function seedDemoCart(container: Container, log: (line: string) => void): Promise<void> {
  const users = container.get(IDENTITY.UserRepository);
  const seller = await users.byLoginName('demo-seller');
  const buyer = await users.byLoginName('demo-buyer');
  if (!seller || !buyer) {
    log('orders: no demo users; demo cart left out');
    return;
  }
  if ((await container.get(ORDERS.CartRepository).count(buyer.id)) > 0) {
    log('orders: demo-buyer has a cart already; demo cart left out');
    return;
  }
  const page = await container.get(MARKETPLACE.InventoryPages).page({
    sellerId: seller.id,
    statuses: ['For Sale'],
    sort: 'listed',
    sortOrder: 'asc',
    offset: 0,
    limit: 1,
  });
  const listing = page.listings[0];
  if (!listing) {
    log('orders: demo-seller has no listing for sale; demo cart left out');
    return;
  }
  const caller: Caller = { kind: 'user', userId: String(buyer.id), username: buyer.username, via: 'session' };
  await container.get(ORDERS.AddToCart).execute({ caller, listingId: listing.id });
  log(`orders: put demo-seller's listing ${listing.id} in demo-buyer's cart`);
}
