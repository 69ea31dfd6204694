import { Migration } from '@mikro-orm/migrations';

/**
 * The jobs module's table: `job`, one row per background job of any kind (inventory exports and uploads first),
 * with its status, JSON payload and result, attempts, the worker holding it and its lease; owned by a user (their
 * jobs go with them) or by nobody (the operator's). The partial index on unfinished jobs serves the workers' claims.
 */
export class Migration20261123031457_jobs extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "job" ("id" serial primary key, "kind" text not null, "owner_id" int null, "status" text not null default 'pending', "payload" jsonb not null, "result" jsonb null, "attempts" int not null default 0, "worker_id" text null, "created" timestamptz not null, "started" timestamptz null, "finished" timestamptz null, "lease_until" timestamptz null, "updated" timestamptz not null, constraint job_status_check check (array_position(array['pending', 'processing', 'success', 'failed'], status) is not null), constraint job_attempts_check check (attempts >= 0));`);
    this.addSql(`create index "job_owner_id_kind_created_index" on "job" ("owner_id", "kind", "created");`);
    this.addSql(`create index "job_claim_index" on "job" ("kind", "created", "id") where status in ('pending', 'processing');`);

    this.addSql(`alter table "job" add constraint "job_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "job" cascade;`);
  }

}
