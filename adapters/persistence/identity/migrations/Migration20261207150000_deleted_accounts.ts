import { Migration } from '@mikro-orm/migrations';

/** A deleted account stays as a tombstone row (ADR 0060): when it was deleted, null while it is live. */
export class Migration20261207150000_deleted_accounts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "app_user" add column "deleted_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "app_user" drop column "deleted_at";`);
  }

}
