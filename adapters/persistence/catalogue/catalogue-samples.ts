import type { MikroORM } from '@mikro-orm/postgresql';
import { query } from '../mikro-orm-unit-of-work.js';

/** The catalogue tables a sample can be drawn from. */
export type SampledKind = 'artist' | 'label' | 'master' | 'release';

const TABLES: Record<SampledKind, string> = { artist: 'artist', label: 'label', master: 'master', release: 'release' };

/**
 * The lowest `count` ids the catalogue holds of a kind: records that exist, for the demo data of the modules that refer
 * to catalogue records (whatever dumps were imported, no id is assumed).
 */
export async function catalogueSample(orm: MikroORM, kind: SampledKind, count: number): Promise<number[]> {
  const rows = await query(orm, `select id from "${TABLES[kind]}" order by id limit ?`, [count]);
  return rows.map((r) => Number(r.id));
}
