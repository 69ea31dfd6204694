import { Migration } from '@mikro-orm/migrations';

/** A want's `notes_public`: whether its notes show to others than its owner (the public API's flag; off by default). */
export class Migration20261203120000_want_notes_public extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "want" add column "notes_public" boolean not null default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "want" drop column "notes_public";`);
  }
}
