import type { MikroORM } from '@mikro-orm/postgresql';
import { ALL_FOLDER, Collection, DEFAULT_PRIVACY, UNCATEGORIZED_FOLDER, type Folder } from '../../../domain/collection/collection.js';
import type { CollectionRepository, ListRequest, Slice, WantlistRepository } from '../../../domain/collection/collection-repository.js';
import type { CollectionSort } from '../../../domain/collection/collection-sort.js';
import { Instance } from '../../../domain/collection/instance.js';
import { DEFAULT_FIELDS, type NotesField } from '../../../domain/collection/notes-fields.js';
import { Want } from '../../../domain/collection/want.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { dateOf, jsonOf } from '../sql-values.js';

type Row = Record<string, unknown>;


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

function toInstance(r: Row): Instance {
  const notes = jsonOf<Record<string, string>>(r.notes) ?? {};
  return new Instance(
    Number(r.id),
    Number(r.user_id),
    Number(r.release_id),
    Number(r.folder_id),
    Number(r.rating),
    dateOf(r.date_added),
    new Map(Object.entries(notes).map(([k, v]) => [Number(k), v])),
  );
}

const notesJson = (i: Instance): string => JSON.stringify(Object.fromEntries(i.notes));

function toWant(r: Row): Want {
  return new Want(Number(r.user_id), Number(r.release_id), String(r.notes), Number(r.rating), dateOf(r.date_added), r.notes_public === true);
}

/** Collections in PostgreSQL (and PGlite), through the current unit of work. */
export class MikroOrmCollectionRepository implements CollectionRepository {
  constructor(private readonly orm: MikroORM) {}

  async load(userId: number): Promise<Collection> {
    return this.read(userId, false);
  }

  async loadForChange(userId: number): Promise<Collection> {
    await query(
      this.orm,
      `insert into collection_settings (user_id, collection_public, wantlist_public, fields) values (?, true, true, ?::jsonb)
       on conflict (user_id) do nothing`,
      [userId, JSON.stringify(DEFAULT_FIELDS)],
    );
    return this.read(userId, true);
  }

  private async read(userId: number, lock: boolean): Promise<Collection> {
    const settings = await query(
      this.orm,
      `select collection_public, wantlist_public, fields from collection_settings where user_id = ?${lock ? ' for update' : ''}`,
      [userId],
    );
    const [folders, counts] = await Promise.all([
      query(this.orm, 'select id, name from collection_folder where user_id = ? order by id', [userId]),
      query(this.orm, 'select folder_id, count(*)::int as n from collection_instance where user_id = ? group by folder_id', [userId]),
    ]);
    const count = new Map(counts.map((c) => [Number(c.folder_id), Number(c.n)]));
    const all: Folder[] = [
      { id: UNCATEGORIZED_FOLDER, name: 'Uncategorized', count: count.get(UNCATEGORIZED_FOLDER) ?? 0 },
      ...folders.map((f) => ({ id: Number(f.id), name: String(f.name), count: count.get(Number(f.id)) ?? 0 })),
    ];
    const s = settings[0];
    if (!s) return Collection.restore(userId, all, DEFAULT_FIELDS, DEFAULT_PRIVACY);
    return Collection.restore(userId, all, jsonOf<NotesField[]>(s.fields), {
      collectionPublic: Boolean(s.collection_public),
      wantlistPublic: Boolean(s.wantlist_public),
    });
  }

  async save(collection: Collection): Promise<void> {
    const u = collection.userId;
    await query(
      this.orm,
      `insert into collection_settings (user_id, collection_public, wantlist_public, fields) values (?, ?, ?, ?::jsonb)
       on conflict (user_id) do update set collection_public = excluded.collection_public, wantlist_public = excluded.wantlist_public, fields = excluded.fields`,
      [u, collection.privacy.collectionPublic, collection.privacy.wantlistPublic, JSON.stringify(collection.fields)],
    );
    const own = collection.folders.filter((f) => f.id !== ALL_FOLDER && f.id !== UNCATEGORIZED_FOLDER);
    const ids = own.map((f) => f.id);
    await query(this.orm, `delete from collection_folder where user_id = ? and not (id = any(?::int[]))`, [u, `{${ids.join(',')}}`]);
    for (const f of own) {
      // Renames first give the old names up: a swap of two names would otherwise clash on the way.
      await query(this.orm, `update collection_folder set name_key = '#' || id where user_id = ? and id = ? and name <> ?`, [u, f.id, f.name]);
    }
    for (const f of own) {
      await query(
        this.orm,
        `insert into collection_folder (id, user_id, name, name_key) values (?, ?, ?, ?)
         on conflict (id) do update set name = excluded.name, name_key = excluded.name_key where collection_folder.user_id = excluded.user_id`,
        [f.id, u, f.name, f.name.toLowerCase()],
      );
    }
  }

  async nextFolderId(): Promise<number> {
    const [row] = await query(this.orm, `select nextval('collection_folder_id_seq')::int as id`);
    return Number(row!.id);
  }

  async nextInstanceId(): Promise<number> {
    const [row] = await query(this.orm, `select nextval('collection_instance_id_seq')::int as id`);
    return Number(row!.id);
  }

