import type { Container } from 'inversify';
import type { Caller } from '../../application/shared/caller.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { MARKETPLACE } from '../marketplace/marketplace-tokens.js';
import { INVENTORY } from './inventory-tokens.js';

/**
 * Asks for an export of the demo seller's inventory when it has none, so `GET /inventory/export` shows a record on a
 * fresh `npm start` and, once the server's job worker has run it (a moment after start), a CSV to download. Left
 * out when the demo seller is missing or has an export already (so running it again changes nothing).
 */
export async function seedDemoExport(container: Container, log: (line: string) => void): Promise<void> {
  const seller = await container.get(IDENTITY.UserRepository).byLoginName('demo-seller');
  if (!seller) {
    log('inventory: no user demo-seller; demo export left out');
    return;
  }
  const caller: Caller = { kind: 'user', userId: String(seller.id), username: seller.username, via: 'session' };
  if ((await container.get(INVENTORY.ListExports).execute({ caller, page: { page: 1, perPage: 1 } })).total > 0) {
    log('inventory: demo-seller has an export already; demo export left out');
    return;
  }
  const requested = await container.get(INVENTORY.RequestExport).execute({ caller });
  log(`inventory: asked for an export of demo-seller's inventory (export ${requested.id}; the job worker writes it)`);
}

/**
 * Uploads a small `add` file for the demo seller when they have no upload yet: two more copies of releases they
 * already sell, in other conditions, so `GET /inventory/upload` shows a record (and, once the job worker has applied
 * it, its results) on a fresh `npm start`. Left out without the demo seller, without listings of theirs to take the
 * releases from, or when they have an upload already.
 */
export async function seedDemoUpload(container: Container, log: (line: string) => void): Promise<void> {
  const seller = await container.get(IDENTITY.UserRepository).byLoginName('demo-seller');
  if (!seller) {
    log('inventory: no user demo-seller; demo upload left out');
    return;
  }
  const caller: Caller = { kind: 'user', userId: String(seller.id), username: seller.username, via: 'session' };
  if ((await container.get(INVENTORY.ListUploads).execute({ caller, page: { page: 1, perPage: 1 } })).total > 0) {
    log('inventory: demo-seller has an upload already; demo upload left out');
    return;
  }
  const page = await container.get(MARKETPLACE.InventoryPages).page({
    sellerId: seller.id,
    statuses: ['For Sale'],
    sort: 'listed',
    sortOrder: 'asc',
    offset: 0,
    limit: 2,
  });
  if (page.listings.length === 0) {
    log('inventory: demo-seller sells nothing yet; demo upload left out');
    return;
  }
  const rows = page.listings.map(
    (l, i) => `${l.releaseId},${(8 + i * 3.5).toFixed(2)},${i === 0 ? 'Good Plus (G+)' : 'Very Good (VG)'},Generic,"Second copy, from the demo upload",Y,Crate ${i + 1}`,
  );
  const csv = Buffer.from(['release_id,price,media_condition,sleeve_condition,comments,accept_offer,location', ...rows, ''].join('\r\n'), 'utf8');
  const uploaded = await container.get(INVENTORY.RequestUpload).execute({
    caller,
    type: 'add',
    file: {
      filename: 'demo-seller-more-stock.csv',
      mediaType: 'text/csv',
      bytes: async function* () {
        yield csv;
      },
    },
  });
  log(`inventory: uploaded ${rows.length} more listings for demo-seller (upload ${uploaded.id}; the job worker applies it)`);
}

/** The inventory module's demo data: an upload of the demo seller's, then an export (which then holds the upload's rows). */
export async function seedDemoInventory(container: Container, log: (line: string) => void): Promise<void> {
  await seedDemoUpload(container, log);
  await seedDemoExport(container, log);
}
