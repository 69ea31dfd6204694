import { expect } from 'chai';
import { AGENT, until, type Deployment } from './deployment.js';
import type { LoadParties } from './load.js';

/**
 * The people of a load, made as an operator and a seller would: buyers by `spindle user add`, personal tokens by
 * `spindle token create` (for them and the demo seller), and `stock` listings of the demo seller by an inventory
 * upload through the balancer, applied by the worker.
 */
export async function makeParties(d: Deployment, buyers = 4, stock = 120): Promise<LoadParties> {
  const names = Array.from({ length: buyers }, (_, i) => `buyer${i + 1}`);
  await Promise.all(
    names.map(async (name) => {
      const added = await d.spindle(['user', 'add', name, '--email', `${name}@example.org`, '--password', 'buyer-password-1']);
      expect(added.code, added.stderr).to.equal(0);
    }),
  );
  const tokens = await Promise.all(
    ['demo-seller', ...names].map(async (name) => {
      const made = await d.spindle(['token', 'create', name, '--label', 'load']);
      expect(made.code, made.stderr).to.equal(0);
      return made.stdout.trim();
    }),
  );
  const blocked = new Set((await d.sql<{ release_id: number }>('select release_id from blocked_release')).map((r) => r.release_id));
  const releaseIds = (await d.sql<{ id: number }>('select id from release order by id limit 200')).map((r) => r.id).filter((id) => !blocked.has(id));
  const rows = Array.from({ length: stock }, (_, i) => `${releaseIds[i % releaseIds.length]},12.00,Very Good (VG),stock-${i}`);
  const form = new FormData();
  form.append('file', new Blob([['release_id,price,media_condition,external_id', ...rows, ''].join('\n')], { type: 'text/csv' }), 'stock.csv');
  const res = await fetch(`${d.url}/inventory/upload/add`, {
    method: 'POST',
    body: form,
    headers: { 'User-Agent': AGENT, Authorization: `Service token=${tokens[0]}` },
  });
  expect(res.status, await res.clone().text()).to.equal(200);
  const upload = (await res.json()) as { id: number };
  let listingIds: number[] = [];
  await until('the stock upload is applied', async () => {
    listingIds = (await d.sql<{ id: number }>("select id from listing where external_id like 'stock-%' and status = 'For Sale'")).map((r) => r.id);
    return listingIds.length === stock;
  });
  expect(upload.id).to.be.a('number');
  return { url: d.url, brand: 'Service', releaseIds, listingIds, sellerToken: tokens[0]!, buyerTokens: tokens.slice(1) };
}
