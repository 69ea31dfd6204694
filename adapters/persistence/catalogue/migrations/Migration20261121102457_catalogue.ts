import { Migration } from '@mikro-orm/migrations';

export class Migration20261121102457_catalogue extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "artist" ("id" int not null, "name" text not null, "data" jsonb not null, "date_added" timestamptz not null default now(), "date_changed" timestamptz not null default now(), constraint "artist_pkey" primary key ("id"));`);

    this.addSql(`create table "label" ("id" int not null, "name" text not null, "data" jsonb not null, "date_added" timestamptz not null default now(), "date_changed" timestamptz not null default now(), constraint "label_pkey" primary key ("id"));`);

    this.addSql(`create table "master" ("id" int not null, "title" text not null, "year" int not null default 0, "main_release" int not null default 0, "data" jsonb not null, "date_added" timestamptz not null default now(), "date_changed" timestamptz not null default now(), constraint "master_pkey" primary key ("id"));`);

    this.addSql(`create table "release_artist" ("release_id" int not null, "artist_id" int not null, "role" text not null, constraint "release_artist_pkey" primary key ("release_id", "artist_id", "role"));`);
    this.addSql(`create index "release_artist_artist_id_idx" on "release_artist" ("artist_id");`);

    this.addSql(`create table "release_label" ("release_id" int not null, "position" smallint not null, "label_id" int not null, "catno" text not null default '', constraint "release_label_pkey" primary key ("release_id", "position"));`);
    this.addSql(`create index "release_label_label_id_idx" on "release_label" ("label_id", "release_id");`);

    this.addSql(`create table "release" ("id" int not null, "title" text not null, "status" text not null default '', "year" int not null default 0, "released" text not null default '', "country" text not null default '', "master_id" int null, "is_main_release" boolean not null default false, "artist" text not null default '', "label" text not null default '', "catno" text not null default '', "format" text not null default '', "format_details" text not null default '', "major_formats" jsonb not null default '[]', "thumb" text not null default '', "data" jsonb not null, "date_added" timestamptz not null default now(), "date_changed" timestamptz not null default now(), constraint "release_pkey" primary key ("id"));`);
    this.addSql(`create index "release_master_id_idx" on "release" ("master_id");`);
  }

}
