import { Migration } from '@mikro-orm/migrations';

/**
 * The events module's table: `event`, the outbox (docs/adr/0057-events-outbox.md): one row per event, its type, when
 * it occurred, the user it concerns (their events go with them), the resource's kind, id and JSON body. The
 * `(user_id, id)` index serves a user's reads after a cursor; the `occurred` index the pruning of old events.
 */
export class Migration20261207150000_events extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "event" ("id" bigserial primary key, "type" text not null, "occurred" timestamptz not null, "user_id" int not null, "resource_type" text not null, "resource_id" text not null, "body" jsonb not null, constraint event_type_check check (array_position(array['order.created', 'order.status_changed', 'order.shipping_changed', 'order.message_added', 'order.refunded', 'listing.created', 'listing.changed', 'listing.sold', 'listing.deleted', 'inventory.export_finished', 'inventory.upload_finished', 'collection.changed', 'wantlist.changed'], type) is not null), constraint event_resource_type_check check (array_position(array['order', 'listing', 'inventory_export', 'inventory_upload', 'collection', 'wantlist'], resource_type) is not null));`);
    this.addSql(`create index "event_user_id_id_index" on "event" ("user_id", "id");`);
    this.addSql(`create index "event_occurred_index" on "event" ("occurred");`);

    this.addSql(`alter table "event" add constraint "event_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "event" cascade;`);
  }

}
