import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { MediaCondition } from '../../../domain/marketplace/conditions.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import { Listing, type NewListing } from '../../../domain/marketplace/listing.js';
import type { ListingRepository, PriceObservation } from '../../../domain/marketplace/listing-repository.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { listingOf, listingRowOf } from './listing-row-mappers.js';
import { ListingRow } from './marketplace-rows.js';

const isListingId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= 2147483647;

/**
 * Listings through the ORM on their entity schema (`listing`), in the current unit of work. Rows are read through the
 * query builder unmapped (column names), so the one listing mapper serves this repository and the SQL bulk readers
 * alike. The table's trigger keeps the release rows' `num_for_sale` and `lowest_prices` in the same statement as each
 * change. A seller's inventory pages, sorted on the release's fields, are a read model: `SqlInventoryPageReader`.
 */
export class MikroOrmListingRepository implements ListingRepository {
  constructor(private readonly orm: MikroORM) {}

  async add(listing: NewListing): Promise<Listing> {
    const id = await currentEntityManager(this.orm).insert(ListingRow, listingRowOf(listing));
    return Listing.restore({ ...listing, id: Number(id) });
  }

  async byId(id: number): Promise<Listing | null> {
    if (!isListingId(id)) return null;
    const row = await currentEntityManager(this.orm).createQueryBuilder(ListingRow).select('*').where({ id }).execute<Record<string, unknown> | undefined>('get', false);
    return row ? listingOf(row) : null;
  }

  async lockForUpdate(ids: readonly number[]): Promise<Listing[]> {
    const em = currentEntityManager(this.orm);
    if (!em.isInTransaction()) throw new Error('ListingRepository.lockForUpdate must run inside a unit of work');
    const wanted = ids.filter(isListingId);
    if (wanted.length === 0) return [];
    const rows = await em
      .createQueryBuilder(ListingRow)
      .select('*')
      .where({ id: { $in: wanted } })
      .orderBy({ id: 'asc' })
      .setLockMode(LockMode.PESSIMISTIC_WRITE)
      .execute<Record<string, unknown>[]>('all', false);
    return rows.map(listingOf);
  }

  async save(l: Listing): Promise<void> {
    const { seller: _seller, ...changed } = listingRowOf(l.toView());
    await currentEntityManager(this.orm).nativeUpdate(ListingRow, { id: l.id }, changed);
  }

  async remove(id: number): Promise<boolean> {
    if (!isListingId(id)) return false;
    return (await currentEntityManager(this.orm).nativeDelete(ListingRow, { id })) > 0;
  }

  async countForSale(sellerId: number): Promise<number> {
    return currentEntityManager(this.orm).count(ListingRow, { seller: sellerId, status: 'For Sale' });
  }

  async priceObservations(releaseId: number, soldSince: Date): Promise<PriceObservation[]> {
    const rows = await currentEntityManager(this.orm)
      .createQueryBuilder(ListingRow)
      .select(['condition', 'currency', 'priceMinor', 'status'])
      .where({ releaseId, $or: [{ status: 'For Sale' }, { status: 'Sold', updated: { $gte: soldSince } }] })
      .execute<Record<string, unknown>[]>('all', false);
    return rows.map((r) => ({
      condition: r.condition as MediaCondition,
      currency: String(r.currency).trim() as Currency,
      minorUnits: BigInt(String(r.price_minor)),
      sold: r.status === 'Sold',
    }));
  }
}
