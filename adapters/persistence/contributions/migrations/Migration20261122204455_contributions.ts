import { Migration } from '@mikro-orm/migrations';

/**
 * The edit history (`contribution`): one row per submission or edit of a catalogue record by a user, deleted with its
 * user; no foreign key to the catalogue tables, which dump imports replace. Indexes for the two reads (a user's
 * entries of a kind by record, for contributions and their count; a user's submissions in order) and a partial unique
 * index that gives a record at most one submitter. Generated from the contributions schema by
 * `spindle migration:create --module contributions`; plain SQL that PostgreSQL 15 and PGlite accept alike.
 */
export class Migration20261122204455_contributions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "contribution" ("id" text not null, "user_id" int not null, "kind" text check ("kind" in ('artist', 'label', 'master', 'release')) not null, "catalogue_id" int not null, "action" text check ("action" in ('submitted', 'edited')) not null, "at" timestamptz not null, "comment" text not null default '', constraint "contribution_pkey" primary key ("id"), constraint contribution_catalogue_id_check check (catalogue_id > 0));`);
    this.addSql(`create index "contribution_user_id_kind_catalogue_id_index" on "contribution" ("user_id", "kind", "catalogue_id");`);
    this.addSql(`create index "contribution_submissions_index" on "contribution" ("user_id", "kind", "at", "catalogue_id") where "action" = 'submitted';`);
    this.addSql(`create unique index "contribution_one_submitter_unique" on "contribution" ("kind", "catalogue_id") where "action" = 'submitted';`);

    this.addSql(`alter table "contribution" add constraint "contribution_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "contribution" cascade;`);
  }

}
