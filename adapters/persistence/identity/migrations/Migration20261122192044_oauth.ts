import { Migration } from '@mikro-orm/migrations';

/**
 * OAuth 1.0a request and access tokens, and the nonces seen (shared by every instance on the database). Generated
 * from the identity schemas by `spindle migration:create --module identity`.
 */
export class Migration20261122192044_oauth extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "oauth_nonce" ("key" text not null, "expires_at" timestamptz not null, constraint "oauth_nonce_pkey" primary key ("key"));`);
    this.addSql(`create index "oauth_nonce_expires_at_index" on "oauth_nonce" ("expires_at");`);

    this.addSql(`create table "oauth_token" ("token" text not null, "secret" text not null, "kind" text not null, "application_id" text not null, "user_id" int null, "callback" text null, "verifier" text null, "created_at" timestamptz not null, "authorized_at" timestamptz null, "used_at" timestamptz null, "revoked_at" timestamptz null, constraint "oauth_token_pkey" primary key ("token"));`);
    this.addSql(`create index "oauth_token_application_id_index" on "oauth_token" ("application_id");`);
    this.addSql(`create index "oauth_token_user_id_application_id_index" on "oauth_token" ("user_id", "application_id");`);

    this.addSql(`alter table "oauth_token" add constraint "oauth_token_application_id_foreign" foreign key ("application_id") references "client_application" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "oauth_token" add constraint "oauth_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "oauth_nonce" cascade;`);

    this.addSql(`drop table if exists "oauth_token" cascade;`);
  }

}
