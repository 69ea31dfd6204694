import { EntitySchema } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { query } from '../mikro-orm-unit-of-work.js';

/** A secret of the service kept in the database, so that every instance uses the same (the image-signing key). */
export class ServerSecretRow {
  name!: string;
  value!: string;
  createdAt!: Date;
}

export const ServerSecretSchema = new EntitySchema<ServerSecretRow>({
  class: ServerSecretRow,
  tableName: 'server_secret',
  properties: {
    name: { type: 'text', primary: true },
    value: { type: 'text' },
    createdAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});

/**
 * The secret named `name`: the one stored, or `make()`'s stored now. Instances starting together agree: the insert
 * does nothing when another one got there first, and everyone reads what is stored.
 */
export async function sharedSecret(orm: MikroORM, name: string, make: () => string): Promise<string> {
  await query(orm, 'insert into server_secret (name, value, created_at) values (?, ?, now()) on conflict (name) do nothing', [name, make()]);
  const [row] = await query<{ value: string }>(orm, 'select value from server_secret where name = ?', [name]);
  return row!.value;
}
