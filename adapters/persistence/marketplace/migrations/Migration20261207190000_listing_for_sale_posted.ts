import { Migration } from '@mikro-orm/migrations';

/**
 * The newest listings For Sale of every seller, for the home page's "Recently listed" (`recentlyListed`): a partial
 * index of the listings For Sale by time, newest first, whose first entries are the answer.
 */
export class Migration20261207190000_listing_for_sale_posted extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "listing_for_sale_posted_index" on "listing" ("posted" desc, "id" desc) where status = 'For Sale';`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "listing_for_sale_posted_index";`);
  }

}
