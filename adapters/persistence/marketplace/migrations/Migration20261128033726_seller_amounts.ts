import { Migration } from '@mikro-orm/migrations';

/**
 * Sellers' amounts beside their terms (ADR 0032): the shipping price by destination (`shipping_rates`, destination →
 * minor units) and the minimum order (`min_order_total_minor`, 0 for none), both in `amounts_currency`, which only
 * settings without amounts may leave null.
 */
export class Migration20261128033726_seller_amounts extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "seller_settings" add column "amounts_currency" char(3) null, add column "shipping_rates" jsonb null, add column "min_order_total_minor" bigint not null default 0;`);
    this.addSql(`alter table "seller_settings" add constraint seller_settings_min_order_total_minor_check check(min_order_total_minor >= 0);`);
    this.addSql(`alter table "seller_settings" add constraint seller_settings_amounts_currency_check check(amounts_currency is not null or (shipping_rates is null and min_order_total_minor = 0));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "seller_settings" drop constraint seller_settings_min_order_total_minor_check;`);
    this.addSql(`alter table "seller_settings" drop constraint seller_settings_amounts_currency_check;`);
    this.addSql(`alter table "seller_settings" drop column "amounts_currency", drop column "shipping_rates", drop column "min_order_total_minor";`);
  }

}
