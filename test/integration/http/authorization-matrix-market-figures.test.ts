import { isMemory } from '../../support/test-storage.js';
import { expect } from 'chai';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { authorizationMatrix, everyone, openMatrix, type CallerKind, type MatrixRow, type MatrixWorld } from '../../support/authorization-matrix.js';
import { marketFixtures } from '../../support/market-fixtures.js';

/*
 * The market figure endpoints as each kind of caller. The owner is a seller (seller settings complete, profile
 * currency EUR) with one copy of release 10 for sale at 10 USD; the other user is no seller. Fees and stats are
 * public; price suggestions are for sellers only. Nothing here writes, so every row sees the same state.
 */

const SELLER_ONLY = { anonymous: 401, application: 403, 'another user': 403, owner: 200 } as const;

/** Stats without curr_abbr: the caller's currency (the owner's EUR), USD for anyone else (the other user's is USD). */
const STATS_CURRENCY: Record<CallerKind, { currency: string; value: number }> = {
  anonymous: { currency: 'USD', value: 10 },
  application: { currency: 'USD', value: 10 },
  'another user': { currency: 'USD', value: 10 },
  owner: { currency: 'EUR', value: 9 },
};

const ROWS: readonly MatrixRow[] = [
  { method: 'GET', path: '/marketplace/fee/10', status: everyone(200), check: (_w, body) => expect(body).to.deep.equal({ value: 0.8, currency: 'USD' }) },
  { method: 'GET', path: '/marketplace/fee/10/EUR', status: everyone(200), check: (_w, body) => expect(body).to.deep.equal({ value: 0.8, currency: 'EUR' }) },
  { method: 'GET', path: '/marketplace/fee/abc', status: everyone(422) },
  { method: 'GET', path: '/marketplace/fee/10/XYZ', status: everyone(422) },
  {
    method: 'GET',
    path: '/marketplace/price_suggestions/10',
    status: SELLER_ONLY,
    check: (who, body) => {
      if (who === 'owner') expect((body as Record<string, unknown>)['Mint (M)']).to.deep.equal({ currency: 'EUR', value: 9 });
    },
  },
  { method: 'GET', path: '/marketplace/price_suggestions/999', status: { ...SELLER_ONLY, owner: 404 } },
  {
    method: 'GET',
    path: '/marketplace/stats/10',
    status: everyone(200),
    check: (who, body) =>
      expect(body).to.deep.equal({ lowest_price: STATS_CURRENCY[who], num_for_sale: 1, blocked_from_sale: false }),
  },
  {
    method: 'GET',
    path: '/marketplace/stats/10?curr_abbr=GBP',
    status: everyone(200),
    check: (_w, body) => expect(body).to.deep.include({ lowest_price: { currency: 'GBP', value: 8 } }),
  },
  { method: 'GET', path: '/marketplace/stats/10?curr_abbr=XYZ', status: everyone(422) },
  { method: 'GET', path: '/marketplace/stats/999', status: everyone(404) },
  { method: 'POST', path: '/marketplace/stats/10', status: everyone(405) },
];

describe('Authorization matrix: market figures (fees, price suggestions, stats)', function () {
  this.timeout(60_000);
  let world: MatrixWorld;

  before(async () => {
    world = await openMatrix();
    if (!isMemory(world.db)) {
      await query(world.db.orm, 'delete from listing');
      await query(world.db.orm, 'delete from blocked_release');
    }
    const fx = marketFixtures(world.container);
    await fx.loadRates();
    const { owner } = world.parties;
    await fx.seller(owner.id);
    await fx.currency(owner.id, 'EUR');
    await fx.list(owner.id, 10, '10.00', 'USD');
  });
  after(async () => {
    await world.close();
  });

  authorizationMatrix(ROWS, () => world);
});
