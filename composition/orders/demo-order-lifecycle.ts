import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import type { Container } from 'inversify';
import { ApplicationError } from '../../application/errors.js';
import { Refusal } from '../../domain/shared/refusal.js';
import type { Caller } from '../../application/shared/caller.js';
import type { User } from '../../domain/identity/accounts.js';
import { currencyOrDollars } from '../../domain/marketplace/currency.js';
import { newListing } from '../../domain/marketplace/listing.js';
import { Money } from '../../domain/marketplace/money.js';
import { formatMoney } from '../../domain/marketplace/money-format.js';
import { CORE } from '../core/core-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import { ORDERS } from './orders-tokens.js';
import { checkoutInput, feedbackInput, orderEditInput, orderMessageInput, refundInput } from '../../adapters/http/orders/order-bodies.js';
import { SELLERS } from '../marketplace/seller-tokens.js';

const DEMO_ADDRESS = 'Demo Buyer\n1 Example Street\nLondon N1 1AA\nUnited Kingdom';

/** A use-case caller for a demo user, as a signed-in session would be. */
const as = (u: User): Caller => ({ kind: 'user', userId: String(u.id), username: u.username, via: 'session' });

/**
 * Three orders of the demo buyer from the demo seller, each taken through the order use cases as the two would
 * through the API, so `GET /marketplace/orders`, `/marketplace/purchases`, an order's message log and both users'
 * trade ratings show content on a fresh `npm start`:
 * - one shipped: invoiced with shipping (its total the item and the shipping), paid, marked Shipped, with messages
 *   and feedback both ways;
 * - one new, with a question from the buyer, the seller's answer (status Buyer ed) and the buyer's thanks;
 * - one cancelled (item unavailable) and archived;
 * - one paid and part refunded (Refund Sent);
 * and, so that the demo seller has purchases too, two orders of theirs from the demo buyer (see seedDemoPurchases).
 * Each reads the logs as they go, so the buyer's thanks is the demo seller's one unread entry (`num_unread` 1 on their
 * profile) and the cancellation the demo buyer's.
 * Each sells a listing made for it (the demo inventory keeps its own). Left out when the demo seller has orders
 * already (so running it again changes nothing), when the demo users or releases are missing, or when the rate
 * table lacks what the fee needs.
 */
export async function seedDemoOrders(container: Container, log: (line: string) => void): Promise<void> {
  const users = container.get(IDENTITY.UserRepository);
  const seller = await users.byLoginName('demo-seller');
  const buyer = await users.byLoginName('demo-buyer');
  if (!seller || !buyer) {
    log('orders: no demo users; demo orders left out');
    return;
  }
  const page = { page: 1, perPage: 1 };
  if ((await container.get(ORDERS.ListSales).execute({ caller: as(seller), sortOrder: 'asc', page })).total > 0) {
    log('orders: demo-seller has orders already; demo orders left out');
    return;
  }
  const releases = await container.get(CATALOGUE.Samples).lowestIds('release', 3);
  if (releases.length === 0) {
    log('orders: the catalogue holds no releases; demo orders left out');
    return;
  }
  const currency = currencyOrDollars(seller.currency);
  const clock = container.get(CORE.Clock);
  const listings = container.get(MARKETPLACE.ListingRepository);
  const prices = ['18.00', '7.50', '32.00', '12.00'];
  const made = await container.get(PERSISTENCE.UnitOfWork).run(async () => {
    const out = [];
    for (const [i, price] of prices.entries()) {
      const listing = newListing(
        seller.id,
        { releaseId: releases[i % releases.length]!, condition: 'Very Good Plus (VG+)', sleeveCondition: 'Very Good (VG)', price: Money.fromDecimal(price, currency) },
        clock.now(),
      );
      out.push(await listings.add(listing));
    }
    return out;
  });

  const buy = async (listingId: number): Promise<string> => {
    await container.get(ORDERS.AddToCart).execute({ caller: as(buyer), listingId });
    const [placed] = await container.get(ORDERS.CheckOut).execute({ caller: as(buyer), body: () => checkoutInput({ shipping_address: DEMO_ADDRESS, seller: seller.username }) });
    return placed!.order.id;
  };
  const edit = (who: User, id: string, body: object) => container.get(ORDERS.EditOrder).execute({ caller: as(who), id, body: (currency) => orderEditInput(body, currency) });
  const say = (who: User, id: string, body: object) => container.get(ORDERS.AddOrderMessage).execute({ caller: as(who), id, body: () => orderMessageInput(body) });
  const rate = (who: User, id: string, body: object) => container.get(ORDERS.GiveFeedback).execute({ caller: as(who), id, body: () => feedbackInput(body) });
  const read = (who: User, id: string) => container.get(ORDERS.GetOrderMessages).execute({ caller: as(who), id, page: { page: 1, perPage: 50 } });

  try {
    const shipped = await buy(made[0]!.id);
    await edit(seller, shipped, { shipping: 4.5, shipping_method: 'Royal Mail 2nd Class' });
    await say(buyer, shipped, { status: 'Payment Pending', message: 'Paid by bank transfer just now.' });
    await read(seller, shipped);
    await edit(seller, shipped, { status: 'Payment Received' });
    await say(seller, shipped, { status: 'Shipped', message: 'Posted this morning, well packed between two boards.' });
    await read(buyer, shipped);
    await rate(buyer, shipped, { rating: 'positive', comment: 'Exactly as described, quick and well packed.' });
    await rate(seller, shipped, { rating: 'positive', comment: 'Prompt payment, thank you.' });

    const asked = await buy(made[1]!.id);
    await say(buyer, asked, { message: 'Could you send it together with anything else I buy this week?' });
    await read(seller, asked);
    await say(seller, asked, { status: 'Buyer ed', message: 'Happy to: I will invoice once you have chosen.' });
    await read(buyer, asked);
    await say(buyer, asked, { message: 'Thank you! I will choose by Friday.' });

    const cancelled = await buy(made[2]!.id);
    await say(seller, cancelled, { status: 'Cancelled (Item Unavailable)', message: 'Sorry, this copy turned out to be warped.' });
    await edit(seller, cancelled, { archived: true });

    // Paid, then part of it refunded (the sleeve was worse than described): the order page's refund form in use.
    const refunded = await buy(made[3]!.id);
    await edit(seller, refunded, { shipping: 3.5 });
    await edit(seller, refunded, { status: 'Payment Received' });
    await container.get(ORDERS.RecordRefund).execute({ caller: as(seller), id: refunded, body: (c) => refundInput({ type: 'sent', amount: '2.00' }, c) });
    await read(buyer, refunded);
    const sent = (await container.get(ORDERS.OrderRepository).byId(shipped))!;
    log(
      `orders: demo-buyer bought from demo-seller: ${shipped} (Shipped, with feedback; ${formatMoney(sent.total)} with ${formatMoney(sent.shipping)} shipping), ` +
        `${asked} (Buyer ed), ${cancelled} (cancelled, archived), ${refunded} (Refund Sent, part refunded)`,
    );
    await seedDemoPurchases(container, buyer, seller, releases, log);
  } catch (err) {
    if (!(err instanceof ApplicationError) && !(err instanceof Refusal)) throw err;
    log(`orders: demo orders stopped: ${err.message}`);
  }
}

