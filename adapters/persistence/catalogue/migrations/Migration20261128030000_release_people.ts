import { Migration } from '@mikro-orm/migrations';

/**
 * Each release row keeps its submitter and contributors from the edit history (`community_people`, JSON text
 * `{"s": …, "c": […]}`, null while it has no history), so the release page reads them with the release: the
 * contributions module's triggers keep the column in the same transaction as each entry; the import never writes it.
 * The templates stored before held `"submitter":null,"contributors":[]` literally: they get the slot that the
 * presenter fills (`SLOTS.people`, U+0001 `U`), as the import now writes it.
 */
export class Migration20261128030000_release_people extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release" add column "community_people" text null;`);
    this.addSql(`update "release" set "document" = replace("document", '"submitter":null,"contributors":[]', chr(1) || 'U') where "document" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "release" set "document" = replace("document", chr(1) || 'U', '"submitter":null,"contributors":[]') where "document" is not null;`);
    this.addSql(`alter table "release" drop column "community_people";`);
  }

}
