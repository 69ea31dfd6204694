import type { MikroORM } from '@mikro-orm/postgresql';
import type { MediaCondition, SleeveCondition } from '../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import type { Listing, NewListing } from '../../../domain/marketplace/listing.js';
import type { InventoryQuery, ListingPage, ListingRepository, PriceObservation } from '../../../domain/marketplace/listing-repository.js';
import type { InventorySort } from '../../../domain/marketplace/inventory-sort.js';
import type { ListingStatus } from '../../../domain/marketplace/listing-status.js';
import { Money } from '../../../domain/marketplace/money.js';
import { currentEntityManager, query } from '../mikro-orm-unit-of-work.js';
import { dateOf, idArray, textArray } from '../sql-values.js';

/** The listing columns every listing read selects (from `listing l`). */
export const LISTING_COLUMNS =
  'l.id, l.seller_id, l.release_id, l.status, l.condition, l.sleeve_condition, l.price_minor, l.currency, l.comments, ' +
  'l.allow_offers, l.external_id, l.location, l.weight, l.format_quantity, l.posted, l.updated';

/**
 * What each inventory sort orders by. Artist, title ("item"), label and catalogue number come from the release row
 * (its list columns); a listing whose release is gone sorts as blank. Every order ends with the listing id, so equal
 * keys page the same way every time.
 */
const SORT_KEYS: Readonly<Record<InventorySort, string>> = {
  listed: 'l.posted',
  price: 'l.price_minor',
  item: "coalesce(r.title, '')",
  artist: "coalesce(r.artist, '')",
  label: "coalesce(r.label, '')",
  catno: "coalesce(r.catno, '')",
  // Audio previews are not kept: every listing has none, so this orders by the id alone.
  audio: 'l.id',
  status: 'l.status',
  location: "coalesce(l.location, '')",
};

type Row = Record<string, unknown>;

/**
 * A listing row's own fields (all but the seller and the times), as every reader of `listing` maps them: the
 * repository, and the inventory export's cursor, which selects only these.
 */
export function listingFieldsOf(row: Row): Omit<Listing, 'sellerId' | 'posted' | 'updated'> {
  return {
    id: Number(row.id),
    releaseId: Number(row.release_id),
    status: row.status as ListingStatus,
    condition: row.condition as MediaCondition,
    sleeveCondition: (row.sleeve_condition as SleeveCondition | null) ?? null,
    price: Money.fromMinorUnits(BigInt(String(row.price_minor)), String(row.currency).trim() as Currency),
    comments: String(row.comments ?? ''),
    allowOffers: row.allow_offers === true || row.allow_offers === 't',
    externalId: (row.external_id as string | null) ?? null,
    location: (row.location as string | null) ?? null,
    weight: row.weight === null || row.weight === undefined ? null : Number(row.weight),
    formatQuantity: row.format_quantity === null || row.format_quantity === undefined ? null : Number(row.format_quantity),
  };
}

/** A listing row (LISTING_COLUMNS) as a listing. */
export function listingOf(row: Row): Listing {
  return { ...listingFieldsOf(row), sellerId: Number(row.seller_id), posted: dateOf(row.posted), updated: dateOf(row.updated) };
}

function values(l: NewListing): unknown[] {
  return [
    l.sellerId,
    l.releaseId,
    l.status,
    l.condition,
    l.sleeveCondition,
    l.price.minorUnits.toString(),
    l.price.currency,
    l.comments,
    l.allowOffers,
    l.externalId,
    l.location,
    l.weight,
    l.formatQuantity,
    l.posted,
    l.updated,
  ];
}

/**
 * Listings in PostgreSQL (and PGlite), through the current unit of work. The table's trigger keeps the release
 * rows' `num_for_sale` and `lowest_prices` in the same statement as each change.
 */
export class SqlListingRepository implements ListingRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(listing: NewListing): Promise<Listing> {
    const [row] = await query(
      this.orm,
      `insert into listing (seller_id, release_id, status, condition, sleeve_condition, price_minor, currency, comments,
         allow_offers, external_id, location, weight, format_quantity, posted, updated)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      values(listing),
    );
    return { ...listing, id: Number(row!.id) };
  }

  async byId(id: number): Promise<Listing | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return null;
    const [row] = await query(this.orm, `select ${LISTING_COLUMNS} from listing l where l.id = ?`, [id]);
    return row ? listingOf(row) : null;
  }

  async lockForUpdate(ids: readonly number[]): Promise<Listing[]> {
    if (!currentEntityManager(this.orm).isInTransaction()) throw new Error('ListingRepository.lockForUpdate must run inside a unit of work');
    const wanted = ids.filter((id) => Number.isSafeInteger(id) && id >= 1 && id <= 2147483647);
    if (wanted.length === 0) return [];
    const rows = await query(this.orm, `select ${LISTING_COLUMNS} from listing l where l.id = any(?::int[]) order by l.id for update`, [idArray(wanted)]);
    return rows.map(listingOf);
  }

  async save(l: Listing): Promise<void> {
    const [, ...rest] = values(l);
    await query(
      this.orm,
      `update listing set release_id = ?, status = ?, condition = ?, sleeve_condition = ?, price_minor = ?, currency = ?,
         comments = ?, allow_offers = ?, external_id = ?, location = ?, weight = ?, format_quantity = ?, posted = ?, updated = ?
       where id = ?`,
      [...rest, l.id],
    );
  }

  async remove(id: number): Promise<boolean> {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return false;
    const gone = await query(this.orm, 'delete from listing where id = ? returning id', [id]);
    return gone.length > 0;
  }

  async inventory(q: InventoryQuery): Promise<ListingPage> {
    const params: unknown[] = [q.sellerId];
    let where = 'l.seller_id = ?';
    if (q.statuses !== null) {
      where += ' and l.status = any(?::text[])';
      params.push(textArray(q.statuses));
    }
    const direction = q.sortOrder === 'desc' ? 'desc' : 'asc';
    const key = SORT_KEYS[q.sort];
    const [count] = await query(this.orm, `select count(*)::int as n from listing l where ${where}`, params);
    const rows = await query(
      this.orm,
      `select ${LISTING_COLUMNS} from listing l left join release r on r.id = l.release_id where ${where}
       order by ${key} ${direction}, l.id ${direction} limit ? offset ?`,
      [...params, q.limit, q.offset],
    );
    return { total: Number(count!.n), listings: rows.map(listingOf) };
  }

  async countForSale(sellerId: number): Promise<number> {
    const [row] = await query(this.orm, `select count(*)::int as n from listing where seller_id = ? and status = 'For Sale'`, [sellerId]);
    return Number(row!.n);
  }

  async priceObservations(releaseId: number, soldSince: Date): Promise<PriceObservation[]> {
    const rows = await query(
      this.orm,
      `select condition, currency, price_minor, status from listing
       where release_id = ? and (status = 'For Sale' or (status = 'Sold' and updated >= ?))`,
      [releaseId, soldSince],
    );
    return rows.map((r) => ({
      condition: r.condition as MediaCondition,
      currency: String(r.currency).trim() as Currency,
      minorUnits: BigInt(String(r.price_minor)),
      sold: r.status === 'Sold',
    }));
  }
}
