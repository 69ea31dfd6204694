import { LockMode, raw, type MikroORM } from '@mikro-orm/postgresql';
import { ALL_FOLDER, Collection, DEFAULT_PRIVACY, UNCATEGORIZED_FOLDER, type Folder } from '../../../domain/collection/collection.js';
import type { CollectionRepository, Slice, WantlistRepository } from '../../../domain/collection/collection-repository.js';
import type { Instance } from '../../../domain/collection/instance.js';
import { DEFAULT_FIELDS, type NotesField } from '../../../domain/collection/notes-fields.js';
import type { Want } from '../../../domain/collection/want.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { nextId } from '../next-id.js';
import { instanceOf, instanceRowOf, wantOf, wantRowOf } from './collection-row-mappers.js';
import { CollectionFolderRow, CollectionInstanceRow, CollectionSettingsRow, WantRow } from './collection-rows.js';

const NO_MAP = { disableIdentityMap: true } as const;

/**
 * Collections through the ORM on their entity schemas (`collection_settings`, `collection_folder`,
 * `collection_instance`), in the current unit of work. The aggregate is its settings row, its folders and their
 * counts; `loadForChange` holds it by the settings row's lock. The lists sorted on the catalogue's release fields are
 * a read model, `SqlCollectionListReader`.
 */
export class MikroOrmCollectionRepository implements CollectionRepository {
  constructor(private readonly orm: MikroORM) {}

  async load(userId: number): Promise<Collection> {
    return this.read(userId, false);
  }

  async loadForChange(userId: number): Promise<Collection> {
    await currentEntityManager(this.orm)
      .createQueryBuilder(CollectionSettingsRow)
      .insert({ user: userId, collectionPublic: true, wantlistPublic: true, fields: DEFAULT_FIELDS })
      .onConflict('user')
      .ignore()
      .execute();
    return this.read(userId, true);
  }

  private async read(userId: number, lock: boolean): Promise<Collection> {
    const em = currentEntityManager(this.orm);
    const settings = await em.findOne(CollectionSettingsRow, { user: userId }, { ...NO_MAP, ...(lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) });
    const [folders, counts] = await Promise.all([
      em.find(CollectionFolderRow, { user: userId }, { ...NO_MAP, fields: ['id', 'name'], orderBy: { id: 'asc' } }),
      em
        .createQueryBuilder(CollectionInstanceRow)
        .select(['folderId', raw('count(*)::int as n')])
        .where({ user: userId })
        .groupBy('folderId')
        .execute<{ folderId: number; n: number }[]>('all'),
    ]);
    const count = new Map(counts.map((c) => [Number(c.folderId), Number(c.n)]));
    const all: Folder[] = [
      { id: UNCATEGORIZED_FOLDER, name: 'Uncategorized', count: count.get(UNCATEGORIZED_FOLDER) ?? 0 },
      ...folders.map((f) => ({ id: f.id, name: f.name, count: count.get(f.id) ?? 0 })),
    ];
    if (!settings) return Collection.restore(userId, all, DEFAULT_FIELDS, DEFAULT_PRIVACY);
    return Collection.restore(userId, all, settings.fields as NotesField[], {
      collectionPublic: settings.collectionPublic,
      wantlistPublic: settings.wantlistPublic,
    });
  }

  async save(collection: Collection): Promise<void> {
    const em = currentEntityManager(this.orm);
    const u = collection.userId;
    await em.upsert(
      CollectionSettingsRow,
      { user: u, collectionPublic: collection.privacy.collectionPublic, wantlistPublic: collection.privacy.wantlistPublic, fields: collection.fields },
      NO_MAP,
    );
    const own = collection.folders.filter((f) => f.id !== ALL_FOLDER && f.id !== UNCATEGORIZED_FOLDER);
    await em.nativeDelete(CollectionFolderRow, { user: u, id: { $nin: own.map((f) => f.id) } });
    for (const f of own) {
      // Renames first give the old names up: a swap of two names would otherwise clash on the way.
      await em.nativeUpdate(CollectionFolderRow, { user: u, id: f.id, name: { $ne: f.name } }, { nameKey: `#${f.id}` });
    }
    for (const f of own) {
      // A folder id of another user's is left alone (the update's condition), as ids are unique across users.
      await em
        .createQueryBuilder(CollectionFolderRow)
        .insert({ id: f.id, user: u, name: f.name, nameKey: f.name.toLowerCase() })
        .onConflict('id')
        .merge(['name', 'nameKey'])
        .where({ user: u })
        .execute();
    }
  }

