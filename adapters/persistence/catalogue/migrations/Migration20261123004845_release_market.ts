import { Migration } from '@mikro-orm/migrations';

/**
 * Each release row keeps how many of its listings are For Sale and the lowest asking price in each currency
 * (`num_for_sale`, `lowest_prices`: minor units by currency code, null when none), so the release page reads its
 * marketplace figures with the release: the marketplace module's triggers keep them in the same transaction as each
 * listing change; the import never writes them.
 */
export class Migration20261123004845_release_market extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release" add column "num_for_sale" int not null default 0, add column "lowest_prices" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "release" drop column "num_for_sale", drop column "lowest_prices";`);
  }

}
