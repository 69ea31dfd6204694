import { Migration } from '@mikro-orm/migrations';

/** Signed-in sessions of the web pages (digests of their cookies), shared by every instance on the database. */
export class Migration20261122192658_web_sessions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "web_session" ("digest" text not null, "user_id" int not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, constraint "web_session_pkey" primary key ("digest"));`);
    this.addSql(`create index "web_session_user_id_index" on "web_session" ("user_id");`);
    this.addSql(`create index "web_session_expires_at_index" on "web_session" ("expires_at");`);

    this.addSql(`alter table "web_session" add constraint "web_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "web_session" cascade;`);
  }

}
