import { Migration } from '@mikro-orm/migrations';

/**
 * A release's document template packed by the application (ADR 0066, `release-document-packing.ts`): the import
 * writes it into `packed_document` and empties `document` and `data`. The column's storage is `external`, so that
 * PostgreSQL does not compress it again (pglz over deflate gains nothing and costs a decompression on every read).
 * Existing rows are not converted: they keep their template as text (or their compact document) until the next
 * import of their release, and readers serve every form (ADR 0066 says why and what converting would cost). Adding a
 * nullable column rewrites nothing.
 */
export class Migration20261207220000_packed_release_document extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release" add column "packed_document" bytea null;`);
    this.addSql(`alter table "release" alter column "packed_document" set storage external;`);
    this.addSql(`alter table "release" drop constraint "release_document_check";`);
    this.addSql(
      `alter table "release" add constraint "release_document_check" check ("packed_document" is not null or "document" is not null or "data" is not null);`,
    );
  }

  override async down(): Promise<void> {
    // PostgreSQL cannot inflate: the releases held only in the packed form are dropped, as the templates' own down
    // migration drops the releases held only as templates.
    this.addSql(`alter table "release" drop constraint "release_document_check";`);
    this.addSql(`delete from "release" where "document" is null and "data" is null;`);
    this.addSql(`alter table "release" drop column "packed_document";`);
    this.addSql(`alter table "release" add constraint "release_document_check" check ("document" is not null or "data" is not null);`);
  }

}