  async instance(userId: number, instanceId: number): Promise<Instance | null> {
    const [row] = await query(this.orm, 'select * from collection_instance where user_id = ? and id = ?', [userId, instanceId]);
    return row ? toInstance(row) : null;
  }

  async addInstance(i: Instance): Promise<void> {
    await query(
      this.orm,
      'insert into collection_instance (id, user_id, folder_id, release_id, rating, date_added, notes) values (?, ?, ?, ?, ?, ?, ?::jsonb)',
      [i.id, i.userId, i.folderId, i.releaseId, i.rating, i.dateAdded, notesJson(i)],
    );
  }

  async updateInstance(i: Instance): Promise<void> {
    await query(this.orm, 'update collection_instance set folder_id = ?, rating = ?, notes = ?::jsonb where user_id = ? and id = ?', [
      i.folderId,
      i.rating,
      notesJson(i),
      i.userId,
      i.id,
    ]);
  }

  async removeInstance(i: Instance): Promise<void> {
    await query(this.orm, 'delete from collection_instance where user_id = ? and id = ?', [i.userId, i.id]);
  }

  async removeNotes(userId: number, fieldId: number, keep?: readonly string[]): Promise<void> {
    const key = String(fieldId);
    if (keep === undefined) {
      await query(this.orm, 'update collection_instance set notes = notes - ?::text where user_id = ? and notes ->> ?::text is not null', [key, userId, key]);
      return;
    }
    await query(
      this.orm,
      `update collection_instance set notes = notes - ?::text
       where user_id = ? and notes ->> ?::text is not null and notes ->> ?::text not in (select jsonb_array_elements_text(?::jsonb))`,
      [key, userId, key, key, JSON.stringify(keep)],
    );
  }

  async instancesOfRelease(userId: number, releaseId: number, offset: number, limit: number): Promise<Slice<Instance>> {
    const [rows, total] = await Promise.all([
      query(this.orm, 'select * from collection_instance where user_id = ? and release_id = ? order by id limit ? offset ?', [userId, releaseId, limit, offset]),
      query(this.orm, 'select count(*)::int as n from collection_instance where user_id = ? and release_id = ?', [userId, releaseId]),
    ]);
    return { items: rows.map(toInstance), total: Number(total[0]!.n) };
  }

  async instancesInFolder(userId: number, folderId: number, request: ListRequest): Promise<Slice<Instance>> {
    const where = folderId === ALL_FOLDER ? 'i.user_id = ?' : 'i.user_id = ? and i.folder_id = ?';
    const params = folderId === ALL_FOLDER ? [userId] : [userId, folderId];
    const [rows, total] = await Promise.all([
      query(
        this.orm,
        `select i.* from collection_instance i left join release r on r.id = i.release_id where ${where}
         order by ${orderBy(request.sort, request.order, 'i')} limit ? offset ?`,
        [...params, request.limit, request.offset],
      ),
      query(this.orm, `select count(*)::int as n from collection_instance i where ${where}`, params),
    ]);
    return { items: rows.map(toInstance), total: Number(total[0]!.n) };
  }

  async releaseIdsHeld(userId: number): Promise<number[]> {
    const rows = await query(this.orm, 'select release_id from collection_instance where user_id = ?', [userId]);
    return rows.map((r) => Number(r.release_id));
  }
}

/** Wantlists in PostgreSQL (and PGlite), through the current unit of work. */
export class MikroOrmWantlistRepository implements WantlistRepository {
  constructor(private readonly orm: MikroORM) {}

  async want(userId: number, releaseId: number): Promise<Want | null> {
    const [row] = await query(this.orm, 'select * from want where user_id = ? and release_id = ?', [userId, releaseId]);
    return row ? toWant(row) : null;
  }

  async add(w: Want): Promise<void> {
    await query(this.orm, 'insert into want (user_id, release_id, notes, notes_public, rating, date_added) values (?, ?, ?, ?, ?, ?)', [
      w.userId,
      w.releaseId,
      w.notes,
      w.notesPublic,
      w.rating,
      w.dateAdded,
    ]);
  }

  async update(w: Want): Promise<void> {
    await query(this.orm, 'update want set notes = ?, notes_public = ?, rating = ? where user_id = ? and release_id = ?', [
      w.notes,
      w.notesPublic,
      w.rating,
      w.userId,
      w.releaseId,
    ]);
  }

  async remove(userId: number, releaseId: number): Promise<void> {
    await query(this.orm, 'delete from want where user_id = ? and release_id = ?', [userId, releaseId]);
  }

  async list(userId: number, request: ListRequest): Promise<Slice<Want>> {
    const [rows, total] = await Promise.all([
      query(
        this.orm,
        `select w.* from want w left join release r on r.id = w.release_id where w.user_id = ?
         order by ${orderBy(request.sort, request.order, 'w')} limit ? offset ?`,
        [userId, request.limit, request.offset],
      ),
      this.count(userId),
    ]);
    return { items: rows.map(toWant), total };
  }

  async count(userId: number): Promise<number> {
    const [row] = await query(this.orm, 'select count(*)::int as n from want where user_id = ?', [userId]);
    return Number(row!.n);
  }
}
