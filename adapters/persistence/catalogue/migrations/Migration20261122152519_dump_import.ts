import { Migration } from '@mikro-orm/migrations';

/**
 * One row per dated dump file imported (see `DumpImportSchema`): the import refuses a file older than the newest of
 * its kind without `--force`. Written by hand (plain SQL that PostgreSQL 15 and PGlite accept alike).
 */
export class Migration20261122152519_dump_import extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "dump_import" ("id" serial primary key, "kind" text not null, "dump_date" date not null, "file" text not null, "imported_at" timestamptz not null default now());`);
    this.addSql(`create index "dump_import_kind_dump_date_idx" on "dump_import" ("kind", "dump_date");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "dump_import" cascade;`);
  }

}
