import type { MikroORM } from '@mikro-orm/postgresql';
import type { CatalogueSamples, ReleaseHeadline, SampledKind } from '../../../application/ports/catalogue-samples.js';
import { query } from '../mikro-orm-unit-of-work.js';

const TABLES: Record<SampledKind, string> = { artist: 'artist', label: 'label', master: 'master', release: 'release' };

/** The catalogue's samples read with SQL: the lowest ids of a table, and whether `release` has a row. */
export class SqlCatalogueSamples implements CatalogueSamples {
  constructor(private readonly orm: MikroORM) {}

  async lowestIds(kind: SampledKind, count: number): Promise<number[]> {
    const rows = await query(this.orm, `select id from "${TABLES[kind]}" order by id limit ?`, [count]);
    return rows.map((r) => Number(r.id));
  }

  async newestReleases(count: number): Promise<ReleaseHeadline[]> {
    const rows = await query(this.orm, 'select id, title, artist, format, year from release order by id desc limit ?', [Math.max(0, count)]);
    return rows.map((r) => ({ id: Number(r.id), title: String(r.title), artist: String(r.artist), format: String(r.format), year: Number(r.year) }));
  }

  async hasReleases(): Promise<boolean> {
    const rows = await query(this.orm, 'select exists (select 1 from release) as found', []);
    return rows[0]?.found === true;
  }
}
