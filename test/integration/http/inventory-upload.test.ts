import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Container } from 'inversify';
import type Koa from 'koa';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { NO_FILE_MESSAGE, UPLOAD_IN_PROGRESS_MESSAGE } from '../../../application/inventory/request-inventory-upload.js';
import { UploadSpool, STALE_SPOOL_AGE_MS } from '../../../adapters/http/inventory/upload-spool.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { INVENTORY } from '../../../composition/inventory/inventory-tokens.js';
import { JOBS } from '../../../composition/jobs/jobs-tokens.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { newListing, type Listing, type ListingTerms } from '../../../domain/marketplace/listing.js';
import { Money } from '../../../domain/marketplace/money.js';
import { apiAs } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { makeSeller, setListingStatus } from '../../support/listing-fixtures.js';
import { AGENT, BASE_URL, testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, type TestStorage } from '../../support/test-storage.js';
import { releaseFigureRows } from '../../support/order-fixtures.js';

const UNAUTHENTICATED = 'You must authenticate to access this resource.';
const FORBIDDEN = "You don't have permission to access this resource.";
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
const MAX_BYTES = 64 * 1024;

interface UploadJson {
  id: number;
  status: string;
  type: string;
  results: string;
  created_ts: string;
  finished_ts: string | null;
  filename: string;
  resource_url: string;
}

type Row = Record<string, unknown>;

