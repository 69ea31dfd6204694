import { Migration } from '@mikro-orm/migrations';

/**
 * A release's document template (`application/catalogue/release-document.ts`): the import writes it into
 * `document` and leaves `data` empty. Rows written before keep their compact document in `data` (and no template)
 * until the next import of their release; readers serve either. Written by hand (plain SQL that PostgreSQL 15 and
 * PGlite accept alike); adding a nullable column rewrites nothing.
 */
export class Migration20261122184500_release_document extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release" add column "document" text null;`);
    this.addSql(`alter table "release" alter column "data" drop not null;`);
    this.addSql(`alter table "release" add constraint "release_document_check" check ("document" is not null or "data" is not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "release" drop constraint "release_document_check";`);
    this.addSql(`delete from "release" where "data" is null;`);
    this.addSql(`alter table "release" alter column "data" set not null;`);
    this.addSql(`alter table "release" drop column "document";`);
  }

}
