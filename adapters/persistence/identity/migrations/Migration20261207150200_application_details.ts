import { Migration } from '@mikro-orm/migrations';

/** An application's description and website, which its owner edits on its page (ADR 0060). */
export class Migration20261207150200_application_details extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "client_application" add column "description" text not null default '', add column "website_url" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "client_application" drop column "description", drop column "website_url";`);
  }

}
