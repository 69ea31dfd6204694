import { withState } from '../../support/listing-state.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { EXPORT_IN_PROGRESS_MESSAGE } from '../../../application/inventory/request-inventory-export.js';
import { INVENTORY } from '../../../composition/inventory/inventory-tokens.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { INVENTORY_EXPORT_COLUMNS, inventoryCsvRecord } from '../../../domain/inventory/inventory-csv.js';
import { newListing, type Listing, type ListingTerms } from '../../../domain/marketplace/listing.js';
import { Money } from '../../../domain/marketplace/money.js';
import { apiAs } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { makeSeller, setListingStatus } from '../../support/listing-fixtures.js';
import { AGENT, BASE_URL } from '../../support/test-app.js';
import { skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

const UNAUTHENTICATED = 'You must authenticate to access this resource.';
const FORBIDDEN = "You don't have permission to access this resource.";
const NOT_FOUND = 'The requested resource was not found.';
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;

interface ExportJson {
  id: number;
  status: string;
  created_ts: string;
  finished_ts: string | null;
  url: string;
  _url?: string | null;
  download_url: string | null;
  filename: string;
}

describe('Inventory export over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let fileDir: string;
  let sam: TestUser;
  let bea: TestUser;
  let client: TestApplication;
  let as: ReturnType<typeof apiAs>;
  const listings: Listing[] = [];

  async function aListingOf(sellerId: number, terms: Partial<ListingTerms> & { price: Money }): Promise<Listing> {
    const listing = newListing(sellerId, { releaseId: 301, condition: 'Very Good Plus (VG+)', ...terms }, new Date('2026-11-01T00:00:00Z'));
    return container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.ListingRepository).add(listing));
  }

  /** Runs the worker until no job is left to claim. */
  async function runJobs(): Promise<void> {
    while ((await container.get(JOBS.Worker).runOnce()) !== null);
  }

  before(async () => {
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-export-'));
    ({ db, container, app } = await anOpenApp({ FILE_DIR: fileDir, EXPORT_RETENTION_HOURS: '2' }));
    sam = await aUser(container, 'sam');
    bea = await aUser(container, 'bea');
    client = await anApplication(container, 'sam', 'Export App');
    as = apiAs(app, client);
    await seedCatalogue(db, { releases: [aRelease(301, { title: 'One' }), aRelease(302, { title: 'Two' })] });
    await makeSeller(container, sam.id, 'USD');
    await makeSeller(container, bea.id, 'EUR');
    const usd = (v: string) => Money.fromDecimal(v, 'USD');
    listings.push(await aListingOf(sam.id, { price: usd('12.50') }));
    listings.push(
      await aListingOf(sam.id, {
        releaseId: 302,
        price: usd('1000'),
        condition: 'Mint (M)',
        sleeveCondition: 'Generic',
        comments: '=HYPERLINK("http://evil.test","click"), with "quotes"\nand a second line',
        allowOffers: true,
        location: '+49 shelf',
        externalId: '@SKU-1',
        weight: 230,
        formatQuantity: 2,
        status: 'Draft',
      }),
    );
    listings.push(await aListingOf(sam.id, { price: usd('0.99'), comments: '-5 off, ünïcödé ✓', location: "'=already quoted", externalId: '\tTAB' }));
    const sold = await aListingOf(sam.id, { price: usd('7.00') });
    await setListingStatus(container, sold.id, 'Sold');
    listings.push(withState(sold, { status: 'Sold' }));
    // Deleted listings and other sellers' listings are not exported.
    const deleted = await aListingOf(sam.id, { price: usd('3.00') });
    await setListingStatus(container, deleted.id, 'Deleted');
    await aListingOf(bea.id, { price: Money.fromDecimal('4.00', 'EUR') });
  });
  after(async () => {
    await db.close();
    fs.rmSync(fileDir, { recursive: true, force: true });
  });

  let first: ExportJson;

  it('refuses anonymous callers (401) and applications alone (403) on every export path', async () => {
    for (const [method, p] of [
      ['post', '/inventory/export'],
      ['get', '/inventory/export'],
      ['get', '/inventory/export/1'],
      ['get', '/inventory/export/1/download'],
      ['get', '/inventory/export/1/'],
    ] as const) {
      const anonymous = await as('anonymous')[method](p);
      expect(anonymous.status, `${method} ${p}`).to.equal(401);
      expect(anonymous.body).to.deep.equal({ message: UNAUTHENTICATED });
      expect(anonymous.headers['www-authenticate']).to.equal(`OAuth realm="${BASE_URL}"`);
      const application = await as('app')[method](p);
      expect(application.status, `${method} ${p}`).to.equal(403);
      expect(application.body).to.deep.equal({ message: FORBIDDEN });
    }
  });

  it('POST /inventory/export answers 200 with the pending export and its Location', async () => {
    const res = await as(sam).post('/inventory/export');
    expect(res.status, res.text).to.equal(200);
    first = res.body as ExportJson;
    expect(res.headers.location).to.equal(`${BASE_URL}/inventory/export/${first.id}`);
    expect(Object.keys(first)).to.deep.equal(['id', 'status', 'created_ts', 'finished_ts', 'url', '_url', 'download_url', 'filename']);
    expect(first).to.deep.include({ status: 'pending', finished_ts: null, url: `${BASE_URL}/inventory/export/${first.id}`, _url: null, download_url: null });
    expect(first.created_ts).to.match(TIMESTAMP);
    const created = first.created_ts;
    const stamp = `${created.slice(0, 4)}${created.slice(5, 7)}${created.slice(8, 10)}-${created.slice(11, 13)}${created.slice(14, 16)}`;
    expect(first.filename).to.equal(`sam-inventory-${stamp}.csv`);
  });

  it('answers 409 while the caller has an export pending, and lets another user export', async () => {
    const again = await as(sam).post('/inventory/export', {});
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({ message: EXPORT_IN_PROGRESS_MESSAGE });
    const other = await as(bea).post('/inventory/export');
    expect(other.status).to.equal(200);
  });

  it('shows a pending export without a download, and does not serve its file yet', async () => {
    const res = await as(sam).get(`/inventory/export/${first.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(first);
    expect(res.headers['last-modified']).to.be.a('string');
    expect((await as(sam).get(`/inventory/export/${first.id}/download`)).status).to.equal(404);
  });

  it('runs the export job: success, finished_ts, download URLs', async () => {
    await runJobs();
    const res = await as(sam).get(`/inventory/export/${first.id}`);
    expect(res.status).to.equal(200);
    const done = res.body as ExportJson;
    expect(done).to.deep.include({ status: 'success', _url: `${first.url}/download`, download_url: `${first.url}/download`, filename: first.filename });
    expect(done.finished_ts).to.match(TIMESTAMP);
    const job = await container.get(JOBS.Queue).byId(first.id);
    expect(job!.result).to.deep.equal({ filename: first.filename, rows: 4 });
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified, 200 before it', async () => {
    const res = await as(sam).get(`/inventory/export/${first.id}`);
    const lastModified = res.headers['last-modified'] as string;
    const same = await as(sam).get(`/inventory/export/${first.id}`).set('If-Modified-Since', lastModified);
    expect(same.status).to.equal(304);
    expect(same.text).to.equal('');
    const later = await as(sam).get(`/inventory/export/${first.id}`).set('If-Modified-Since', new Date(Date.parse(lastModified) + 60_000).toUTCString());
    expect(later.status).to.equal(304);
    const earlier = await as(sam).get(`/inventory/export/${first.id}`).set('If-Modified-Since', new Date(Date.parse(lastModified) - 1000).toUTCString());
    expect(earlier.status).to.equal(200);
    expect(earlier.body.status).to.equal('success');
  });

  for (const suffix of ['/download', '/']) {
    it(`serves the CSV at /inventory/export/{id}${suffix}: every listing but the deleted ones, as the upload columns plus id and status`, async () => {
      const res = await as(sam)
        .get(`/inventory/export/${first.id}${suffix}`)
        .buffer(true)
        .parse((r, done) => {
          let text = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (text += c));
          r.on('end', () => done(null, text));
        });
      expect(res.status, String(res.body)).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).to.equal(`attachment; filename=${first.filename}`);
      const text = res.body as string;
      expect(Number(res.headers['content-length'])).to.equal(Buffer.byteLength(text));
      const rows = parse(text, { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0]!)).to.deep.equal([...INVENTORY_EXPORT_COLUMNS]);
      const expected = listings.map((l) => Object.fromEntries(INVENTORY_EXPORT_COLUMNS.map((c, i) => [c, inventoryCsvRecord(l)[i]!])));
      expect(rows).to.deep.equal(expected);
      // The cells that would run as formulas are neutralised; text is kept exactly otherwise.
      expect(rows[1]).to.deep.include({
        listing_id: String(listings[1]!.id),
        release_id: '302',
        status: 'Draft',
        price: '1000.00',
        media_condition: 'Mint (M)',
        sleeve_condition: 'Generic',
        comments: `'=HYPERLINK("http://evil.test","click"), with "quotes"\nand a second line`,
        accept_offer: 'Y',
        location: "'+49 shelf",
        external_id: "'@SKU-1",
        weight: '230',
        format_quantity: '2',
      });
      expect(rows[2]).to.deep.include({ comments: "'-5 off, ünïcödé ✓", location: "''=already quoted", external_id: "'\tTAB", price: '0.99' });
      expect(rows[0]).to.deep.include({ accept_offer: 'N', sleeve_condition: '', weight: '', format_quantity: '', location: '', external_id: '' });
      expect(rows.map((r) => r.status)).to.deep.equal(['For Sale', 'Draft', 'For Sale', 'Sold']);
    });
  }

  it("keeps another user's exports hidden: 404 like an unknown id", async () => {
    for (const p of [`/inventory/export/${first.id}`, `/inventory/export/${first.id}/download`, `/inventory/export/${first.id}/`]) {
      const res = await as(bea).get(p);
      expect(res.status, p).to.equal(404);
      expect(res.body).to.deep.equal({ message: NOT_FOUND });
    }
    for (const p of ['/inventory/export/999999', '/inventory/export/abc', '/inventory/export/999999/download', '/inventory/export/0/']) {
      expect((await as(sam).get(p)).status, p).to.equal(404);
    }
  });

  it('lists the caller’s exports newest first, paginated, after a new request once the first is done', async () => {
    const second = (await as(sam).post('/inventory/export')).body as ExportJson;
    expect(second.id).to.be.greaterThan(first.id);
    const res = await as(sam).get('/inventory/export');
    expect(res.status).to.equal(200);
    expect(Object.keys(res.body)).to.deep.equal(['items', 'pagination']);
    expect((res.body.items as ExportJson[]).map((e) => [e.id, e.status])).to.deep.equal([
      [second.id, 'pending'],
      [first.id, 'success'],
    ]);
    expect(res.body.pagination).to.deep.include({ page: 1, pages: 1, per_page: 50, items: 2 });
    const paged = await as(sam).get('/inventory/export?per_page=1&page=2');
    expect((paged.body.items as ExportJson[]).map((e) => e.id)).to.deep.equal([first.id]);
    expect(paged.body.pagination.urls.first).to.equal(`${BASE_URL}/inventory/export?per_page=1&page=1`);
    expect((await as(sam).get('/inventory/export?page=0')).status).to.equal(422);
    const beas = await as(bea).get('/inventory/export');
    expect((beas.body.items as ExportJson[]).every((e) => e.id !== first.id && e.id !== second.id)).to.equal(true);
    await runJobs();
  });

  it('a failed export has no download', async function () {
    skipInMemory(this); // It fails the job in its row.
    const failed = (await as(bea).get('/inventory/export')).body.items[0] as ExportJson;
    await query(sqlOf(db).orm, `update job set status = 'failed', result = '{"error": "x"}'::jsonb where id = ?`, [failed.id]);
    const res = await as(bea).get(`/inventory/export/${failed.id}`);
    expect(res.body).to.deep.include({ status: 'failed', download_url: null, _url: null });
    expect((await as(bea).get(`/inventory/export/${failed.id}/download`)).status).to.equal(404);
  });

  it('expires finished files after EXPORT_RETENTION_HOURS: no download URL, 404, and the sweep removes the file', async function () {
    skipInMemory(this); // It ages the job in its row.
    const file = path.join(fileDir, 'inventory-export', `${first.id}.csv`);
    expect(fs.existsSync(file)).to.equal(true);
    await query(sqlOf(db).orm, `update job set finished = finished - interval '3 hours' where id = ?`, [first.id]);
    const res = await as(sam).get(`/inventory/export/${first.id}`);
    expect(res.body).to.deep.include({ status: 'success', download_url: null, _url: null });
    expect((await as(sam).get(`/inventory/export/${first.id}/download`)).status).to.equal(404);
    // The file is swept once it is older than the retention (the worker's maintenance calls this).
    expect(await container.get(INVENTORY.ExpireExports).execute(new Date())).to.equal(0);
    expect(await container.get(INVENTORY.ExpireExports).execute(new Date(Date.now() + 2 * 3_600_000 + 60_000))).to.be.greaterThan(0);
    expect(fs.existsSync(file)).to.equal(false);
  });

  it('takes a body-less POST with a Content-Length of 0, as clients send it', async () => {
    const res = await request(app.callback())
      .post('/inventory/export')
      .set('User-Agent', AGENT)
      .set('Authorization', `Service token=${sam.token}`)
      .set('Content-Length', '0');
    expect([200, 409]).to.include(res.status);
  });
});
