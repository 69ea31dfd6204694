import { Migration } from '@mikro-orm/migrations';

/**
 * The orders module's tables: buyers' carts (`cart_item`, leaving every cart when its listing is removed), each
 * seller's last order number (`seller_order_sequence`), orders (`market_order`, id `<seller id>-<number>`, amounts in
 * minor units of the order's currency, a version for optimistic concurrency) and their items (`market_order_item`,
 * the listings as sold, without a foreign key to `listing`: a sold listing may be deleted, the order keeps it).
 */
export class Migration20261123005720_orders extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "seller_order_sequence" ("seller_id" int not null, "last_number" int not null, constraint "seller_order_sequence_pkey" primary key ("seller_id"));`);

    this.addSql(`create table "market_order" ("id" text not null, "seller_id" int not null, "number" int not null, "buyer_id" int not null, "status" text not null, "currency" char(3) not null, "total_minor" bigint not null, "fee_minor" bigint not null, "shipping_minor" bigint not null default 0, "shipping_address" text not null, "additional_instructions" text not null default '', "created" timestamptz not null, "last_activity" timestamptz not null, "archived" boolean not null default false, "version" int not null default 1, constraint "market_order_pkey" primary key ("id"), constraint market_order_status_check check (array_position(array['New Order', 'Buyer ed', 'Invoice Sent', 'Payment Pending', 'Payment Received', 'In Progress', 'Shipped', 'Refund Sent', 'Cancelled (Non-Paying Buyer)', 'Cancelled (Item Unavailable)', 'Cancelled (Per Buyer''s Request)'], status) is not null), constraint market_order_amounts_check check (total_minor >= 0 and fee_minor >= 0 and shipping_minor >= 0));`);
    this.addSql(`create index "market_order_seller_id_created_index" on "market_order" ("seller_id", "created");`);
    this.addSql(`create index "market_order_buyer_id_created_index" on "market_order" ("buyer_id", "created");`);
    this.addSql(`alter table "market_order" add constraint "market_order_seller_id_number_unique" unique ("seller_id", "number");`);

    this.addSql(`create table "market_order_item" ("order_id" text not null, "listing_id" int not null, "position" int not null, "release_id" int not null, "price_minor" bigint not null, "currency" char(3) not null, "media_condition" text not null, "sleeve_condition" text null, constraint "market_order_item_pkey" primary key ("order_id", "listing_id"));`);
    this.addSql(`create index "market_order_item_listing_id_index" on "market_order_item" ("listing_id");`);

    this.addSql(`create table "cart_item" ("user_id" int not null, "listing_id" int not null, "added_at" timestamptz not null, constraint "cart_item_pkey" primary key ("user_id", "listing_id"));`);
    this.addSql(`create index "cart_item_listing_id_index" on "cart_item" ("listing_id");`);

    this.addSql(`alter table "seller_order_sequence" add constraint "seller_order_sequence_seller_id_foreign" foreign key ("seller_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "market_order" add constraint "market_order_seller_id_foreign" foreign key ("seller_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "market_order" add constraint "market_order_buyer_id_foreign" foreign key ("buyer_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "market_order_item" add constraint "market_order_item_order_id_foreign" foreign key ("order_id") references "market_order" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "cart_item" add constraint "cart_item_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "cart_item" add constraint "cart_item_listing_id_foreign" foreign key ("listing_id") references "listing" ("id") on update cascade on delete cascade;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "market_order_item" drop constraint "market_order_item_order_id_foreign";`);

    this.addSql(`drop table if exists "seller_order_sequence" cascade;`);

    this.addSql(`drop table if exists "market_order" cascade;`);

    this.addSql(`drop table if exists "market_order_item" cascade;`);

    this.addSql(`drop table if exists "cart_item" cascade;`);
  }

}
