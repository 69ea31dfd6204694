import { Migration } from '@mikro-orm/migrations';

/**
 * Triggers that keep each release row's `community_people` (the catalogue's column for `community.submitter` and
 * `community.contributors`) in the same transaction as each change of the edit history, whatever changes it (an
 * entry recorded, a user removed with everything of theirs): `{"s": the submitter's login or null, "c": [every
 * user who submitted or edited it, in the order of their first entry, the submitter first among entries at the same time, then by login]}`, null when the release has no history. The
 * release row is locked before its people are counted, so two entries committed at once both show: the second waits
 * for the first and then counts with a snapshot that sees it.
 */
export class Migration20261128030100_release_people extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create function contribution_release_people(rid integer) returns void language plpgsql as $$
      begin
        perform 1 from release where id = rid for update;
        update release set community_people = (
          select case when count(*) = 0 then null
                      else json_build_object('s', max(p.username) filter (where p.submitted),
                                             'c', json_agg(p.username order by p.first_at, p.submitted desc, p.username))::text end
            from (select u.username, min(c.at) as first_at, bool_or(c.action = 'submitted') as submitted
                    from contribution c join app_user u on u.id = c.user_id
                   where c.kind = 'release' and c.catalogue_id = rid
                   group by u.id, u.username) p)
         where id = rid;
      end $$;`);
    this.addSql(`create function contribution_people_changed() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') and new.kind = 'release' then perform contribution_release_people(new.catalogue_id); end if;
        if tg_op in ('DELETE', 'UPDATE') and old.kind = 'release'
           and (tg_op = 'DELETE' or old.catalogue_id <> new.catalogue_id or new.kind <> 'release') then
          perform contribution_release_people(old.catalogue_id);
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger contribution_people_changed after insert or delete or update on contribution for each row execute function contribution_people_changed();`);
    // The history recorded before.
    this.addSql(`select contribution_release_people(t.catalogue_id) from (select distinct catalogue_id from contribution where kind = 'release') t;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists contribution_people_changed on contribution;`);
    this.addSql(`drop function if exists contribution_people_changed();`);
    this.addSql(`drop function if exists contribution_release_people(integer);`);
    this.addSql(`update release set community_people = null;`);
  }

}