  async nextFolderId(): Promise<number> {
    return nextId(this.orm, 'collection_folder');
  }

  async nextInstanceId(): Promise<number> {
    return nextId(this.orm, 'collection_instance');
  }

  async instance(userId: number, instanceId: number): Promise<Instance | null> {
    const row = await currentEntityManager(this.orm).findOne(CollectionInstanceRow, { user: userId, id: instanceId }, NO_MAP);
    return row ? instanceOf(row) : null;
  }

  async addInstance(i: Instance): Promise<void> {
    await currentEntityManager(this.orm).insert(CollectionInstanceRow, instanceRowOf(i));
  }

  async updateInstance(i: Instance): Promise<void> {
    const { folderId, rating, notes } = instanceRowOf(i);
    await currentEntityManager(this.orm).nativeUpdate(CollectionInstanceRow, { user: i.userId, id: i.id }, { folderId, rating, notes });
  }

  async removeInstance(i: Instance): Promise<void> {
    await currentEntityManager(this.orm).nativeDelete(CollectionInstanceRow, { user: i.userId, id: i.id });
  }

  /** jsonb's key removal (`-`) and field read (`->>`) have no ORM spelling: raw fragments in the query builder. */
  async removeNotes(userId: number, fieldId: number, keep?: readonly string[]): Promise<void> {
    const key = String(fieldId);
    const qb = currentEntityManager(this.orm)
      .createQueryBuilder(CollectionInstanceRow)
      .update({ notes: raw('notes - ?::text', [key]) })
      .where({ user: userId })
      .andWhere('notes ->> ?::text is not null', [key]);
    if (keep !== undefined) qb.andWhere('notes ->> ?::text not in (select jsonb_array_elements_text(?::jsonb))', [key, JSON.stringify(keep)]);
    await qb.execute();
  }

  async instancesOfRelease(userId: number, releaseId: number, offset: number, limit: number): Promise<Slice<Instance>> {
    const [rows, total] = await currentEntityManager(this.orm).findAndCount(
      CollectionInstanceRow,
      { user: userId, releaseId },
      { ...NO_MAP, orderBy: { id: 'asc' }, limit, offset },
    );
    return { items: rows.map(instanceOf), total };
  }

  async releaseIdsHeld(userId: number): Promise<number[]> {
    const rows = await currentEntityManager(this.orm).find(CollectionInstanceRow, { user: userId }, { ...NO_MAP, fields: ['releaseId'] });
    return rows.map((r) => r.releaseId);
  }
}

/** Wantlists through the ORM on their entity schema (`want`, a row per user and release), in the current unit of work. */
export class MikroOrmWantlistRepository implements WantlistRepository {
  constructor(private readonly orm: MikroORM) {}

  async want(userId: number, releaseId: number): Promise<Want | null> {
    const row = await currentEntityManager(this.orm).findOne(WantRow, { user: userId, releaseId }, NO_MAP);
    return row ? wantOf(row) : null;
  }

  async add(w: Want): Promise<void> {
    await currentEntityManager(this.orm).insert(WantRow, wantRowOf(w));
  }

  async update(w: Want): Promise<void> {
    const { notes, notesPublic, rating } = wantRowOf(w);
    await currentEntityManager(this.orm).nativeUpdate(WantRow, { user: w.userId, releaseId: w.releaseId }, { notes, notesPublic, rating });
  }

  async remove(userId: number, releaseId: number): Promise<void> {
    await currentEntityManager(this.orm).nativeDelete(WantRow, { user: userId, releaseId });
  }

  async count(userId: number): Promise<number> {
    return currentEntityManager(this.orm).count(WantRow, { user: userId });
  }
}
