import { Migration } from '@mikro-orm/migrations';

/**
 * The list pages cut from indexes (ADR 0008, "Lists at scale"). Each `release_artist` row keeps the keys of the
 * artist-list entry it makes: the entry (`master_entry`, `entry_id`: the release's master when that master is stored,
 * else the release) and what entries sort by (`entry_year`, `entry_title`, `entry_format`: the master's year and
 * title and its main release's format, or the release's own); the import keeps them right whichever of a master, its
 * releases and its main release comes first. A master's versions are indexed in their default order with the columns
 * they filter and sort on, a label's release entries in their order, and masters by main release (the import finds
 * the masters whose main release it writes).
 *
 * Rows stored before are rebuilt into the new table in one pass (faster than updating every row in place, and no
 * dead rows left behind).
 */
export class Migration20261125230000_list_keys extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release_artist" rename to "release_artist_old";`);
    this.addSql(`alter table "release_artist_old" rename constraint "release_artist_pkey" to "release_artist_old_pkey";`);
    this.addSql(`drop index "release_artist_artist_id_idx";`);
    this.addSql(`create table "release_artist" ("release_id" int not null, "artist_id" int not null, "role" text not null, "master_entry" boolean not null, "entry_id" int not null, "entry_year" int not null, "entry_title" text not null, "entry_format" text not null, constraint "release_artist_pkey" primary key ("release_id", "artist_id", "role"));`);
    this.addSql(
      `insert into "release_artist" ("release_id", "artist_id", "role", "master_entry", "entry_id", "entry_year", "entry_title", "entry_format") ` +
        `select ra.release_id, ra.artist_id, ra.role, m.id is not null, coalesce(m.id, r.id), coalesce(m.year, r.year), coalesce(m.title, r.title), ` +
        `case when m.id is null then r.format else coalesce(mr.format, '') end ` +
        `from "release_artist_old" ra join "release" r on r.id = ra.release_id ` +
        `left join "master" m on m.id = r.master_id left join "release" mr on mr.id = m.main_release;`,
    );
    this.addSql(`drop table "release_artist_old";`);
    this.addSql(`create index "release_artist_artist_id_idx" on "release_artist" ("artist_id");`);
    this.addSql(`drop index "release_label_label_id_idx";`);
    this.addSql(`create index "release_label_label_id_idx" on "release_label" ("label_id", "release_id", "position");`);
    this.addSql(`drop index "release_master_id_idx";`);
    this.addSql(VERSIONS_INDEX);
    this.addSql(`create index "master_main_release_idx" on "master" ("main_release");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "master_main_release_idx";`);
    this.addSql(`drop index "release_master_id_idx";`);
    this.addSql(`create index "release_master_id_idx" on "release" ("master_id");`);
    this.addSql(`drop index "release_label_label_id_idx";`);
    this.addSql(`create index "release_label_label_id_idx" on "release_label" ("label_id", "release_id");`);
    this.addSql(
      `alter table "release_artist" drop column "master_entry", drop column "entry_id", drop column "entry_year", ` +
        `drop column "entry_title", drop column "entry_format";`,
    );
  }

}

/**
 * A master's versions in their default order, with every column they are filtered and sorted by: counts and pages
 * are index-only scans of the master's entries, whatever the order (as catalogue-rows.ts declares it).
 */
const VERSIONS_INDEX =
  'create index "release_master_id_idx" on "release" ("master_id", "released", "id") ' +
  'include ("title", "format_details", "label", "catno", "country", "major_formats") where "master_id" is not null;';
