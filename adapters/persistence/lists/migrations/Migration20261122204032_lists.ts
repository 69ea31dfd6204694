import { Migration } from '@mikro-orm/migrations';

/**
 * Users' lists: a row per list (owned by a user, removed with them) and a row per item (a catalogue record at most
 * once per list, numbered in list order, with the owner's comment), removed with its list.
 */
export class Migration20261122204032_lists extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "user_list" ("id" serial primary key, "owner_id" int not null, "name" text not null, "description" text not null default '', "is_public" boolean not null default false, "created_at" timestamptz not null, "changed_at" timestamptz not null);`);
    this.addSql(`create index "user_list_owner_id_index" on "user_list" ("owner_id");`);

    this.addSql(`create table "user_list_item" ("list_id" int not null, "kind" text not null, "catalogue_id" int not null, "position" int not null, "comment" text not null default '', "added_at" timestamptz not null, constraint "user_list_item_pkey" primary key ("list_id", "kind", "catalogue_id"), constraint user_list_item_kind_check check (kind in ('release', 'master', 'artist', 'label')), constraint user_list_item_position_check check (position > 0));`);
    this.addSql(`create index "user_list_item_list_id_position_index" on "user_list_item" ("list_id", "position");`);

    this.addSql(`alter table "user_list" add constraint "user_list_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_list_item" add constraint "user_list_item_list_id_foreign" foreign key ("list_id") references "user_list" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user_list_item" drop constraint "user_list_item_list_id_foreign";`);

    this.addSql(`drop table if exists "user_list" cascade;`);

    this.addSql(`drop table if exists "user_list_item" cascade;`);
  }

}
