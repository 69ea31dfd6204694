import type { Container } from 'inversify';
import type { Caller } from '../../application/shared/caller.js';
import { IDENTITY } from '../identity/identity-tokens.js';
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
