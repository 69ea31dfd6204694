import type { MikroORM } from '@mikro-orm/postgresql';
import { NO_PEOPLE, peopleOfColumn, type ReleasePeople, type ReleasePeopleReader } from '../../../application/ports/release-people.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { idArray } from '../sql-values.js';

/**
 * The submitter and contributors of releases, from the column this module's triggers keep on each release row
 * (`community_people`): the contributions module's part of a release's community, for readers that do not read the
 * column with the release.
 */
export class SqlReleasePeople implements ReleasePeopleReader {
  constructor(private readonly orm: MikroORM) {}

  async forReleases(releaseIds: readonly number[]): Promise<ReadonlyMap<number, ReleasePeople>> {
    const rows = await query<{ id: number; people: string | null }>(
      this.orm,
      'select id, community_people as people from release where id = any(?::int[]) and community_people is not null',
      [idArray(releaseIds)],
    );
    const kept = new Map(rows.map((r) => [Number(r.id), peopleOfColumn(r.people)]));
    return new Map(releaseIds.map((id) => [id, kept.get(id) ?? NO_PEOPLE]));
  }
}
