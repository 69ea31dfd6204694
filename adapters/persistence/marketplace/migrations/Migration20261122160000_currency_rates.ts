import { Migration } from '@mikro-orm/migrations';

export class Migration20261122160000_currency_rates extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "currency_rate" ("currency" char(3) not null, "rate" numeric not null, "source" text not null, "updated_at" timestamptz not null, constraint "currency_rate_pkey" primary key ("currency"), constraint "currency_rate_rate_check" check ("rate" > 0));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "currency_rate" cascade;`);
  }

}
