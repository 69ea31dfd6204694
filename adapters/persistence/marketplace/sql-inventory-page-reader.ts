import type { MikroORM } from '@mikro-orm/postgresql';
import type { InventoryPageReader } from '../../../application/ports/inventory-page-reader.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import type { InventorySort } from '../../../domain/marketplace/inventory-sort.js';
import type { InventoryQuery, ListingPage } from '../../../domain/marketplace/listing-repository.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { textArray } from '../sql-values.js';
import { LISTING_COLUMNS, listingOf } from './listing-row-mappers.js';

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

/**
 * A seller's inventory pages, sorted on the listing's or the release's fields, and the newest listings For Sale (a
 * read model in SQL, ADR 0039).
 */
export class SqlInventoryPageReader implements InventoryPageReader {
  constructor(private readonly orm: MikroORM) {}

  async page(q: InventoryQuery): Promise<ListingPage> {
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

  /** By `listing_for_sale_posted_index` (the listings For Sale by time): the first `limit` entries of the index. */
  async recentlyListed(limit: number): Promise<Listing[]> {
    const rows = await query(
      this.orm,
      `select ${LISTING_COLUMNS} from listing l where l.status = 'For Sale' order by l.posted desc, l.id desc limit ?`,
      [Math.max(0, Math.floor(limit))],
    );
    return rows.map(listingOf);
  }
}
