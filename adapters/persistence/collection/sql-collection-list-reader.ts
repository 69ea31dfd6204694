import type { MikroORM } from '@mikro-orm/postgresql';
import type { CollectionListReader } from '../../../application/ports/collection-list-reader.js';
import { ALL_FOLDER } from '../../../domain/collection/collection.js';
import type { ListRequest, Slice } from '../../../domain/collection/collection-repository.js';
import type { CollectionSort } from '../../../domain/collection/collection-sort.js';
import type { Instance } from '../../../domain/collection/instance.js';
import type { Want } from '../../../domain/collection/want.js';
import { currentEntityManager, query } from '../mikro-orm-unit-of-work.js';
import { instanceOf, wantOf } from './collection-row-mappers.js';
import { CollectionInstanceRow, WantRow } from './collection-rows.js';

/**
 * The ORDER BY of a sorted list of instances (`i`) or wants (`w`) joined to the release (`r`). Release fields sort in
 * the database's collation, lower-cased; every order ends in the item's own key, so equal values keep one order.
 * A release the catalogue no longer holds sorts as empty text and year 0.
 */
function orderBy(sort: CollectionSort, order: 'asc' | 'desc', item: 'i' | 'w'): string {
  const dir = order === 'desc' ? 'desc' : 'asc';
  const text = (column: string): string => `lower(coalesce(r.${column}, '')) ${dir}`;
  const key = item === 'i' ? `i.id ${dir}` : `w.release_id ${dir}`;
  const by: Record<CollectionSort, string> = {
    label: text('label'),
    artist: text('artist'),
    title: text('title'),
    catno: text('catno'),
    format: text('format'),
    rating: `${item}.rating ${dir}`,
    added: `${item}.date_added ${dir}`,
    year: `coalesce(r.year, 0) ${dir}`,
  };
  return `${by[sort]}, ${key}`;
}

/**
 * A user's collection and wantlist sorted on the catalogue's release fields (a read model in SQL, ADR 0039): the
 * page's rows are selected in SQL, joined to `release`, and mapped through the entity schemas and the repositories'
 * one mapper of each row; the totals are ORM counts.
 */
export class SqlCollectionListReader implements CollectionListReader {
  constructor(private readonly orm: MikroORM) {}

  async instancesInFolder(userId: number, folderId: number, request: ListRequest): Promise<Slice<Instance>> {
    const all = folderId === ALL_FOLDER;
    const em = currentEntityManager(this.orm);
    const [rows, total] = await Promise.all([
      query(
        this.orm,
        `select i.* from collection_instance i left join release r on r.id = i.release_id
          where i.user_id = ?${all ? '' : ' and i.folder_id = ?'}
          order by ${orderBy(request.sort, request.order, 'i')} limit ? offset ?`,
        [userId, ...(all ? [] : [folderId]), request.limit, request.offset],
      ),
      em.count(CollectionInstanceRow, all ? { user: userId } : { user: userId, folderId }),
    ]);
    return { items: rows.map((r) => instanceOf(em.map(CollectionInstanceRow, r))), total };
  }

  async wantlist(userId: number, request: ListRequest): Promise<Slice<Want>> {
    const em = currentEntityManager(this.orm);
    const [rows, total] = await Promise.all([
      query(
        this.orm,
        `select w.* from want w left join release r on r.id = w.release_id where w.user_id = ?
          order by ${orderBy(request.sort, request.order, 'w')} limit ? offset ?`,
        [userId, request.limit, request.offset],
      ),
      em.count(WantRow, { user: userId }),
    ]);
    return { items: rows.map((r) => wantOf(em.map(WantRow, r))), total };
  }
}
