import { Migration } from '@mikro-orm/migrations';

/**
 * A release's search result is read from its own row (its document) when a search shows it, as a master's main
 * release's values already were: `search_entry` keeps the results of artists, labels and masters only (ADR 0017). The
 * release entries go, and the trigger that keeps the search's popularity sets a release's own popularity without one.
 */
export class Migration20261126160000_release_results_from_rows extends Migration {

  override async up(): Promise<void> {
    this.addSql(`delete from "search_entry" where "kind" = 'release';`);
    this.addSql(popularityFunction(true));
  }

  override async down(): Promise<void> {
    // The release entries are not made again here: importing the releases dump again writes them.
    this.addSql(popularityFunction(false));
  }

}

/**
 * The trigger function that follows a release's counts into the popularity of the entries it is the community release
 * of (a master's, by its main release) and, with `ownRelease`, of the release itself, which has no entry.
 */
function popularityFunction(ownRelease: boolean): string {
  const records = ownRelease
    ? `select 'release'::text as kind, new.id as id union all select kind, id from search_entry where community_release = new.id`
    : `select kind, id from search_entry where community_release = new.id`;
  return `create or replace function search_entry_popularity() returns trigger language plpgsql as $$
declare
  e record;
  k smallint;
  pop int := new.num_have + new.num_want;
begin
  for e in ${records} loop
    k := case e.kind when 'artist' then 0 when 'label' then 1 when 'master' then 2 else 3 end;
    update search_popularity set pops[(e.id & 16383) + 1] = pop where kind = k and block = e.id >> 14;
    if not found and pop > 0 then
      insert into search_popularity (kind, block, pops) values (k, e.id >> 14, array_fill(0, array[16384]))
        on conflict (kind, block) do nothing;
      update search_popularity set pops[(e.id & 16383) + 1] = pop where kind = k and block = e.id >> 14;
    end if;
  end loop;
  return null;
end $$;`;
}
