import { Migration } from '@mikro-orm/migrations';

/**
 * Users' ratings of releases (one per user and release, 1 to 5, removed with their user) and the triggers that keep
 * each release row's `rating_count` and `rating_sum` (the catalogue's columns for them), so that the totals change in
 * the same transaction as the rows they count, whatever changes those rows (a use case, a user removed with
 * everything of theirs). The release row's update takes its row lock, so simultaneous ratings of one release add up
 * one after another and none is lost.
 */
export class Migration20261122221835_ratings extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "release_rating" ("user_id" int not null, "release_id" int not null, "rating" smallint not null, "rated_at" timestamptz not null, constraint "release_rating_pkey" primary key ("user_id", "release_id"), constraint release_rating_rating_check check (rating >= 1 and rating <= 5));`);
    this.addSql(`create index "release_rating_release_id_index" on "release_rating" ("release_id");`);

    this.addSql(`alter table "release_rating" add constraint "release_rating_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`create function release_rating_change(release_id integer, count_delta integer, sum_delta integer) returns void language plpgsql as $$
      begin
        update release set rating_count = rating_count + count_delta, rating_sum = rating_sum + sum_delta where id = release_rating_change.release_id;
      end $$;`);
    this.addSql(`create function release_rating_counted() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and new.release_id = old.release_id then
          if new.rating <> old.rating then perform release_rating_change(new.release_id, 0, new.rating - old.rating); end if;
          return null;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then perform release_rating_change(new.release_id, 1, new.rating); end if;
        if tg_op in ('DELETE', 'UPDATE') then perform release_rating_change(old.release_id, -1, -old.rating); end if;
        return null;
      end $$;`);
    this.addSql(`create trigger release_rating_counted after insert or delete or update of release_id, rating on release_rating for each row execute function release_rating_counted();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function if exists release_rating_counted() cascade;`);
    this.addSql(`drop function if exists release_rating_change(integer, integer, integer);`);
    this.addSql(`drop table if exists "release_rating" cascade;`);
  }

}
