import { Migration } from '@mikro-orm/migrations';

/**
 * The listing statement triggers skip the release rows' market figures inside a transaction that has set
 * `spindle.listing_market_deferred` to `on` (for itself alone: `set_config(…, true)`); it then brings them up to
 * date itself, once, before it commits (`listing_market_refresh_set` over the releases it touched). An inventory
 * upload does so: it writes its batches in one transaction, and a trigger refresh per batch would hold the release rows
 * of every batch written until it commits, in no one order across batches; a seller's edit or a buyer's checkout
 * holding a listing the upload reaches later (or another upload holding releases the first one reaches later) would
 * then wait for it while it waits for them, a deadlock, one of the two given up. Deferred, the upload holds no release
 * row until its last statement, which locks them all at once in id order.
 */
export class Migration20261123060000_listing_market_deferrable extends Migration {

  override async up(): Promise<void> {
    this.functions(`if current_setting('spindle.listing_market_deferred', true) = 'on' then return null; end if;\n        `);
  }

  override async down(): Promise<void> {
    this.functions('');
  }

  private functions(skip: string): void {
    this.addSql(`create or replace function listing_market_inserted() returns trigger language plpgsql as $$
      begin
        ${skip}perform listing_market_refresh_set(array(select distinct release_id from new_rows where status = 'For Sale'));
        return null;
      end $$;`);
    this.addSql(`create or replace function listing_market_deleted() returns trigger language plpgsql as $$
      begin
        ${skip}perform listing_market_refresh_set(array(select distinct release_id from old_rows where status = 'For Sale'));
        return null;
      end $$;`);
    this.addSql(`create or replace function listing_market_updated() returns trigger language plpgsql as $$
      begin
        ${skip}perform listing_market_refresh_set(array(
          select distinct x from old_rows o join new_rows n on n.id = o.id,
            lateral (values (o.release_id), (n.release_id)) as v(x)
          where (o.status = 'For Sale' or n.status = 'For Sale')
            and (n.status, n.release_id, n.price_minor, n.currency) is distinct from (o.status, o.release_id, o.price_minor, o.currency)));
        return null;
      end $$;`);
  }
}
