import { Migration } from '@mikro-orm/migrations';

/**
 * A master's market figures add up its versions that have copies for sale: an index of those alone (few releases
 * have listings) finds them without reading every version of a master with thousands.
 */
export class Migration20261125231500_release_master_for_sale extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "release_master_for_sale_idx" on "release" ("master_id") where num_for_sale > 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "release_master_for_sale_idx";`);
  }

}
