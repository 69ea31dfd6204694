import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { MARKET_FIGURES } from '../../../composition/marketplace/market-figure-tokens.js';
import type { Container } from 'inversify';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { buyThroughCheckout, callerOf, clockedContainer, type OrderJson } from '../../support/order-http.js';
import { BASE_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

/*
 * Events end to end over HTTP: a buyer checks out, the parties message, invoice and refund, the seller lists, edits
 * and deletes a listing, and adds, changes and deletes listings by inventory uploads; each reads GET /events after a cursor and finds what concerned them, each order as the API
 * shows it to them (the responses are checked against docs/openapi.yaml by the suite).
 */

interface EventJson {
  readonly id: number;
  readonly type: string;
  readonly occurred: string;
  readonly user_id: number;
  readonly resource: { readonly type: string; readonly id: string; readonly body: Record<string, unknown> };
}

describe('Events over HTTP (GET /events)', function () {
  this.timeout(120_000);
  let db: TestStorage;
  let container: Container;
  let as: ReturnType<typeof callerOf>;
  let sam: TestUser, bob: TestUser, carl: TestUser;
  let forSale: Listing;
  let fileDir: string;

  before(async () => {
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-events-'));
    db = await openTestStorage();
    container = clockedContainer(db, new FixedClock('2026-03-02T09:00:00Z'), { FILE_DIR: fileDir });
    await emptyIdentity(db);
    [sam, bob, carl] = [await aUser(container, 'sam'), await aUser(container, 'bob'), await aUser(container, 'carl')];
    as = callerOf(container, await anApplication(container, 'bob', 'Events App'));
    await seedCatalogue(db, { releases: [aRelease(101, { title: 'One' })] });
    await aSeller(container, sam.id, 'USD');
    forSale = await aListing(container, sam.id, 101, '20.00');
  });
  after(async () => {
    await db.close();
    fs.rmSync(fileDir, { recursive: true, force: true });
  });

  async function runJobs(): Promise<void> {
    while ((await container.get(JOBS.Worker).runOnce()) !== null);
  }

  /** Every event of `who` after `after`, following the next links `per_page` at a time. */
  async function allEvents(who: TestUser, after = 0, perPage = 2): Promise<EventJson[]> {
    const seen: EventJson[] = [];
    let path: string | null = `/events?after=${after}&per_page=${perPage}`;
    while (path !== null) {
      const res = await as(who).get(path);
      expect(res.status, res.text).to.equal(200);
      seen.push(...(res.body.events as EventJson[]));
      const next = (res.body.pagination.urls as { next?: string }).next;
      expect(res.headers.link ?? null).to.equal(next === undefined ? null : `<${next}>; rel="next"`);
      path = next === undefined ? null : next.slice(BASE_URL.length);
    }
    return seen;
  }

  it("tells the buyer and the seller of an order what happened to it, each seeing it as they do; nobody else", async () => {
    const order: OrderJson = await buyThroughCheckout(as, bob, 'sam', [forSale]);
    expect((await as(sam).post(`/marketplace/orders/${order.id}`, { shipping: 4 })).status).to.equal(200);
    expect((await as(bob).post(`/marketplace/orders/${order.id}/messages`, { message: 'Paid.', status: 'Payment Pending' })).status).to.equal(201);
    expect((await as(sam).post(`/marketplace/orders/${order.id}`, { status: 'Payment Received' })).status).to.equal(200);
    expect((await as(sam).post(`/marketplace/orders/${order.id}/refunds`, { amount: 2, kind: 'sent' })).status, 'refund').to.be.oneOf([200, 201]);

    const bobs = await allEvents(bob);
    const changes = [
      'order.shipping_changed',
      'order.status_changed',
      'order.message_added',
      'order.status_changed',
      'order.status_changed',
      'order.refunded',
      'order.status_changed',
    ];
    expect(bobs.map((e) => e.type)).to.deep.equal(['order.created', ...changes]);
    const sams = await allEvents(sam);
    expect(sams.map((e) => e.type), 'the seller is also told the listing sold').to.deep.equal(['order.created', 'listing.sold', ...changes]);
    expect(await allEvents(carl)).to.deep.equal([]);
    for (const e of bobs) expect([e.user_id, e.resource.type, e.resource.id]).to.deep.equal([bob.id, 'order', order.id]);
    // The buyer's bodies are the order as GET shows it to the buyer (no fee); the seller's as it shows it to the seller.
    const now = await as(bob).get(`/marketplace/orders/${order.id}`);
    expect(bobs.at(-1)!.resource.body).to.deep.equal(now.body);
    expect((await as(sam).get(`/marketplace/orders/${order.id}`)).body).to.deep.equal(sams.at(-1)!.resource.body);
    expect(bobs.at(-1)!.resource.body).to.not.have.property('fee');
    expect(sams.at(-1)!.resource.body).to.have.property('fee');
    // After a cursor, only what came since; the types filter keeps only those asked for.
    expect((await allEvents(bob, bobs[5]!.id)).map((e) => e.id)).to.deep.equal(bobs.slice(6).map((e) => e.id));
    const refunds = await as(bob).get('/events?type=order.refunded&type=order.created');
    expect((refunds.body.events as EventJson[]).map((e) => e.type)).to.deep.equal(['order.created', 'order.refunded']);
  });

  it('tells the seller of the listings they create, change and delete, with the listing as they see it', async () => {
    const start = (await allEvents(sam)).at(-1)!.id;
    const created = await as(sam).post('/marketplace/listings', { release_id: 101, condition: 'Mint (M)', price: 5, location: 'Box 9' });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.listing_id as number;
    expect((await as(sam).post(`/marketplace/listings/${id}`, { release_id: 101, condition: 'Mint (M)', price: 6, location: 'Box 10' })).status).to.equal(204);
    expect((await as(bob).delete(`/marketplace/listings/${id}`)).status).to.equal(403);
    expect((await as(sam).delete(`/marketplace/listings/${id}`)).status).to.equal(204);
    const events = await allEvents(sam, start);
    expect(events.map((e) => [e.type, e.resource.type, e.resource.id])).to.deep.equal([
      ['listing.created', 'listing', String(id)],
      ['listing.changed', 'listing', String(id)],
      ['listing.deleted', 'listing', String(id)],
    ]);
    expect(events[1]!.resource.body).to.include({ location: 'Box 10' });
    expect((await allEvents(bob)).some((e) => e.resource.type === 'listing')).to.equal(false);
  });

  it('tells the owner of an inventory export when it finished, with the export as GET /inventory/export/{id} shows it', async () => {
    const start = (await allEvents(sam)).at(-1)!.id;
    const asked = await as(sam).post('/inventory/export');
    expect(asked.status, asked.text).to.be.oneOf([200, 201, 202]);
    const id = Number(String(asked.headers.location).split('/').at(-1));
    expect(await allEvents(sam, start)).to.deep.equal([]);
    await runJobs();
    const events = await allEvents(sam, start);
    expect(events.map((e) => [e.type, e.user_id, e.resource.type, e.resource.id])).to.deep.equal([['inventory.export_finished', sam.id, 'inventory_export', String(id)]]);
    const shown = await as(sam).get(`/inventory/export/${id}`);
    expect(events[0]!.resource.body).to.deep.equal(shown.body);
    expect(events[0]!.resource.body).to.include({ status: 'success' });
    expect((await allEvents(bob)).some((e) => e.resource.type === 'inventory_export')).to.equal(false);
  });

  /** Uploads a CSV file of `kind` as sam and runs the job; the upload's id. */
  async function upload(kind: 'add' | 'change' | 'delete', csv: string, run = true): Promise<number> {
    const asked = await as(sam).post(`/inventory/upload/${kind}`).attach('file', Buffer.from(csv, 'utf8'), { filename: 'stock.csv', contentType: 'text/csv' });
    expect(asked.status, asked.text).to.be.oneOf([200, 201, 202]);
    if (run) await runJobs();
    return Number(String(asked.headers.location).split('/').at(-1));
  }

  it('tells the seller of each listing an inventory upload adds, changes or deletes, then of the upload, with the API’s bodies', async () => {
    const start = (await allEvents(sam)).at(-1)?.id ?? 0;
    const added = await upload('add', 'release_id,price,media_condition,comments\n101,3,Mint (M),first\n101,4.50,Good (G),second\n');
    let events = await allEvents(sam, start);
    expect(events.map((e) => e.type)).to.deep.equal(['listing.created', 'listing.created', 'inventory.upload_finished']);
    const ids = events.slice(0, 2).map((e) => Number(e.resource.id));
    for (const [i, e] of events.slice(0, 2).entries()) {
      // Each listing as its seller sees it (GET /marketplace/listings/{id}), in the order of the file's rows.
      const shown = await as(sam).get(`/marketplace/listings/${ids[i]}`);
      expect([e.user_id, e.resource.type, e.resource.body]).to.deep.equal([sam.id, 'listing', shown.body]);
      expect(shown.body.comments).to.equal(['first', 'second'][i]);
    }
    expect(events[2]!.resource).to.deep.include({ type: 'inventory_upload', id: String(added) });
    expect(events[2]!.resource.body).to.deep.equal((await as(sam).get(`/inventory/upload/${added}`)).body);
    expect(events[2]!.resource.body).to.include({ status: 'success', results: 'CSV file contains 2 records.<p>Processed 2 records.' });

    // A change: the first listing's price, the second one's row unchanged (no change, no event).
    let from = events.at(-1)!.id;
    const changed = await upload('change', `listing_id,price,media_condition\n${ids[0]},3.25,Mint (M)\n${ids[1]},4.50,Good (G)\n`);
    events = await allEvents(sam, from);
    expect(events.map((e) => [e.type, e.resource.id])).to.deep.equal([['listing.changed', String(ids[0])], ['inventory.upload_finished', String(changed)]]);
    const afterChange = await as(sam).get(`/marketplace/listings/${ids[0]}`);
    expect(events[0]!.resource.body).to.deep.equal(afterChange.body);
    expect(afterChange.body.price).to.deep.include({ value: 3.25 });

    // A delete: each listing as it was before.
    from = events.at(-1)!.id;
    const second = (await as(sam).get(`/marketplace/listings/${ids[1]}`)).body;
    const deleted = await upload('delete', `listing_id\n${ids[0]}\n${ids[1]}\n`);
    events = await allEvents(sam, from);
    expect(events.map((e) => [e.type, e.resource.id])).to.deep.equal([
      ['listing.deleted', String(ids[0])],
      ['listing.deleted', String(ids[1])],
      ['inventory.upload_finished', String(deleted)],
    ]);
    expect(events.slice(0, 2).map((e) => e.resource.body)).to.deep.equal([afterChange.body, second]);
    expect((await as(sam).get(`/marketplace/listings/${ids[0]}`)).status).to.equal(404);
    expect((await allEvents(bob)).some((e) => e.resource.type === 'listing' || e.resource.type === 'inventory_upload')).to.equal(false);
  });

  it('records none of the listing events of an upload that fails after writing some of its batches (they roll back with it)', async () => {
    await seedCatalogue(db, { releases: [aRelease(102, { title: 'Two' })] });
    const start = (await allEvents(sam)).at(-1)?.id ?? 0;
    const count = async () => (await as(sam).get('/users/sam/inventory?status=All&per_page=1')).body.pagination.items as number;
    const before = await count();
    // 2,000 rows (the first batch, written by the job) of release 101, then one of release 102, blocked after the
    // request's check passed: the job finds it in its second batch, after the first was written, and fails.
    const rows = Array.from({ length: 2000 }, () => '101,2,Mint (M)');
    const id = await upload('add', ['release_id,price,media_condition', ...rows, '102,2,Mint (M)', ''].join('\n'), false);
    await container.get(MARKET_FIGURES.ReleaseMarketBlock).execute({ releaseId: 102, blocked: true, reason: 'test' });
    await runJobs();
    const events = await allEvents(sam, start, 100);
    expect(events.map((e) => [e.type, e.resource.id])).to.deep.equal([['inventory.upload_finished', String(id)]]);
    expect(events[0]!.resource.body).to.include({ status: 'failed' });
    expect(String(events[0]!.resource.body.results)).to.include('Release 102 is blocked from sale.');
    expect(await count(), 'none of the file applied').to.equal(before);
  });

  it('tells the owner of a wantlist of each want added, edited and removed, with the want as they see it', async () => {
    const start = (await allEvents(bob)).at(-1)?.id ?? 0;
    const put = await as(bob).put('/s/bob/wants/101', { notes: 'Mine only', notes_public: false, rating: 3 });
    expect(put.status, put.text).to.equal(201);
    const edited = await as(bob).post('/s/bob/wants/101', { rating: 5 });
    expect(edited.status, edited.text).to.equal(200);
    expect((await as(carl).delete('/s/bob/wants/101')).status).to.equal(403);
    expect((await as(bob).delete('/s/bob/wants/101')).status).to.equal(204);
    const events = await allEvents(bob, start);
    expect(events.map((e) => [e.type, e.user_id, e.resource.type, e.resource.id])).to.deep.equal(
      Array.from({ length: 3 }, () => ['wantlist.changed', bob.id, 'wantlist', '101']),
    );
    expect(events[0]!.resource.body).to.deep.equal(put.body);
    expect(events[1]!.resource.body).to.deep.equal(edited.body);
    expect(events[2]!.resource.body).to.deep.equal(edited.body);
    expect((await allEvents(carl)).some((e) => e.resource.type === 'wantlist')).to.equal(false);
  });

  it('tells the owner of a collection of each instance added, rated, noted and removed, with the instance as they see it', async () => {
    const start = (await allEvents(bob)).at(-1)?.id ?? 0;
    const added = await as(bob).post('/s/bob/collection/folders/1/releases/101');
    expect(added.status, added.text).to.equal(201);
    const instance = `/s/bob/collection/folders/1/releases/101/instances/${added.body.instance_id as number}`;
    expect((await as(bob).post(instance, { rating: 4 })).status).to.equal(204);
    expect((await as(bob).post(`${instance}/fields/1?value=Mint%20(M)`)).status).to.equal(204);
    const shown = await as(bob).get('/s/bob/collection/releases/101');
    expect(shown.status, shown.text).to.equal(200);
    expect((await as(carl).delete(instance)).status).to.equal(403);
    expect((await as(bob).delete(instance)).status).to.equal(204);
    const events = await allEvents(bob, start);
    expect(events.map((e) => [e.type, e.user_id, e.resource.type, e.resource.id])).to.deep.equal(
      Array.from({ length: 4 }, () => ['collection.changed', bob.id, 'collection', String(added.body.instance_id)]),
    );
    expect(events.map((e) => e.resource.body.rating)).to.deep.equal([0, 4, 4, 4]);
    expect(events[2]!.resource.body).to.deep.equal(shown.body.releases[0]);
    expect(events[3]!.resource.body).to.deep.equal(shown.body.releases[0]);
    expect((await allEvents(carl)).some((e) => e.resource.type === 'collection')).to.equal(false);
  });

  it('refuses a bad cursor, page size or type with 422 naming it', async () => {
    for (const [path, message] of [
      ['/events?after=-1', 'Invalid after: expected the id of an event (a whole number of at least 0), got "-1".'],
      ['/events?after=1234567890123456', 'Invalid after: expected the id of an event (a whole number of at least 0), got "1234567890123456".'],
      ['/events?per_page=0', 'Invalid per_page: expected a whole number of at least 1, got "0".'],
    ] as const) {
      const res = await as(bob).get(path);
      expect([res.status, res.body]).to.deep.equal([422, { message }]);
    }
    const res = await as(bob).get('/events?type=order.lost');
    expect(res.status).to.equal(422);
    expect(res.body.message).to.match(/^Invalid type: expected one of order.created, .*got "order.lost"\.$/);
  });
});