describe('Inventory upload over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let fileDir: string;
  let sam: TestUser;
  let bea: TestUser;
  let nobody: TestUser;
  let client: TestApplication;
  let as: ReturnType<typeof apiAs>;
  let beasListing: Listing;

  async function aListingOf(sellerId: number, terms: Partial<ListingTerms> & { price: Money }): Promise<Listing> {
    const listing = newListing(sellerId, { releaseId: 301, condition: 'Very Good Plus (VG+)', ...terms }, new Date('2026-11-01T00:00:00Z'));
    return container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.ListingRepository).add(listing));
  }

  async function runJobs(): Promise<void> {
    while ((await container.get(JOBS.Worker).runOnce()) !== null);
  }

  /** Every listing of the seller as stored, in id order (in memory, as the listing table's columns would hold it). */
  async function listingsOf(sellerId: number): Promise<Row[]> {
    if (isMemory(db)) {
      const page = await container.get(MARKETPLACE.InventoryPages).page({ sellerId, statuses: null, sort: 'audio', sortOrder: 'asc', offset: 0, limit: 1_000_000 });
      return page.listings.map((l) => ({
        id: l.id,
        release_id: l.releaseId,
        status: l.status,
        condition: l.condition,
        sleeve_condition: l.sleeveCondition,
        price: l.price.minorUnits.toString(),
        currency: l.price.currency,
        comments: l.comments,
        allow_offers: l.allowOffers,
        external_id: l.externalId,
        location: l.location,
        weight: l.weight,
        format_quantity: l.formatQuantity,
      }));
    }
    return query(
      db.orm,
      `select id, release_id, status, condition, sleeve_condition, price_minor::text as price, currency, comments, allow_offers,
              external_id, location, weight, format_quantity from listing where seller_id = ? order by id`,
      [sellerId],
    );
  }

  /** How many uploads are queued or done, by anyone (in memory, by this suite's users: the queue lists by owner). */
  async function jobCount(): Promise<number> {
    if (isMemory(db)) {
      let n = 0;
      for (const user of [sam, bea, nobody]) n += (await container.get(JOBS.Queue).list('inventory-upload', user.id, 0, 1)).total;
      return n;
    }
    const [row] = await query(db.orm, `select count(*)::int as n from job where kind = 'inventory-upload'`);
    return Number(row!.n);
  }

  function upload(who: TestUser | 'app' | 'anonymous', type: string, csv: string | Buffer, options: { field?: string; contentType?: string; filename?: string } = {}) {
    return as(who)
      .post(`/inventory/upload/${type}`)
      .attach(options.field ?? 'file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), {
        filename: options.filename ?? 'inventory.csv',
        contentType: options.contentType ?? 'text/csv',
      });
  }

  async function download(id: number): Promise<string> {
    const res = await as(sam)
      .get(`/inventory/export/${id}/download`)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (text += c));
        r.on('end', () => done(null, text));
      });
    expect(res.status).to.equal(200);
    return res.body as string;
  }

  async function exportOf(): Promise<Record<string, string>[]> {
    const res = await as(sam).post('/inventory/export');
    expect(res.status, res.text).to.equal(200);
    await runJobs();
    return parse(await download(res.body.id as number), { columns: true }) as Record<string, string>[];
  }

  /** Uploads and expects a 422 naming these problems, with nothing queued or changed. */
  async function refused(who: TestUser, type: string, csv: string | Buffer, ...expected: string[]): Promise<string> {
    const before = await listingsOf(who.id);
    const jobs = await jobCount();
    const res = await upload(who, type, csv);
    expect(res.status, res.text).to.equal(422);
    const message = res.body.message as string;
    for (const e of expected) expect(message).to.include(e);
    expect(await listingsOf(who.id)).to.deep.equal(before);
    expect(await jobCount()).to.equal(jobs);
    return message;
  }

  before(async () => {
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-upload-'));
    db = await openTestStorage();
    container = testContainer(db, {
      RATE_LIMIT_ANONYMOUS: '100000',
      RATE_LIMIT_AUTHENTICATED: '100000',
      FILE_DIR: fileDir,
      UPLOAD_MAX_BYTES: String(MAX_BYTES),
    });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    sam = await aUser(container, 'sam');
    bea = await aUser(container, 'bea');
    nobody = await aUser(container, 'nobody');
    client = await anApplication(container, 'sam', 'Upload App');
    as = apiAs(app, client);
    await seedCatalogue(db, {
      releases: [aRelease(301, { title: 'One' }), aRelease(302, { title: 'Two' }), aRelease(303, { title: 'Three' }), aRelease(304, { title: 'Blocked' })],
    });
    await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(MARKETPLACE.BlockedReleases).setBlocked(304, true, 'test', new Date()));
    await makeSeller(container, sam.id, 'EUR');
    await makeSeller(container, bea.id, 'USD');
    beasListing = await aListingOf(bea.id, { price: Money.fromDecimal('4.00', 'USD') });
  });
  after(async () => {
    await db.close();
    fs.rmSync(fileDir, { recursive: true, force: true });
  });

  it('refuses anonymous callers (401) and applications alone (403) on every upload path', async () => {
    for (const [method, p] of [
      ['post', '/inventory/upload/add'],
      ['post', '/inventory/upload/change'],
      ['post', '/inventory/upload/delete'],
      ['get', '/inventory/upload'],
      ['get', '/inventory/upload/1'],
    ] as const) {
      const anonymous = await as('anonymous')[method](p);
      expect(anonymous.status, `${method} ${p}`).to.equal(401);
      expect(anonymous.body).to.deep.equal({ message: UNAUTHENTICATED });
      const application = await as('app')[method](p);
      expect(application.status, `${method} ${p}`).to.equal(403);
      expect(application.body).to.deep.equal({ message: FORBIDDEN });
    }
    expect((await upload('anonymous', 'add', 'release_id,price,media_condition\n301,1,Mint (M)\n')).status).to.equal(401);
  });

  it('refuses an add by a user who is not a seller (403), and nothing is queued', async () => {
    const res = await upload(nobody, 'add', 'release_id,price,media_condition\n301,1,Mint (M)\n');
    expect(res.status).to.equal(403);
    expect(await jobCount()).to.equal(0);
  });

  let added: UploadJson;

  it('POST /inventory/upload/add answers 200 with the pending upload and its Location', async () => {
    const csv =
      'release_id,price,media_condition,sleeve_condition,comments,accept_offer,location,external_id,weight,format_quantity,colour\n' +
      '301,12.50,Mint (M),Generic,"Sealed, with ""hype"" sticker",Y,Shelf A,SKU-1,230,1,red\n' +
      "302,7,Good (G),,'=SUM(1+1),N,,,,,blue\n" +
      '303,0.99,Near Mint (NM or M-),Not Graded,,,,,auto,auto,\n';
    const res = await upload(sam, 'add', csv, { filename: 'my stock.csv' });
    expect(res.status, res.text).to.equal(200);
    added = res.body as UploadJson;
    expect(res.headers.location).to.equal(`${BASE_URL}/inventory/upload/${added.id}`);
    expect(Object.keys(added)).to.deep.equal(['id', 'status', 'type', 'results', 'created_ts', 'finished_ts', 'filename', 'resource_url']);
    expect(added).to.deep.include({ status: 'pending', type: 'add', results: '', finished_ts: null, filename: 'my stock.csv' });
    expect(added.created_ts).to.match(TIMESTAMP);
    expect(added.resource_url).to.equal(`${BASE_URL}/inventory/upload/${added.id}`);
    expect(await listingsOf(sam.id)).to.have.length(0);
  });

  it('answers 409 while the caller has an upload pending, and lets another user upload', async () => {
    const again = await upload(sam, 'delete', 'listing_id\n1\n');
    expect(again.status).to.equal(409);
    expect(again.body).to.deep.equal({ message: UPLOAD_IN_PROGRESS_MESSAGE });
    const other = await upload(bea, 'change', `listing_id,price\n${beasListing.id},4.50\n`);
    expect(other.status, other.text).to.equal(200);
  });

  it('applies the add: For Sale listings in the seller’s currency, unknown columns ignored, formula quotes undone', async () => {
    await runJobs();
    const res = await as(sam).get(`/inventory/upload/${added.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ status: 'success', results: 'CSV file contains 3 records.<p>Processed 3 records.' });
    expect(res.body.finished_ts).to.match(TIMESTAMP);
    const rows = await listingsOf(sam.id);
    expect(rows.map((r) => [r.release_id, r.status, r.condition, r.sleeve_condition, r.price, String(r.currency).trim(), r.comments, r.allow_offers, r.location, r.external_id, r.weight, r.format_quantity])).to.deep.equal([
      [301, 'For Sale', 'Mint (M)', 'Generic', '1250', 'EUR', 'Sealed, with "hype" sticker', true, 'Shelf A', 'SKU-1', 230, 1],
      [302, 'For Sale', 'Good (G)', null, '700', 'EUR', '=SUM(1+1)', false, null, null, null, null],
      [303, 'For Sale', 'Near Mint (NM or M-)', 'Not Graded', '99', 'EUR', '', false, null, null, rows[2]!.weight, rows[2]!.format_quantity],
    ]);
    expect(rows[2]!.weight).to.be.a('number');
    // The market figures follow: release 301 has bea's copy and sam's, release 302 sam's alone.
    const figures = await releaseFigureRows(db, [301, 302]);
    expect(figures.map((f) => [Number(f.num_for_sale), f.lowest_prices])).to.deep.equal([
      [2, { EUR: 1250, USD: 450 }],
      [1, { EUR: 700 }],
    ]);
    expect(await runJobsLeftFiles()).to.deep.equal([]);
  });

  /** The upload folder of the file store, which a finished job leaves empty. */
  async function runJobsLeftFiles(): Promise<string[]> {
    const folder = path.join(fileDir, 'inventory-upload');
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  }

  it('lists the caller’s uploads newest first, paginated, and answers 304 to If-Modified-Since', async () => {
    const list = await as(sam).get('/inventory/upload?per_page=1');
    expect(list.status).to.equal(200);
    expect(list.body.pagination).to.deep.include({ page: 1, pages: 1, items: 1, per_page: 1 });
    expect(list.body.items.map((u: UploadJson) => u.id)).to.deep.equal([added.id]);
    const beas = await as(bea).get('/inventory/upload');
    expect(beas.body.items.map((u: UploadJson) => u.type)).to.deep.equal(['change']);
    const one = await as(sam).get(`/inventory/upload/${added.id}`);
    const lastModified = one.headers['last-modified'] as string;
    expect(lastModified).to.be.a('string');
    const same = await as(sam).get(`/inventory/upload/${added.id}`).set('If-Modified-Since', lastModified);
    expect(same.status).to.equal(304);
    const earlier = await as(sam).get(`/inventory/upload/${added.id}`).set('If-Modified-Since', new Date(Date.parse(lastModified) - 1000).toUTCString());
    expect(earlier.status).to.equal(200);
    // Another user's upload, an unknown id, and an id that is no number are all 404.
    expect((await as(bea).get(`/inventory/upload/${added.id}`)).status).to.equal(404);
    expect((await as(sam).get('/inventory/upload/999999')).status).to.equal(404);
    expect((await as(sam).get('/inventory/upload/abc')).status).to.equal(404);
  });

  it('round trip: export → edit the CSV → change upload → export equal to the edited file', async () => {
    const exported = await exportOf();
    expect(exported).to.have.length(3);
    const edited = exported.map((r, i) =>
      i === 0
        ? { ...r, price: '15.00', comments: '=still text, "quoted"', accept_offer: 'N', location: '' }
        : i === 1
          ? { ...r, status: 'Draft', sleeve_condition: 'No Cover', weight: '180' }
          : r,
    );
    const csv = stringify(edited, { header: true, columns: Object.keys(exported[0]!) });
    const res = await upload(sam, 'change', csv, { field: 'upload' });
    expect(res.status, res.text).to.equal(200);
    await runJobs();
    const done = await as(sam).get(`/inventory/upload/${res.body.id}`);
    expect(done.body).to.deep.include({ status: 'success', type: 'change', results: 'CSV file contains 3 records.<p>Processed 3 records.' });
    const again = await exportOf();
    const expected = edited.map((r) => ({ ...r, comments: r.comments!.startsWith('=') ? `'${r.comments}` : r.comments }));
    expect(again).to.deep.equal(expected);
  });

  it('changes a listing named by its release when the file has no listing_id column', async () => {
    const res = await upload(sam, 'change', 'release_id,price\n303,2.25\n');
    expect(res.status, res.text).to.equal(200);
    await runJobs();
    const rows = await listingsOf(sam.id);
    expect(rows.find((r) => r.release_id === 303)!.price).to.equal('225');
  });

  it('refuses every bad file with 422 naming row, column, value and why, and applies nothing', async () => {
    const [first] = await listingsOf(sam.id);
    const id = Number(first!.id);
    await refused(sam, 'add', '301,12.50,Mint (M)\n', 'Row 1', 'lacks the required columns release_id, price, media_condition');
    await refused(sam, 'add', 'release_id,price\n301,12.50\n', 'Row 1', 'lacks the required column media_condition');
    await refused(sam, 'add', 'release_id,price,media_condition\n301,12.50,Mint\n', 'Row 2, column media_condition, value "Mint": media_condition must be one of');
    await refused(
      sam,
      'add',
      'release_id,price,media_condition\n301,abc,Mint (M)\n302,-1,Mint (M)\n303,0.004,Mint (M)\n301,0,Mint (M)\n',
      '4 problems found',
      'Row 2, column price, value "abc": price must be a number',
      'Row 3, column price, value "-1"',
      'Row 4, column price, value "0.004": price must be greater than 0.',
      'Row 5, column price, value "0": price must be greater than 0.',
    );
    await refused(sam, 'add', 'release_id,price,media_condition\n999999,1,Mint (M)\n304,1,Mint (M)\n', 'Row 2, column release_id, value "999999": Release 999999 is not found.', 'Row 3, column release_id, value "304": Release 304 is blocked from sale.');
    await refused(sam, 'change', `listing_id,price\n${beasListing.id},1\n`, `Row 2, column listing_id, value "${beasListing.id}": Listing ${beasListing.id} is not one of your listings.`);
    await refused(sam, 'delete', `listing_id\n${id}\n${beasListing.id}\n`, `Row 3, column listing_id, value "${beasListing.id}": Listing ${beasListing.id} is not one of your listings.`);
    await refused(sam, 'delete', 'listing_id\nten\n', 'Row 2, column listing_id, value "ten": listing_id must be a listing id');
    await refused(sam, 'add', '', 'The file is empty');
    await refused(sam, 'add', 'release_id,price,media_condition\n', 'no records');
    await refused(sam, 'add', 'release_id,price,media_condition\n301,"1,Mint (M)\n', 'the CSV cannot be read');
    await refused(sam, 'add', 'release_id,price,media_condition\n301,1,Mint (M),extra\n', 'Row 2: The row has 4 cells; the header has 3 columns.');
    await refused(sam, 'add', 'release_id,release_id,price,media_condition\n301,301,1,Mint (M)\n', 'names release_id twice');
  });

  it('lists at most 100 problems and counts the rest', async () => {
    const rows = Array.from({ length: 150 }, () => '301,x,Mint (M)').join('\n');
    const message = await refused(sam, 'add', `release_id,price,media_condition\n${rows}\n`, '150 problems found', '… and 50 more.');
    expect(message.split('\n')).to.have.length(1 + 100 + 1);
  });

  it('answers 415 for a part that is not CSV text, or a body that is not multipart', async () => {
    const before = await jobCount();
    const latin1 = Buffer.from('release_id,price,media_condition,comments\n301,1,Mint (M),caf\xe9\n', 'latin1');
    for (const res of [
      await upload(sam, 'add', latin1),
      await upload(sam, 'add', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), { contentType: 'image/png', filename: 'cover.png' }),
      await upload(sam, 'add', 'release_id\u0000', { contentType: 'application/octet-stream' }),
      await upload(sam, 'add', 'release_id,price,media_condition\n301,1,Mint (M)\n', { contentType: 'text/csv; charset=iso-8859-1' }),
      await as(sam).post('/inventory/upload/add', { file: 'release_id,price,media_condition' }),
    ]) {
      expect(res.status, res.text).to.equal(415);
      expect(res.body.message).to.be.a('string');
    }
    expect(await jobCount()).to.equal(before);
  });

  it('answers 422 without a file, and 413 for a file over the limit (naming it)', async () => {
    const none = await as(sam).post('/inventory/upload/add');
    expect(none.status).to.equal(422);
    expect(none.body).to.deep.equal({ message: NO_FILE_MESSAGE });
    const otherField = await upload(sam, 'add', 'release_id,price,media_condition\n301,1,Mint (M)\n', { field: 'csv' });
    expect(otherField.status).to.equal(422);
    const huge = 'release_id,price,media_condition\n' + '301,1.00,Mint (M)\n'.repeat(Math.ceil((MAX_BYTES * 2) / 18));
    const res = await upload(sam, 'add', huge);
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal({ message: 'The file is larger than the limit of 64 KiB.' });
  });

  it('fails the job, applying nothing, when the inventory changed between the request and the job', async () => {
    const rows = await listingsOf(sam.id);
    const [a, b] = rows.map((r) => Number(r.id));
    const res = await upload(sam, 'change', `listing_id,price\n${a},30\n${b},31\n`);
    expect(res.status, res.text).to.equal(200);
    await setListingStatus(container, b!, 'Sold');
    const before = await listingsOf(sam.id);
    await runJobs();
    const done = await as(sam).get(`/inventory/upload/${res.body.id}`);
    expect(done.body.status).to.equal('failed');
    expect(done.body.results).to.include('CSV file contains 2 records.<p>Processed 0 records.');
    expect(done.body.results).to.include(`Row 3: Listing ${b}: This listing is Sold and cannot be edited`);
    expect(await listingsOf(sam.id)).to.deep.equal(before);
  });

  it('deletes the seller’s listings named by a delete upload, an exported file’s other columns ignored', async () => {
    const exported = await exportOf();
    const csv = stringify(exported, { header: true, columns: Object.keys(exported[0]!) });
    const res = await upload(sam, 'delete', csv);
    expect(res.status, res.text).to.equal(200);
    await runJobs();
    expect((await as(sam).get(`/inventory/upload/${res.body.id}`)).body).to.deep.include({ status: 'success', results: `CSV file contains ${exported.length} records.<p>Processed ${exported.length} records.` });
    expect(await listingsOf(sam.id)).to.deep.equal([]);
    const figures = await releaseFigureRows(db, [301, 302]);
    expect(figures.map((f) => [Number(f.num_for_sale), f.lowest_prices])).to.deep.equal([
      [1, { USD: 450 }],
      [0, null],
    ]);
  });

  describe('spooled parts', () => {
    /** The request folders in this container's spool folder now. */
    const spooled = () => fs.readdirSync(container.get(INVENTORY.UploadSpool).folder);
    /** Waits (polling, up to 5 s) until `check` holds. */
    async function until(what: string, check: () => boolean): Promise<void> {
      for (const started = Date.now(); !check(); await new Promise((r) => setTimeout(r, 10))) {
        if (Date.now() - started > 5_000) throw new Error(`timed out waiting until ${what}`);
      }
    }

    it('leaves none after the requests above: success, 413, unreadable or fileless bodies, refusals', () => {
      expect(spooled()).to.deep.equal([]);
    });

    it('removes the part of a request whose client goes away mid-body', async () => {
      const server = http.createServer(app.callback());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const boundary = 'spool-test-boundary';
        const head =
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\nrelease_id,price,media_condition\n';
        const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
        await once(socket, 'connect');
        socket.write(
          'POST /inventory/upload/add HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
            `User-Agent: ${AGENT}\r\nAuthorization: Service token=${bea.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${MAX_BYTES - 1024}\r\n\r\n` +
            head +
            '301,1,Mint (M)\n'.repeat(500),
        );
        await until('the part is spooled', () => spooled().some((r) => fs.readdirSync(path.join(container.get(INVENTORY.UploadSpool).folder, r)).length > 0));
        socket.destroy();
        await until('the spool is empty', () => spooled().length === 0);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('clears at start what stopped processes left, and old loose files, but not a live process\'s parts', async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-spool-test-'));
      try {
        const spool = new UploadSpool(root);
        const mine = await spool.requestFolder();
        fs.writeFileSync(path.join(mine.path, 'part'), 'x');
        const otherLive = await new UploadSpool(root).requestFolder(); // another live process's (this pid too)
        const dead = path.join(root, '2147483646-abcd1234'); // a pid that cannot be running
        fs.mkdirSync(path.join(dead, 'r-1'), { recursive: true });
        fs.writeFileSync(path.join(dead, 'r-1', 'part'), 'x');
        fs.writeFileSync(path.join(root, 'loose-old'), 'x');
        fs.writeFileSync(path.join(root, 'loose-new'), 'x');
        const hourAgo = new Date(Date.now() - STALE_SPOOL_AGE_MS - 60_000);
        fs.utimesSync(path.join(root, 'loose-old'), hourAgo, hourAgo);
        expect(await spool.clearStale()).to.equal(2);
        expect(fs.readdirSync(root).sort()).to.deep.equal([path.basename(path.dirname(mine.path)), path.basename(path.dirname(otherLive.path)), 'loose-new'].sort());
        expect(fs.existsSync(path.join(mine.path, 'part'))).to.equal(true);
        await mine.remove();
        expect(fs.existsSync(mine.path)).to.equal(false);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  });
});
