import { Migration } from '@mikro-orm/migrations';

/** Secrets of the service shared by every instance (the image-signing key when IMAGE_SIGNING_SECRET is unset). */
export class Migration20261122195126_images extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "server_secret" ("name" text not null, "value" text not null, "created_at" timestamptz not null, constraint "server_secret_pkey" primary key ("name"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "server_secret" cascade;`);
  }

}