/** The demo buyer's terms when they sell (the demo seller's purchases are bought from them), in the demo seller's currency. */
const DEMO_BUYER_TERMS = {
  paymentTerms: 'Bank transfer within 5 days, please.',
  shippingTerms: 'Shipped from London on Mondays, in a mailer with boards.',
} as const;

/**
 * Two orders of the demo seller's from the demo buyer, who sells a little too (their seller terms are written when
 * missing), so `GET /marketplace/purchases` and the site's purchases page show the demo seller content: one new, one
 * paid (Payment Received). Run by seedDemoOrders once it has made the demo seller's sales.
 */
async function seedDemoPurchases(container: Container, buyer: User, seller: User, releases: readonly number[], log: (line: string) => void): Promise<void> {
  const name = buyer.username;
  const settings = await container.get(SELLERS.GetSellerSettings).execute({ name, actor: 'operator' });
  const currency = settings.complete ? currencyOrDollars(settings.currency) : currencyOrDollars(seller.currency);
  if (!settings.complete) {
    await container.get(SELLERS.SetSellerSettings).execute({ name, actor: 'operator', change: () => ({ fields: { ...DEMO_BUYER_TERMS, currency } }) });
  }
  const clock = container.get(CORE.Clock);
  const listings = container.get(MARKETPLACE.ListingRepository);
  const made = await container.get(PERSISTENCE.UnitOfWork).run(async () =>
    Promise.all(
      ['9.00', '15.00'].map((price, i) =>
        listings.add(newListing(buyer.id, { releaseId: releases[(i + 1) % releases.length]!, condition: 'Near Mint (NM or M-)', price: Money.fromDecimal(price, currency) }, clock.now())),
      ),
    ),
  );
  const order = async (listingId: number): Promise<string> => {
    await container.get(ORDERS.AddToCart).execute({ caller: as(seller), listingId });
    const [placed] = await container.get(ORDERS.CheckOut).execute({ caller: as(seller), body: () => checkoutInput({ shipping_address: 'Demo Seller\n5 Harbour Lane\nBristol BS1 4AA\nUnited Kingdom', seller: name }) });
    return placed!.order.id;
  };
  const fresh = await order(made[0]!.id);
  const paid = await order(made[1]!.id);
  const edit = (who: User, body: object) => container.get(ORDERS.EditOrder).execute({ caller: as(who), id: paid, body: (c) => orderEditInput(body, c) });
  await edit(buyer, { shipping: 4 });
  await edit(seller, { status: 'Payment Pending' });
  await edit(buyer, { status: 'Payment Received' });
  // Both have read their logs: the demo users' unread counts stay those of the demo seller's sales.
  for (const who of [buyer, seller]) {
    for (const id of [fresh, paid]) await container.get(ORDERS.GetOrderMessages).execute({ caller: as(who), id, page: { page: 1, perPage: 50 } });
  }
  log(`orders: demo-seller bought from demo-buyer: ${fresh} (New Order), ${paid} (Payment Received)`);
}
