import { Migration } from '@mikro-orm/migrations';

/**
 * Listings, sellers' settings and releases blocked from sale, and the trigger that keeps each release row's
 * `num_for_sale` and `lowest_prices` (the catalogue's columns for them) in the same transaction as every listing
 * change. The trigger locks the release row before counting, so two transactions changing listings of one release
 * count one after the other and the second sees the first's rows (each statement of a plpgsql function takes a new
 * snapshot under READ COMMITTED).
 */
export class Migration20261123004900_listings extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "blocked_release" ("release_id" int not null, "reason" text not null default '', "blocked_at" timestamptz not null, constraint "blocked_release_pkey" primary key ("release_id"));`);

    this.addSql(`create table "seller_settings" ("user_id" int not null, "payment_terms" text not null, "shipping_terms" text not null, "updated_at" timestamptz not null, constraint "seller_settings_pkey" primary key ("user_id"));`);

    this.addSql(`create table "listing" ("id" serial primary key, "seller_id" int not null, "release_id" int not null, "status" text not null, "condition" text not null, "sleeve_condition" text null, "price_minor" bigint not null, "currency" char(3) not null, "comments" text not null default '', "allow_offers" boolean not null default false, "external_id" text null, "location" text null, "weight" int null, "format_quantity" int null, "posted" timestamptz not null, "updated" timestamptz not null, constraint listing_status_check check (array_position(array['For Sale', 'Draft', 'Expired', 'Sold', 'Suspended', 'Deleted', 'Violation'], status) is not null), constraint listing_price_minor_check check (price_minor > 0));`);
    this.addSql(`create index "listing_seller_id_status_index" on "listing" ("seller_id", "status");`);
    this.addSql(`create index "listing_release_id_index" on "listing" ("release_id");`);

    this.addSql(`alter table "seller_settings" add constraint "seller_settings_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "listing" add constraint "listing_seller_id_foreign" foreign key ("seller_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`create function listing_market_refresh(release_id integer) returns void language plpgsql as $$
      begin
        perform 1 from release where id = listing_market_refresh.release_id for update;
        update release set
          num_for_sale = (select count(*) from listing l where l.release_id = listing_market_refresh.release_id and l.status = 'For Sale'),
          lowest_prices = (select jsonb_object_agg(g.currency, g.lowest) from (
            select l.currency, min(l.price_minor) as lowest from listing l
            where l.release_id = listing_market_refresh.release_id and l.status = 'For Sale' group by l.currency) g)
        where id = listing_market_refresh.release_id;
      end $$;`);
    this.addSql(`create function listing_market_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          if new.status = 'For Sale' then perform listing_market_refresh(new.release_id); end if;
        elsif tg_op = 'DELETE' then
          if old.status = 'For Sale' then perform listing_market_refresh(old.release_id); end if;
        elsif (old.status = 'For Sale' or new.status = 'For Sale')
              and (new.status, new.release_id, new.price_minor, new.currency) is distinct from (old.status, old.release_id, old.price_minor, old.currency) then
          perform listing_market_refresh(old.release_id);
          if new.release_id <> old.release_id then perform listing_market_refresh(new.release_id); end if;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger listing_market_changed after insert or delete or update on listing for each row execute function listing_market_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists listing_market_changed() cascade;`);
    this.addSql(`drop function if exists listing_market_refresh(integer);`);
    this.addSql(`drop table if exists "blocked_release" cascade;`);
    this.addSql(`drop table if exists "seller_settings" cascade;`);
    this.addSql(`drop table if exists "listing" cascade;`);
  }

}
