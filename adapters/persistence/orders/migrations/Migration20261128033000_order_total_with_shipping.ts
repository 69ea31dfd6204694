import { Migration } from '@mikro-orm/migrations';

/**
 * An order's `total_minor` becomes what the buyer pays, the items plus the shipping (as the public API's total is).
 * Before, it held the items alone and shipping was never added to it, so every stored order gets its shipping added
 * once, here, in the migration's transaction; the amounts check then also holds that a total is never less than its
 * shipping. `down` takes the shipping off again.
 */
export class Migration20261128033000_order_total_with_shipping extends Migration {

  override async up(): Promise<void> {
    this.addSql(`update "market_order" set "total_minor" = "total_minor" + "shipping_minor" where "shipping_minor" <> 0;`);
    this.addSql(`alter table "market_order" drop constraint market_order_amounts_check;`);
    this.addSql(`alter table "market_order" add constraint market_order_amounts_check check(total_minor >= 0 and fee_minor >= 0 and shipping_minor >= 0 and total_minor >= shipping_minor and refunded_minor >= 0 and refund_received_minor >= 0 and refund_received_minor <= refunded_minor);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "market_order" drop constraint market_order_amounts_check;`);
    this.addSql(`update "market_order" set "total_minor" = "total_minor" - "shipping_minor" where "shipping_minor" <> 0;`);
    this.addSql(`alter table "market_order" add constraint market_order_amounts_check check(total_minor >= 0 and fee_minor >= 0 and shipping_minor >= 0 and refunded_minor >= 0 and refund_received_minor >= 0 and refund_received_minor <= refunded_minor);`);
  }

}
