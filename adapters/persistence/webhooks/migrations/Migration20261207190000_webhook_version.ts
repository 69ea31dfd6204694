import { Migration } from '@mikro-orm/migrations';

/**
 * A subscription's `version`: raised by every change of its owner (enable, a new URL), so that a worker's record of an
 * attempt writes the subscription's state only when no such change came after its claim (SqlWebhookStore.record).
 */
export class Migration20261207190000_webhook_version extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_subscription" add column "version" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_subscription" drop column "version";`);
  }
}
