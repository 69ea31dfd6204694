import { Migration } from '@mikro-orm/migrations';

/**
 * How far each party has read each order's message log (`order_read_mark`: one row per order and user, the position
 * of the newest entry they were shown), from which a profile's `num_unread` is counted. (The generator also wrote the
 * lists module's `user_list_item_kind_check` again, the `in (…)` check it reads as an enum; left out: not this
 * module's table, and nothing differs.)
 */
export class Migration20261128043606_order_read_marks extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "order_read_mark" ("order_id" text not null, "user_id" int not null, "read_to" int not null, constraint "order_read_mark_pkey" primary key ("order_id", "user_id"), constraint order_read_mark_read_to_check check (read_to >= 0));`);
    this.addSql(`create index "order_read_mark_user_id_index" on "order_read_mark" ("user_id");`);

    this.addSql(`alter table "order_read_mark" add constraint "order_read_mark_order_id_foreign" foreign key ("order_id") references "market_order" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_read_mark" add constraint "order_read_mark_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "order_read_mark" cascade;`);
  }

}
