import { Migration } from '@mikro-orm/migrations';
import { ANCHOR_EVERY, anchorStatements } from '../artist-list-keys.js';

/**
 * Anchors of the long artist lists (ADR 0008, "Lists at scale"): `artist_list` holds the number of entries of each
 * list longer than `ANCHOR_EVERY`, `artist_list_anchor` the keys of an entry about every `ANCHOR_EVERY` entries of
 * each order and direction with its position, so that a page deep in a long list starts its index scan near it. The
 * import makes them anew for the lists it changes; here they are made for the lists already stored.
 */
export class Migration20261125233000_artist_list_anchors extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "artist_list" ("artist_id" int not null, "entries" int not null, constraint "artist_list_pkey" primary key ("artist_id"));`);
    this.addSql(`create table "artist_list_anchor" ("artist_id" int not null, "sort" text not null, "descending" boolean not null, "position" int not null, "entry_year" int not null default 0, "entry_title" text not null default '', "entry_format" text not null default '', "entry_id" int not null, "master_entry" boolean not null, constraint "artist_list_anchor_pkey" primary key ("artist_id", "sort", "descending", "position"));`);
    // The artists with more link rows than a list needs to be anchored (entries are distinct links): the statements
    // keep those with more entries.
    this.addSql(`create table "artist_list_candidate" as select artist_id from release_artist group by artist_id having count(*) > ${ANCHOR_EVERY};`);
    for (const sql of anchorStatements('select artist_id from "artist_list_candidate"', ANCHOR_EVERY)) this.addSql(`${sql};`);
    this.addSql(`drop table "artist_list_candidate";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "artist_list_anchor";`);
    this.addSql(`drop table "artist_list";`);
  }

}
