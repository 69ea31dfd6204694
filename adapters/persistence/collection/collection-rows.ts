import { EntitySchema } from '@mikro-orm/core';
import { UserRow } from '../identity/identity-rows.js';

/*
 * The collection tables: the migrations are generated from these schemas, and the repositories read and write them
 * through the ORM (the sorted lists joined to the catalogue select in SQL and map through these schemas). Triggers on
 * the instance and want tables keep the release rows' `num_have` and `num_want` (see the migrations).
 */

/** A user's collection settings: privacy and the notes fields (the aggregate's small parts, one row). */
export class CollectionSettingsRow {
  user!: UserRow;
  collectionPublic!: boolean;
  wantlistPublic!: boolean;
  /** The notes fields as JSON: `[{id, name, type, position, public, options | lines}]`. */
  fields!: unknown;
}

/** A folder a user made (folders 0 and 1 are not stored: every collection has them). Ids are unique across users. */
export class CollectionFolderRow {
  id!: number;
  user!: UserRow;
  name!: string;
  /** The name lower-cased: unique per user. */
  nameKey!: string;
}

/** One copy of a release in a collection. */
export class CollectionInstanceRow {
  id!: number;
  user!: UserRow;
  folderId!: number;
  releaseId!: number;
  rating!: number;
  dateAdded!: Date;
  /** Field id → value, as JSON. */
  notes!: unknown;
}

/** A release on a user's wantlist. */
export class WantRow {
  user!: UserRow;
  releaseId!: number;
  notes!: string;
  notesPublic!: boolean;
  rating!: number;
  dateAdded!: Date;
}

export const CollectionSettingsSchema = new EntitySchema<CollectionSettingsRow>({
  class: CollectionSettingsRow,
  tableName: 'collection_settings',
  properties: {
    user: { kind: '1:1', entity: () => UserRow, primary: true, deleteRule: 'cascade', owner: true },
    collectionPublic: { type: 'boolean', default: true },
    wantlistPublic: { type: 'boolean', default: true },
    fields: { type: 'json', columnType: 'jsonb' },
  },
});

export const CollectionFolderSchema = new EntitySchema<CollectionFolderRow>({
  class: CollectionFolderRow,
  tableName: 'collection_folder',
  uniques: [{ name: 'collection_folder_user_id_name_key_unique', properties: ['user', 'nameKey'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade' },
    name: { type: 'text' },
    nameKey: { type: 'text' },
  },
});

export const CollectionInstanceSchema = new EntitySchema<CollectionInstanceRow>({
  class: CollectionInstanceRow,
  tableName: 'collection_instance',
  indexes: [
    { name: 'collection_instance_user_id_folder_id_index', properties: ['user', 'folderId'] },
    { name: 'collection_instance_user_id_release_id_index', properties: ['user', 'releaseId'] },
    { name: 'collection_instance_release_id_index', properties: ['releaseId'] },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    user: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade', index: false },
    folderId: { type: 'integer' },
    releaseId: { type: 'integer' },
    rating: { type: 'smallint', default: 0 },
    dateAdded: { type: 'datetime', columnType: 'timestamptz' },
    notes: { type: 'json', columnType: 'jsonb', defaultRaw: `'{}'` },
  },
});

export const WantSchema = new EntitySchema<WantRow>({
  class: WantRow,
  tableName: 'want',
  indexes: [{ name: 'want_release_id_index', properties: ['releaseId'] }],
  properties: {
    user: { kind: 'm:1', entity: () => UserRow, primary: true, deleteRule: 'cascade' },
    releaseId: { type: 'integer', primary: true },
    notes: { type: 'text', default: '' },
    notesPublic: { type: 'boolean', default: false },
    rating: { type: 'smallint', default: 0 },
    dateAdded: { type: 'datetime', columnType: 'timestamptz' },
  },
});

export const COLLECTION_SCHEMAS = [CollectionSettingsSchema, CollectionFolderSchema, CollectionInstanceSchema, WantSchema];
