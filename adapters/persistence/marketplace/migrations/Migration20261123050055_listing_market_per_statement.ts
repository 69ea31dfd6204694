import { Migration } from '@mikro-orm/migrations';

/**
 * The release rows' market figures (`num_for_sale`, `lowest_prices`) brought up to date once per statement instead of
 * once per listing row, so that a bulk write (an inventory upload adds, changes or deletes thousands of listings in
 * one statement) counts each touched release once, in one set-based update. Three statement triggers (insert, update,
 * delete; PostgreSQL allows transition tables on a trigger of one event only) pass the release ids their rows touch
 * to `listing_market_refresh_set`, which locks those release rows in id order (so two transactions never wait on each
 * other in a circle) before counting, then counts them in a statement of its own (a new snapshot under READ
 * COMMITTED, which sees what a transaction it waited for committed), as the row trigger did.
 */
export class Migration20261123050055_listing_market_per_statement extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop trigger if exists listing_market_changed on listing;`);
    this.addSql(`drop function if exists listing_market_changed();`);
    this.addSql(`create function listing_market_refresh_set(release_ids integer[]) returns void language plpgsql as $$
      begin
        if release_ids is null or cardinality(release_ids) = 0 then return; end if;
        perform 1 from release where id = any(release_ids) order by id for update;
        with touched as (select distinct x as id from unnest(release_ids) as x where x is not null),
        per_currency as (
          select l.release_id, l.currency, count(*) as n, min(l.price_minor) as lowest
          from listing l join touched t on t.id = l.release_id
          where l.status = 'For Sale'
          group by l.release_id, l.currency),
        per_release as (
          select release_id, sum(n) as n, jsonb_object_agg(currency, lowest) as lowest
          from per_currency group by release_id)
        update release r set num_for_sale = coalesce(p.n, 0), lowest_prices = p.lowest
        from touched t left join per_release p on p.release_id = t.id
        where r.id = t.id;
      end $$;`);
    this.addSql(`create function listing_market_inserted() returns trigger language plpgsql as $$
      begin
        perform listing_market_refresh_set(array(select distinct release_id from new_rows where status = 'For Sale'));
        return null;
      end $$;`);
    this.addSql(`create function listing_market_deleted() returns trigger language plpgsql as $$
      begin
        perform listing_market_refresh_set(array(select distinct release_id from old_rows where status = 'For Sale'));
        return null;
      end $$;`);
    this.addSql(`create function listing_market_updated() returns trigger language plpgsql as $$
      begin
        perform listing_market_refresh_set(array(
          select distinct x from old_rows o join new_rows n on n.id = o.id,
            lateral (values (o.release_id), (n.release_id)) as v(x)
          where (o.status = 'For Sale' or n.status = 'For Sale')
            and (n.status, n.release_id, n.price_minor, n.currency) is distinct from (o.status, o.release_id, o.price_minor, o.currency)));
        return null;
      end $$;`);
    this.addSql(`create trigger listing_market_inserted after insert on listing referencing new table as new_rows for each statement execute function listing_market_inserted();`);
    this.addSql(`create trigger listing_market_deleted after delete on listing referencing old table as old_rows for each statement execute function listing_market_deleted();`);
    this.addSql(`create trigger listing_market_updated after update on listing referencing old table as old_rows new table as new_rows for each statement execute function listing_market_updated();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists listing_market_inserted on listing;`);
    this.addSql(`drop trigger if exists listing_market_deleted on listing;`);
    this.addSql(`drop trigger if exists listing_market_updated on listing;`);
    this.addSql(`drop function if exists listing_market_inserted();`);
    this.addSql(`drop function if exists listing_market_deleted();`);
    this.addSql(`drop function if exists listing_market_updated();`);
    this.addSql(`drop function if exists listing_market_refresh_set(integer[]);`);
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

}
