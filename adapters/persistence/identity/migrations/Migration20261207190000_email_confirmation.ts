import { Migration } from '@mikro-orm/migrations';

/**
 * Email confirmation (ADR 0064): when each account's address was confirmed (every account made before counts as
 * confirmed at its registration), and the password reset links' table becomes the one-time links' table, with each
 * link's purpose and the address an email confirmation confirms.
 */
export class Migration20261207190000_email_confirmation extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "app_user" add column "email_confirmed_at" timestamptz null;`);
    this.addSql(`update "app_user" set "email_confirmed_at" = "registered_at";`);

    this.addSql(`alter table "password_reset" rename to "one_time_link";`);
    this.addSql(`alter table "one_time_link" rename constraint "password_reset_pkey" to "one_time_link_pkey";`);
    this.addSql(`alter table "one_time_link" rename constraint "password_reset_user_id_foreign" to "one_time_link_user_id_foreign";`);
    this.addSql(`alter index "password_reset_user_id_index" rename to "one_time_link_user_id_index";`);
    this.addSql(`alter index "password_reset_expires_at_index" rename to "one_time_link_expires_at_index";`);
    this.addSql(`alter table "one_time_link" add column "purpose" text not null default 'password reset', add column "email" text null;`);
    this.addSql(`alter table "one_time_link" alter column "purpose" drop default;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "one_time_link" where "purpose" <> 'password reset';`);
    this.addSql(`alter table "one_time_link" drop column "purpose", drop column "email";`);
    this.addSql(`alter index "one_time_link_expires_at_index" rename to "password_reset_expires_at_index";`);
    this.addSql(`alter index "one_time_link_user_id_index" rename to "password_reset_user_id_index";`);
    this.addSql(`alter table "one_time_link" rename constraint "one_time_link_user_id_foreign" to "password_reset_user_id_foreign";`);
    this.addSql(`alter table "one_time_link" rename constraint "one_time_link_pkey" to "password_reset_pkey";`);
    this.addSql(`alter table "one_time_link" rename to "password_reset";`);
    this.addSql(`alter table "app_user" drop column "email_confirmed_at";`);
  }

}
