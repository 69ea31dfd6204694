import type { MikroORM } from '@mikro-orm/postgresql';
import type { InventoryWriter, UnsaleableReleases } from '../../../application/ports/inventory-writer.js';
import { Listing, type ListingTerms, type NewListing } from '../../../domain/marketplace/listing.js';
import { LISTING_COLUMNS, listingOf } from '../marketplace/listing-row-mappers.js';
import { bound, currentEntityManager, query } from '../mikro-orm-unit-of-work.js';
import { arrayOf, idArray } from '../sql-values.js';

const ids = (values: readonly number[]): number[] => [...new Set(values.filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= 2147483647))];

/** One field of every listing as an array parameter (see `arrayOf`). */
function columnOf<L>(listings: readonly L[]) {
  return (of: (l: L) => string | number | bigint | boolean | Date | null): string => arrayOf(listings.map(of));
}

/**
 * A listing's terms as array parameters, in the order both bulk statements name their columns: release_id, status,
 * condition, sleeve_condition, price_minor, currency, comments, allow_offers, external_id, location, weight,
 * format_quantity.
 */
function termColumns(listings: readonly ListingTerms[]): string[] {
  const column = columnOf(listings);
  return [
    column((l) => l.releaseId),
    column((l) => l.status),
    column((l) => l.condition),
    column((l) => l.sleeveCondition),
    column((l) => l.price.minorUnits),
    column((l) => l.price.currency),
    column((l) => l.comments),
    column((l) => l.allowOffers),
    column((l) => l.externalId),
    column((l) => l.location),
    column((l) => l.weight),
    column((l) => l.formatQuantity),
  ];
}

/**
 * An inventory upload's reads and writes in PostgreSQL (and PGlite), a batch of rows per statement: each column's
 * values as one array parameter, spread into rows by `unnest`, so a batch of thousands of listings is one round trip.
 * The listing table's statement triggers bring each touched release's market figures up to date once per statement.
 */
export class SqlInventoryWriter implements InventoryWriter {
  constructor(private readonly orm: MikroORM) {}

  async unsaleable(releaseIds: readonly number[]): Promise<UnsaleableReleases> {
    const missing = new Set<number>();
    const blocked = new Set<number>();
    const wanted = ids(releaseIds);
    const checked = new Set(wanted);
    for (const id of releaseIds) if (!checked.has(id)) missing.add(id);
    if (wanted.length === 0) return { missing, blocked };
    const rows = await bound(
      this.orm,
      `select q.id, r.id is not null as stored, b.release_id is not null as blocked
       from unnest(?::int[]) as q(id) left join release r on r.id = q.id left join blocked_release b on b.release_id = q.id`,
      [idArray(wanted)],
    );
    for (const row of rows) {
      if (row.stored !== true && row.stored !== 't') missing.add(Number(row.id));
      else if (row.blocked === true || row.blocked === 't') blocked.add(Number(row.id));
    }
    return { missing, blocked };
  }

  async sellerListings(sellerId: number, listingIds: readonly number[], lock: boolean): Promise<Listing[]> {
    const wanted = ids(listingIds);
    if (wanted.length === 0) return [];
    this.requireTransaction(lock);
    const rows = await bound(
      this.orm,
      `select ${LISTING_COLUMNS} from listing l where l.seller_id = ? and l.id = any(?::int[]) order by l.id${lock ? ' for update' : ''}`,
      [sellerId, idArray(wanted)],
    );
    return rows.map(listingOf);
  }

  async sellerListingsOfReleases(sellerId: number, releaseIds: readonly number[], lock: boolean): Promise<Listing[]> {
    const wanted = ids(releaseIds);
    if (wanted.length === 0) return [];
    this.requireTransaction(lock);
    const rows = await bound(
      this.orm,
      `select ${LISTING_COLUMNS} from listing l where l.seller_id = ? and l.release_id = any(?::int[]) order by l.id${lock ? ' for update' : ''}`,
      [sellerId, idArray(wanted)],
    );
    return rows.map(listingOf);
  }

  async addMany(listings: readonly NewListing[]): Promise<Listing[]> {
    if (listings.length === 0) return [];
    const column = columnOf(listings);
    // The rows take their ids from the sequence in the order unnest gives them, so the ids, sorted, are the listings'.
    const rows = await bound(
      this.orm,
      `insert into listing (seller_id, release_id, status, condition, sleeve_condition, price_minor, currency, comments,
         allow_offers, external_id, location, weight, format_quantity, posted, updated)
       select * from unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[],
         ?::boolean[], ?::text[], ?::text[], ?::int[], ?::int[], ?::timestamptz[], ?::timestamptz[])
       returning id`,
      [
        column((l) => l.sellerId),
        ...termColumns(listings),
        column((l) => l.posted),
        column((l) => l.updated),
      ],
    );
    const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    return listings.map((l, i) => Listing.restore({ ...l, id: ids[i]! }));
  }

  async saveMany(listings: readonly Listing[]): Promise<void> {
    if (listings.length === 0) return;
    const column = columnOf(listings);
    await bound(
      this.orm,
      `update listing l set release_id = u.release_id, status = u.status, condition = u.condition,
         sleeve_condition = u.sleeve_condition, price_minor = u.price_minor, currency = u.currency, comments = u.comments,
         allow_offers = u.allow_offers, external_id = u.external_id, location = u.location, weight = u.weight,
         format_quantity = u.format_quantity, updated = u.updated
       from unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[], ?::text[], ?::boolean[],
         ?::text[], ?::text[], ?::int[], ?::int[], ?::timestamptz[])
         as u(id, release_id, status, condition, sleeve_condition, price_minor, currency, comments, allow_offers,
              external_id, location, weight, format_quantity, updated)
       where l.id = u.id`,
      [
        column((l) => l.id),
        ...termColumns(listings),
        column((l) => l.updated),
      ],
    );
  }

  async removeMany(sellerId: number, listingIds: readonly number[]): Promise<number> {
    const wanted = ids(listingIds);
    if (wanted.length === 0) return 0;
    const gone = await bound(this.orm, 'delete from listing where seller_id = ? and id = any(?::int[]) returning id', [sellerId, idArray(wanted)]);
    return gone.length;
  }

  async deferMarketFigures(): Promise<void> {
    this.requireTransaction(true);
    // Local to the transaction: the listing triggers skip the figures until it ends (see the migration
    // listing_market_deferrable).
    await query(this.orm, `select set_config('spindle.listing_market_deferred', 'on', true)`);
  }

  async refreshMarketFigures(releaseIds: readonly number[]): Promise<void> {
    const wanted = ids(releaseIds);
    if (wanted.length > 0) await bound(this.orm, 'select listing_market_refresh_set(?::int[])', [idArray(wanted)]);
  }

  private requireTransaction(lock: boolean): void {
    if (lock && !currentEntityManager(this.orm).isInTransaction()) throw new Error('InventoryWriter: a locking read must run inside a unit of work');
  }
}
