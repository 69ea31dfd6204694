import { Migration } from '@mikro-orm/migrations';

/** The profile fields a user edits: home page, location, free text (markup), currency. */
export class Migration20261122200457_profiles extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "app_user" add column "home_page" text not null default '', add column "location" text not null default '', add column "profile" text not null default '', add column "curr_abbr" text not null default 'USD';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "app_user" drop column "home_page", drop column "location", drop column "profile", drop column "curr_abbr";`);
  }

}
