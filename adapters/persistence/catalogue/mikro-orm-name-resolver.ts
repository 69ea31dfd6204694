import type { MikroORM } from '@mikro-orm/postgresql';
import { query } from '../mikro-orm-unit-of-work.js';
import type { EntityIds, EntityNames, NameResolver } from '../../../domain/text/name-resolver.js';

/** Resolves markup ids to names: artist and label names, release and master titles. */
export class MikroOrmNameResolver implements NameResolver {
  constructor(private readonly orm: MikroORM) {}

  async names(ids: EntityIds): Promise<EntityNames> {

    const lookup = async (table: string, column: string, wanted: readonly number[]) => {
      const map = new Map<number, string>();
      if (wanted.length === 0) return map;
      const rows = await query<{ id: number; name: string }>(
        this.orm,
        `select id, ${column} as name from "${table}" where id in (${wanted.map(() => '?').join(', ')})`,
        [...wanted],
      );
      for (const r of rows) map.set(Number(r.id), String(r.name));
      return map;
    };
    return {
      artists: await lookup('artist', 'name', ids.artists),
      labels: await lookup('label', 'name', ids.labels),
      releases: await lookup('release', 'title', ids.releases),
      masters: await lookup('master', 'title', ids.masters),
    };
  }
}
