import { Migration } from '@mikro-orm/migrations';

/**
 * Each release row keeps how many users rated it and the sum of their ratings (`rating_count`, `rating_sum`), so
 * the release page reads its community rating with the release: the ratings module's triggers keep them in the same
 * transaction as each rating; the import never writes them.
 */
export class Migration20261122221503_release_ratings extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release" add column "rating_count" int not null default 0, add column "rating_sum" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "release" drop column "rating_count", drop column "rating_sum";`);
  }

}
