import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type { Database } from '../../../adapters/persistence/database.js';
import type { Caller } from '../../../application/shared/caller.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { ORDERS } from '../../../composition/orders/orders-tokens.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { aCredit, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { discogsClientServer, type ClientServer } from '../../support/client-server.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { makeSeller } from '../../support/listing-fixtures.js';
import { aListing } from '../../support/order-fixtures.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { openTestDatabase } from '../../support/test-database.js';
import { checkoutInput } from '../../../adapters/http/orders/order-bodies.js';

const PYTHON = '/usr/bin/python3';

/** Whether Debian's python3-discogs-client is installed (`.ci/run` installs it where missing). */
function clientInstalled(): boolean {
  try {
    execFileSync(PYTHON, ['-c', 'import discogs_client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ADDRESS = 'Compat Buyer\n2 Client Road\nCompat City';

/** The buyer checks out one listing of the seller's, as `POST /marketplace/cart/{id}` and `/checkout` would: the order's id. */
async function aSale(container: Container, seller: TestUser, buyer: TestUser, listingId: number): Promise<string> {
  const caller: Caller = { kind: 'user', userId: String(buyer.id), username: buyer.name, via: 'token' };
  await container.get(ORDERS.AddToCart).execute({ caller, listingId });
  const [placed] = await container.get(ORDERS.CheckOut).execute({ caller, body: () => checkoutInput({ shipping_address: ADDRESS, seller: seller.name }) });
  return placed!.order.id;
}

/**
 * The most used public Discogs client (python3-discogs-client), unchanged but for its base URL, against a server whose
 * brand word is `Discogs`: identity, a profile edit, collection folders, adding and removing releases, the collection
 * value, the wantlist, database search, ratings (a user's, the community's, a release's and a profile's), listings,
 * and the orders of a sale (read, invoiced, paid, shipped with a message, the message log).
 */
describe('python3-discogs-client against Spindle (brand Discogs)', function () {
  this.timeout(60_000);
  let db: Database | undefined;
  let container: Container;
  let served: ClientServer | undefined;
  let base: string;

  before(async function () {
    if (!clientInstalled()) {
      console.log('      Skipping: python3-discogs-client is not installed (apt-get install python3-discogs-client; .ci/run does).');
      this.skip();
    }
    db = await openTestDatabase();
    await seedCatalogue(db, {
      releases: [aRelease(301, { title: 'Compat One', artists: [aCredit(1, 'Someone')] }), aRelease(302, { title: 'Compat Two' })],
    });
    served = await discogsClientServer(db);
    ({ container, base } = served);
  });
  after(async () => {
    await served?.close();
    await db?.close();
  });

  it('drives the profile, collection, wantlist, search, rating, listing and order calls as a Discogs client does', async () => {
    await emptyIdentity(db!);
    const user = await aUser(container, 'compat-user');
    await makeSeller(container, user.id, 'USD');
    const buyer = await aUser(container, 'compat-buyer');
    const sold = await aListing(container, user.id, 302, '20.00');
    const orderId = await aSale(container, user, buyer, sold.id);
    const script = path.join(REPO_ROOT, 'test', 'clients', 'discogs_client_calls.py');
    const { stdout } = await promisify(execFile)(PYTHON, [script, base, user.token, user.name, '301', '302', orderId], { timeout: 50_000 });
    expect(JSON.parse(stdout)).to.deep.equal({
      identity: 'compat-user',
      profile: { location: 'Compat City', num_collection: 0 },
      folders: [
        [0, 'All', 0],
        [1, 'Uncategorized', 0],
      ],
      instances: [
        [301, 1, 'Compat One'],
        [301, 1, 'Compat One'],
      ],
      after_remove: 1,
      value: '$0.00',
      wants: [[302, 4, 'Compat note', 'Compat Two']],
      wants_after_remove: 0,
      num_collection: 1,
      search: {
        count: 2,
        results: [
          ['Release', 301, 'Someone - Compat One'],
          ['Release', 302, 'Someone - Compat Two'],
        ],
      },
      search_misspelt: 301,
      rating_before: 0,
      rating_put: ['compat-user', 302, 4],
      rating_put_again: 5,
      community_rating: { rating: { count: 1, average: 5 }, release_id: 302 },
      release_rating: [1, 5],
      profile_ratings: [5, 1],
      bad_rating: [422, '422: Invalid rating: expected a whole number from 1 to 5, got 6.'],
      rating_delete: null,
      rating_after_delete: 0,
      inventory: [
        [302, 'Very Good Plus (VG+)', 20, 'USD', 'Sold', 'compat-user'],
        [301, 'Very Good Plus (VG+)', 12.5, 'USD', 'For Sale', 'compat-user'],
        [302, 'Good (G)', 3, 'USD', 'Draft', 'compat-user'],
      ],
      listing: {
        status: 'For Sale',
        condition: 'Very Good Plus (VG+)',
        sleeve_condition: 'Generic',
        price: [12.5, 'USD'],
        allow_offers: true,
        comments: 'Compat [b]listing[/b]',
        release: [301, 'Someone - Compat One (Vinyl, LP)'],
        seller: 'compat-user',
        owner_fields: ['compat-1', 'Crate 1', 230, 1],
        posted_year: new Date().getUTCFullYear(),
        url: true,
      },
      edited: [15, 'Edited', 'Very Good Plus (VG+)', 'For Sale'],
      relisted: 'For Sale',
      bad_edit: 422,
      after_delete: 404,
      inventory_after_delete: ['Sold'],
      orders: [[orderId, 'New Order', 'compat-buyer']],
      order: {
        id: orderId,
        status: 'New Order',
        next_status: ['Buyer Contacted', 'Invoice Sent', 'Payment Pending', 'Payment Received', 'Cancelled (Item Unavailable)', "Cancelled (Per Buyer's Request)"],
        fee: [1.6, 'USD'],
        buyer: 'compat-buyer',
        seller: 'compat-user',
        shipping_address: ADDRESS,
        items: [[sold.id, 302, 20, 'USD']],
        total: [20, 'USD'],
        created_year: new Date().getUTCFullYear(),
        url: true,
      },
      // The total is the items and the shipping; the fee stays on the items.
      invoiced: ['Invoice Sent', 5, 'USD', 25, 1.6],
      paid: ['Payment Received', ['In Progress', 'Shipped', 'Refund Sent']],
      bad_status: [422, '422: An order in status Payment Received cannot move to New Order; it may move to: In Progress, Shipped, Refund Sent.'],
      after_bad_status: 'Payment Received',
      shipped: 'Shipped',
      // Newest first. The client's repr of an entry reads `to`, which every entry carries (the other party).
      messages: [
        ['message', `New Message - Order #${orderId} - Compat Two`, 'Seller changed status from Payment Received to Shipped\n\nThanks!', true, "<OrderMessage to:'compat-buyer'>"],
        ['status', '', 'compat-user changed the order status to Payment Received.', true, "<OrderMessage to:'compat-buyer'>"],
        ['status', '', 'compat-user changed the order status to Invoice Sent.', true, "<OrderMessage to:'compat-buyer'>"],
        ['shipping', '', 'compat-user set the shipping price to $5.00.', true, "<OrderMessage to:'compat-buyer'>"],
      ],
    });
  });

  it('exports, adds, changes and deletes inventory through the client’s requests, the server’s worker running the jobs', async () => {
    await emptyIdentity(db!);
    await query(db!.orm, 'delete from job');
    const user = await aUser(container, 'compat-user');
    await makeSeller(container, user.id, 'USD');
    await aListing(container, user.id, 302, '20.00');
    const worker = container.get(JOBS.Worker);
    worker.start();
    try {
      const script = path.join(REPO_ROOT, 'test', 'clients', 'discogs_client_inventory.py');
      const { stdout } = await promisify(execFile)(PYTHON, [script, base, user.token], { timeout: 50_000 });
      expect(JSON.parse(stdout)).to.deep.equal({
        export: ['pending', 'success', 200, true],
        exports: true,
        exported: [['302', '20.00', 'Very Good Plus (VG+)', 'For Sale']],
        add: [200, true, 'pending'],
        add_done: ['success', 'add', 'CSV file contains 1 record.<p>Processed 1 record.'],
        change_done: ['success', 'CSV file contains 2 records.<p>Processed 2 records.'],
        after_change: ['11.00', '20.00'],
        bad: [422, 'The file was not applied: 1 problem found.\nRow 2, column price, value "ten": price must be a number, such as 12.50.'],
        delete_done: 'success',
        uploads: [
          ['delete', 'success'],
          ['change', 'success'],
          ['add', 'success'],
        ],
        after_delete: ['20.00'],
      });
    } finally {
      await worker.stop();
    }
  });
});
