import { Migration } from '@mikro-orm/migrations';

/** Password reset links' tokens (digests), each used once before it expires. */
export class Migration20261207130000_password_resets extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "password_reset" ("digest" text not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "password_reset_pkey" primary key ("digest"));`);
    this.addSql(`create index "password_reset_user_id_index" on "password_reset" ("user_id");`);
    this.addSql(`create index "password_reset_expires_at_index" on "password_reset" ("expires_at");`);

    this.addSql(`alter table "password_reset" add constraint "password_reset_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "password_reset" cascade;`);
  }

}
