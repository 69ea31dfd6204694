import { Migration } from '@mikro-orm/migrations';

/**
 * Orders and their feedback belong to both parties (ADR 0060): deleting a user row no longer takes them with it (it
 * is refused while they exist; an account deletion keeps the row as a tombstone instead).
 */
export class Migration20261207150100_orders_outlive_accounts extends Migration {

  override async up(): Promise<void> {
    for (const [table, column] of [['market_order', 'seller_id'], ['market_order', 'buyer_id'], ['order_feedback', 'author_id'], ['order_feedback', 'subject_id']] as const) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${column}_foreign";`);
      this.addSql(`alter table "${table}" add constraint "${table}_${column}_foreign" foreign key ("${column}") references "app_user" ("id") on update cascade on delete restrict;`);
    }
  }

  override async down(): Promise<void> {
    for (const [table, column] of [['market_order', 'seller_id'], ['market_order', 'buyer_id'], ['order_feedback', 'author_id'], ['order_feedback', 'subject_id']] as const) {
      this.addSql(`alter table "${table}" drop constraint "${table}_${column}_foreign";`);
      this.addSql(`alter table "${table}" add constraint "${table}_${column}_foreign" foreign key ("${column}") references "app_user" ("id") on update cascade on delete cascade;`);
    }
  }

}
