import { Migration } from '@mikro-orm/migrations';

/**
 * The webhooks module's tables (docs/adr/0058-webhooks.md): `webhook_subscription` (a user's endpoint, its event
 * types, secret, delivery cursor, retry state and the delivering worker's lease), `webhook_delivery` (one row per
 * attempt: the owner's log) and `webhook_redelivery` (owners' requests to send a logged event again). They go with
 * their user, and with the application that made them.
 */
export class Migration20261207160000_webhooks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "webhook_subscription" ("id" serial primary key, "user_id" int not null, "application_id" text null, "url" text not null, "event_types" text[] not null, "secret" text not null, "status" text not null default 'active', "failing_reason" text null, "created" timestamptz not null, "cursor" bigint not null default 0, "failures" int not null default 0, "first_failure" timestamptz null, "next_attempt" timestamptz not null, "lease_owner" text null, "lease_until" timestamptz null, constraint webhook_subscription_status_check check (array_position(array['active', 'failing'], status) is not null), constraint webhook_subscription_failures_check check (failures >= 0));`);
    this.addSql(`create index "webhook_subscription_user_id_id_index" on "webhook_subscription" ("user_id", "id");`);
    this.addSql(`create index "webhook_subscription_claim_index" on "webhook_subscription" ("next_attempt") where status = 'active';`);

    this.addSql(`create table "webhook_delivery" ("id" serial primary key, "webhook_id" int not null, "event_id" bigint not null, "event_type" text not null, "attempt" int not null, "redelivery" boolean not null default false, "started" timestamptz not null, "duration_ms" int not null, "outcome" text not null, "response_status" int null, "response_excerpt" text not null default '', "error" text null, constraint webhook_delivery_outcome_check check (array_position(array['succeeded', 'failed'], outcome) is not null));`);
    this.addSql(`create index "webhook_delivery_webhook_id_id_index" on "webhook_delivery" ("webhook_id", "id");`);
    this.addSql(`create index "webhook_delivery_started_index" on "webhook_delivery" ("started");`);

    this.addSql(`create table "webhook_redelivery" ("id" serial primary key, "webhook_id" int not null, "event_id" bigint not null, "requested" timestamptz not null);`);

    this.addSql(`alter table "webhook_subscription" add constraint "webhook_subscription_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_subscription" add constraint "webhook_subscription_application_id_foreign" foreign key ("application_id") references "client_application" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_webhook_id_foreign" foreign key ("webhook_id") references "webhook_subscription" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "webhook_redelivery" add constraint "webhook_redelivery_webhook_id_foreign" foreign key ("webhook_id") references "webhook_subscription" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_redelivery" cascade;`);
    this.addSql(`drop table if exists "webhook_delivery" cascade;`);
    this.addSql(`drop table if exists "webhook_subscription" cascade;`);
  }

}
