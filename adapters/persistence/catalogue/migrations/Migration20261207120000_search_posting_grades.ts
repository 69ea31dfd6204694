import { Migration } from '@mikro-orm/migrations';

/**
 * The grades each `search_posting` row's postings have, a bit per grade (ADR 0053): a search bounds the scores of a
 * block by its tokens' best grades and leaves the blocks that cannot reach the page unread. The import writes it and
 * the re-import's compaction writes it for every row of the blocks it compacts; rows stored before keep null, read as
 * "any grade" (their blocks are read as before, never skipped wrongly).
 */
export class Migration20261207120000_search_posting_grades extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "search_posting" add column "grades" smallint null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "search_posting" drop column "grades";`);
  }

}
