import { Migration } from '@mikro-orm/migrations';
import { LONG_LIST, longListStatements } from '../artist-list-keys.js';

/**
 * Long artist lists (ADR 0008, "Lists at scale"): `artist_list` holds the number of entries of each list longer than
 * `LONG_LIST`, `artist_list_entry` its entries (one row each, with the keys they sort by, indexed in every order) and
 * `artist_list_anchor` the keys of an entry about every `LONG_LIST` entries of each order and direction with its
 * position, so that a page deep in a long list starts its index scan near it. The import makes them anew for the
 * lists it changes; here they are made for the lists already stored.
 */
export class Migration20261125233000_long_artist_lists extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "artist_list" ("artist_id" int not null, "entries" int not null, constraint "artist_list_pkey" primary key ("artist_id"));`);
    this.addSql(`create table "artist_list_entry" ("artist_id" int not null, "entry_id" int not null, "master_entry" boolean not null, "role" text not null, "entry_year" int not null, "entry_title" text not null, "entry_format" text not null, constraint "artist_list_entry_pkey" primary key ("artist_id", "entry_id", "master_entry", "role"));`);
    this.addSql(`create index "artist_list_entry_year_idx" on "artist_list_entry" ("artist_id", "entry_year", "entry_title", "entry_id", "master_entry", "role");`);
    this.addSql(`create index "artist_list_entry_title_idx" on "artist_list_entry" ("artist_id", "entry_title", "entry_id", "master_entry", "role");`);
    this.addSql(`create index "artist_list_entry_format_idx" on "artist_list_entry" ("artist_id", "entry_format", "entry_title", "entry_id", "master_entry", "role");`);
    this.addSql(`create table "artist_list_anchor" ("artist_id" int not null, "sort" text not null, "descending" boolean not null, "position" int not null, "entry_year" int not null default 0, "entry_title" text not null default '', "entry_format" text not null default '', "entry_id" int not null, "master_entry" boolean not null, constraint "artist_list_anchor_pkey" primary key ("artist_id", "sort", "descending", "position"));`);
    // The artists with more link rows than a long list has entries (entries are distinct links): the statements keep
    // those with more entries.
    this.addSql(`create table "artist_list_candidate" as select artist_id from release_artist group by artist_id having count(*) > ${LONG_LIST};`);
    for (const sql of longListStatements('select artist_id from "artist_list_candidate"', LONG_LIST)) this.addSql(`${sql};`);
    this.addSql(`drop table "artist_list_candidate";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "artist_list_anchor";`);
    this.addSql(`drop table "artist_list_entry";`);
    this.addSql(`drop table "artist_list";`);
  }

}
