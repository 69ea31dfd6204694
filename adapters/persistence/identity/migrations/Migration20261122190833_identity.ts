import { Migration } from '@mikro-orm/migrations';

/**
 * Users (`app_user`: login names and emails unique without regard to case), registered applications and personal
 * tokens (digests only). Generated from the identity schemas by `spindle migration:create --module identity`.
 */
export class Migration20261122190833_identity extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "app_user" ("id" serial primary key, "username" text not null, "login_key" text not null, "real_name" text not null default '', "email" text not null, "email_key" text not null, "password_hash" text not null, "registered_at" timestamptz not null);`);
    this.addSql(`alter table "app_user" add constraint "app_user_login_key_unique" unique ("login_key");`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_key_unique" unique ("email_key");`);

    this.addSql(`create table "personal_token" ("id" text not null, "user_id" int not null, "label" text not null, "digest" text not null, "last_characters" text not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, constraint "personal_token_pkey" primary key ("id"));`);
    this.addSql(`create index "personal_token_user_id_index" on "personal_token" ("user_id");`);
    this.addSql(`alter table "personal_token" add constraint "personal_token_digest_unique" unique ("digest");`);

    this.addSql(`create table "client_application" ("id" text not null, "name" text not null, "owner_id" int not null, "consumer_key" text not null, "consumer_secret" text not null, "callback_url" text null, "created_at" timestamptz not null, constraint "client_application_pkey" primary key ("id"));`);
    this.addSql(`create index "client_application_owner_id_index" on "client_application" ("owner_id");`);
    this.addSql(`alter table "client_application" add constraint "client_application_consumer_key_unique" unique ("consumer_key");`);

    this.addSql(`alter table "personal_token" add constraint "personal_token_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "client_application" add constraint "client_application_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "personal_token" drop constraint "personal_token_user_id_foreign";`);

    this.addSql(`alter table "client_application" drop constraint "client_application_owner_id_foreign";`);

    this.addSql(`drop table if exists "personal_token" cascade;`);

    this.addSql(`drop table if exists "client_application" cascade;`);

    this.addSql(`drop table if exists "app_user" cascade;`);
  }

}
