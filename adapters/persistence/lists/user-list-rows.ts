import { EntitySchema } from '@mikro-orm/core';
import { UserRow } from '../identity/identity-rows.js';

/*
 * The lists' tables. A list (`UserList`) is one aggregate stored as a row and a row per item: these entity schemas
 * generate the migrations, and the repository maps between them and the aggregate through the ORM.
 */

export class UserListRow {
  id!: number;
  owner!: UserRow;
  name!: string;
  /** Markup text. */
  description!: string;
  isPublic!: boolean;
  createdAt!: Date;
  changedAt!: Date;
}

export class UserListItemRow {
  list!: UserListRow;
  /** `release`, `master`, `artist` or `label`. */
  kind!: string;
  catalogueId!: number;
  /** 1 for the first item; the items of a list are numbered 1, 2, 3… in list order. */
  position!: number;
  comment!: string;
  addedAt!: Date;
}

export const UserListSchema = new EntitySchema<UserListRow>({
  class: UserListRow,
  tableName: 'user_list',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    owner: { kind: 'm:1', entity: () => UserRow, deleteRule: 'cascade', index: 'user_list_owner_id_index' },
    name: { type: 'text' },
    description: { type: 'text', default: '' },
    isPublic: { type: 'boolean', default: false },
    createdAt: { type: 'datetime', columnType: 'timestamptz' },
    changedAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

export const UserListItemSchema = new EntitySchema<UserListItemRow>({
  class: UserListItemRow,
  tableName: 'user_list_item',
  indexes: [{ name: 'user_list_item_list_id_position_index', properties: ['list', 'position'] }],
  checks: [
    { name: 'user_list_item_kind_check', expression: "kind in ('release', 'master', 'artist', 'label')" },
    { name: 'user_list_item_position_check', expression: 'position > 0' },
  ],
  properties: {
    list: { kind: 'm:1', entity: () => UserListRow, primary: true, deleteRule: 'cascade' },
    kind: { type: 'text', primary: true },
    catalogueId: { type: 'integer', primary: true },
    position: { type: 'integer' },
    comment: { type: 'text', default: '' },
    addedAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

export const LIST_SCHEMAS = [UserListSchema, UserListItemSchema];
