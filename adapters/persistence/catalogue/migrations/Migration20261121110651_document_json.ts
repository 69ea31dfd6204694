import { Migration } from '@mikro-orm/migrations';

/**
 * Catalogue documents become `json` instead of `jsonb` (see docs/adr/0004-dump-import.md): they are only ever read
 * whole by id, and PostgreSQL checks `json` text on input instead of building the binary form, which was the largest
 * part of its work during an import. Documents already stored keep their content (the reader expands both the whole
 * and the compact form).
 */
export class Migration20261121110651_document_json extends Migration {

  override async up(): Promise<void> {
    for (const table of ['artist', 'label', 'master', 'release']) {
      this.addSql(`alter table "${table}" alter column "data" type json using "data"::json;`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['artist', 'label', 'master', 'release']) {
      this.addSql(`alter table "${table}" alter column "data" type jsonb using "data"::jsonb;`);
    }
  }

}
