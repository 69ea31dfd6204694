import { Migration } from '@mikro-orm/migrations';

/**
 * Collections and wantlists: settings (privacy, notes fields), folders (ids from 2; folders 0 and 1 are every
 * collection's and not stored), instances, wants, and triggers that keep each release row's `num_have` and
 * `num_want` (the catalogue's columns for them), so that the counts change in the same transaction as the rows they
 * count, whatever changes those rows (a use case, a user removed with everything of theirs).
 */
export class Migration20261122203934_collection extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "collection_settings" ("user_id" int not null, "collection_public" boolean not null default true, "wantlist_public" boolean not null default true, "fields" jsonb not null, constraint "collection_settings_pkey" primary key ("user_id"));`);

    this.addSql(`create table "collection_instance" ("id" serial primary key, "user_id" int not null, "folder_id" int not null, "release_id" int not null, "rating" smallint not null default 0, "date_added" timestamptz not null, "notes" jsonb not null default '{}');`);
    this.addSql(`create index "collection_instance_user_id_folder_id_index" on "collection_instance" ("user_id", "folder_id");`);
    this.addSql(`create index "collection_instance_user_id_release_id_index" on "collection_instance" ("user_id", "release_id");`);
    this.addSql(`create index "collection_instance_release_id_index" on "collection_instance" ("release_id");`);

    this.addSql(`create table "collection_folder" ("id" serial primary key, "user_id" int not null, "name" text not null, "name_key" text not null);`);
    this.addSql(`alter table "collection_folder" add constraint "collection_folder_user_id_name_key_unique" unique ("user_id", "name_key");`);

    this.addSql(`create table "want" ("user_id" int not null, "release_id" int not null, "notes" text not null default '', "rating" smallint not null default 0, "date_added" timestamptz not null, constraint "want_pkey" primary key ("user_id", "release_id"));`);
    this.addSql(`create index "want_release_id_index" on "want" ("release_id");`);

    this.addSql(`alter table "collection_settings" add constraint "collection_settings_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "collection_instance" add constraint "collection_instance_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "collection_folder" add constraint "collection_folder_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "want" add constraint "want_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    // Folder ids 0 and 1 belong to every collection.
    this.addSql(`alter sequence "collection_folder_id_seq" restart with 2;`);

    this.addSql(`create function collection_count_change(release_id integer, have_delta integer, want_delta integer) returns void language plpgsql as $$
      begin
        update release set num_have = num_have + have_delta, num_want = num_want + want_delta where id = collection_count_change.release_id;
      end $$;`);
    this.addSql(`create function collection_instance_counted() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then perform collection_count_change(new.release_id, 1, 0); end if;
        if tg_op in ('DELETE', 'UPDATE') then perform collection_count_change(old.release_id, -1, 0); end if;
        return null;
      end $$;`);
    this.addSql(`create function want_counted() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then perform collection_count_change(new.release_id, 0, 1); end if;
        if tg_op in ('DELETE', 'UPDATE') then perform collection_count_change(old.release_id, 0, -1); end if;
        return null;
      end $$;`);
    this.addSql(`create trigger collection_instance_counted after insert or delete or update of release_id on collection_instance for each row execute function collection_instance_counted();`);
    this.addSql(`create trigger want_counted after insert or delete or update of release_id on want for each row execute function want_counted();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists collection_instance_counted() cascade;`);
    this.addSql(`drop function if exists want_counted() cascade;`);
    this.addSql(`drop function if exists collection_count_change(integer, integer, integer);`);
    this.addSql(`drop table if exists "collection_settings" cascade;`);

    this.addSql(`drop table if exists "collection_instance" cascade;`);

    this.addSql(`drop table if exists "collection_folder" cascade;`);

    this.addSql(`drop table if exists "want" cascade;`);
  }

}
