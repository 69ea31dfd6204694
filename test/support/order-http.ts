import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { CORE } from '../../composition/core/core-tokens.js';
import { HTTP } from '../../composition/http/http-tokens.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import { apiAs, type Who } from './api-as.js';
import type { TestApplication, TestUser } from './identity-fixtures.js';
import { BASE_URL, testContainer } from './test-app.js';
import type { TestStorage } from './test-storage.js';

/*
 * Orders over HTTP for the order endpoints' integration tests: a container whose clock stands still (so every
 * timestamp a request writes is known), and orders made the way buyers make them, through the cart and the checkout.
 */

/** The whole container on a test storage, with rate limits out of the way and `CORE.Clock` rebound to `clock`. */
export function clockedContainer(db: TestStorage, clock: FixedClock, env: Record<string, string> = {}): Container {
  const container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '1000000', RATE_LIMIT_AUTHENTICATED: '1000000', ...env });
  container.rebind(CORE.Clock).toConstantValue(clock);
  return container;
}

/** The container's HTTP application, called as someone (see `apiAs`). */
export function callerOf(container: Container, client: TestApplication, brand = 'Service'): (who: Who) => ReturnType<ReturnType<typeof apiAs>> {
  return apiAs(container.get(HTTP.HttpApp) as unknown as Koa, client, brand);
}

/** A JSON order as the API answers it. */
export type OrderJson = Record<string, any>;

/**
 * `buyer` puts the listings (all of one seller's, named `seller`) in their cart and checks that seller out; the order
 * as the checkout answers it (the buyer's view).
 */
export async function buyThroughCheckout(
  as: ReturnType<typeof callerOf>,
  buyer: TestUser,
  seller: string,
  listings: readonly Listing[],
  shippingAddress = 'Bob Buyer\n1 High Street\nLondon',
): Promise<OrderJson> {
  for (const l of listings) {
    const added = await as(buyer).post(`/marketplace/cart/${l.id}`);
    expect(added.status, added.text).to.equal(201);
  }
  const res = await as(buyer).post('/marketplace/checkout', { shipping_address: shippingAddress, seller });
  expect(res.status, res.text).to.equal(201);
  expect(res.body.orders).to.have.length(1);
  return res.body.orders[0] as OrderJson;
}

/** An order's resource URL. */
export const orderUrl = (id: string): string => `${BASE_URL}/marketplace/orders/${id}`;

/** A clock time as the API writes timestamps (`2026-03-02T09:00:00+00:00`). */
export const stamp = (clock: FixedClock): string => clock.now().toISOString().replace(/\.\d{3}Z$/, '+00:00');
