import { Migration } from '@mikro-orm/migrations';

/**
 * A dump import's checkpoint (ADR 0065), one row per kind: the file being imported (name, size, a digest of its head),
 * how many of its records are committed, the session's counts and what it must finish (indexes left out, the posting
 * rows' next part number), written in the transaction of the rounds it follows; once the file is imported, the time
 * it finished (so that the same file given again is known as imported); and the two things an import gathers for its end
 * that must outlive a checkpoint's commit: the artists whose lists it changed, and a first import's links held back
 * for their master's main release.
 */
export class Migration20261207190000_import_checkpoint extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "import_checkpoint" ("kind" text not null, "file" text not null, "size" bigint not null, "head" text not null, "records" int not null, "inserted" int not null, "updated" int not null, "written" int not null, "posting_part" int not null, "deferred_indexes" jsonb null, "saved_at" timestamptz not null default now(), "finished_at" timestamptz null, constraint "import_checkpoint_pkey" primary key ("kind"));`);
    this.addSql(`create table "import_saved_touched_artist" ("kind" text not null, "artist_id" int not null, "links" int not null, constraint "import_saved_touched_artist_pkey" primary key ("kind", "artist_id"));`);
    this.addSql(`create table "import_saved_late_link" ("release_id" int not null, "artist_id" int not null, "role" text not null, "master_id" int null, "year" int null, "title" text null, "format" text null, constraint "import_saved_late_link_pkey" primary key ("release_id", "artist_id", "role"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "import_saved_late_link" cascade;`);
    this.addSql(`drop table if exists "import_saved_touched_artist" cascade;`);
    this.addSql(`drop table if exists "import_checkpoint" cascade;`);
  }

}
