import type { MikroORM } from '@mikro-orm/postgresql';
import type { ForSaleListingsOfRelease } from '../../../application/marketplace/market-release-block.js';
import { storedMarketSummary } from '../../../application/marketplace/market-summary.js';
import type { MarketFigures, MarketSummary, StoredLowestPrices } from '../../../application/ports/market-figures.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../../domain/marketplace/currency-rate-repository.js';
import { isCatalogueId } from '../../../domain/catalogue/catalogue-ids.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { jsonOf } from '../sql-values.js';

type Row = Record<string, unknown>;

function lowestOf(value: unknown): StoredLowestPrices | null {
  if (value === null || value === undefined) return null;
  return jsonOf<StoredLowestPrices>(value);
}

/**
 * The catalogue's market figures from what the listing trigger keeps on each release row (`num_for_sale`,
 * `lowest_prices`), converted through the rate table (`rates`: the cached one, so no query per page). A master's
 * figures add up its versions' rows (by the `master_id` index). Listings of a release blocked from sale are
 * suspended when it is blocked, so its row counts none.
 */
export class SqlMarketFigures implements MarketFigures {
  constructor(
    private readonly orm: MikroORM,
    private readonly rates: CurrencyRateRepository,
  ) {}

  fromStored(lowest: StoredLowestPrices | null, numForSale: number, currency: Currency): MarketSummary | Promise<MarketSummary> {
    return storedMarketSummary(lowest, numForSale, currency, this.rates);
  }

  async forRelease(releaseId: number, currency: Currency): Promise<MarketSummary> {
    if (!isCatalogueId(releaseId)) return this.fromStored(null, 0, currency);
    const [row] = await query<Row>(this.orm, 'select num_for_sale, lowest_prices from release where id = ?', [releaseId]);
    return row ? this.fromStored(lowestOf(row.lowest_prices), Number(row.num_for_sale), currency) : this.fromStored(null, 0, currency);
  }

  async forMaster(masterId: number, currency: Currency): Promise<MarketSummary> {
    if (!isCatalogueId(masterId)) return this.fromStored(null, 0, currency);
    const rows = await query<Row>(
      this.orm,
      `select p.key as currency, min(p.value::text::bigint)::text as lowest, (select coalesce(sum(num_for_sale), 0)::int
         from release where master_id = ? and num_for_sale > 0) as total
       from release r cross join lateral jsonb_each(r.lowest_prices) p
       where r.master_id = ? and r.num_for_sale > 0 group by p.key`,
      [masterId, masterId],
    );
    if (rows.length === 0) return this.fromStored(null, 0, currency);
    const lowest = Object.fromEntries(rows.map((r) => [String(r.currency), String(r.lowest)]));
    return this.fromStored(lowest, Number(rows[0]!.total), currency);
  }
}

/** The ids of a release's For Sale listings (by the `listing_release_id_index`), for blocking it. */
export class SqlForSaleListingsOfRelease implements ForSaleListingsOfRelease {
  constructor(private readonly orm: MikroORM) {}

  async forSaleIds(releaseId: number): Promise<number[]> {
    if (!isCatalogueId(releaseId)) return [];
    const rows = await query<Row>(this.orm, `select id from listing where release_id = ? and status = 'For Sale' order by id`, [releaseId]);
    return rows.map((r) => Number(r.id));
  }
}
