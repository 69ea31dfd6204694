import { Migration } from '@mikro-orm/migrations';

/**
 * The order lifecycle's storage: an order's shipping method, refunds sent and received (minor units, the received
 * never more than the sent) and first shipped time on `market_order`; each order's message log (`order_message`,
 * one row per entry in the order appended, with the columns its type carries); and the parties' feedback
 * (`order_feedback`, one per order and giving party, indexed by who it rates for their counts).
 */
export class Migration20261123022523_orders_lifecycle extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "order_message" ("id" bigserial primary key, "order_id" text not null, "type" text not null, "created" timestamptz not null, "actor_id" int not null, "actor_role" text not null, "text" text null, "status_from" text null, "status_to" text null, "original_minor" bigint null, "new_minor" bigint null, "method" text null, "amount_minor" bigint null, "currency" char(3) null, constraint order_message_type_check check (array_position(array['message', 'status', 'shipping', 'refund_sent', 'refund_received'], type) is not null), constraint order_message_actor_role_check check (array_position(array['seller', 'buyer'], actor_role) is not null));`);
    this.addSql(`create index "order_message_order_id_id_index" on "order_message" ("order_id", "id");`);

    this.addSql(`create table "order_feedback" ("order_id" text not null, "from_role" text not null, "author_id" int not null, "subject_id" int not null, "rating" text not null, "comment" text not null default '', "given" timestamptz not null, constraint "order_feedback_pkey" primary key ("order_id", "from_role"), constraint order_feedback_from_role_check check (array_position(array['seller', 'buyer'], from_role) is not null), constraint order_feedback_rating_check check (array_position(array['positive', 'neutral', 'negative'], rating) is not null));`);
    this.addSql(`create index "order_feedback_subject_id_from_role_index" on "order_feedback" ("subject_id", "from_role");`);

    this.addSql(`alter table "order_message" add constraint "order_message_order_id_foreign" foreign key ("order_id") references "market_order" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "order_feedback" add constraint "order_feedback_order_id_foreign" foreign key ("order_id") references "market_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_feedback" add constraint "order_feedback_author_id_foreign" foreign key ("author_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_feedback" add constraint "order_feedback_subject_id_foreign" foreign key ("subject_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "market_order" drop constraint market_order_amounts_check;`);

    this.addSql(`alter table "market_order" add column "shipping_method" text not null default '', add column "refunded_minor" bigint not null default 0, add column "refund_received_minor" bigint not null default 0, add column "shipped_at" timestamptz null;`);
    this.addSql(`alter table "market_order" add constraint market_order_amounts_check check(total_minor >= 0 and fee_minor >= 0 and shipping_minor >= 0 and refunded_minor >= 0 and refund_received_minor >= 0 and refund_received_minor <= refunded_minor);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_message" cascade;`);

    this.addSql(`drop table if exists "order_feedback" cascade;`);

    this.addSql(`alter table "market_order" drop constraint market_order_amounts_check;`);
    this.addSql(`alter table "market_order" drop column "shipping_method", drop column "refunded_minor", drop column "refund_received_minor", drop column "shipped_at";`);

    this.addSql(`alter table "market_order" add constraint market_order_amounts_check check((total_minor >= 0) AND (fee_minor >= 0) AND (shipping_minor >= 0));`);
  }

}
