import { Migration } from '@mikro-orm/migrations';

/**
 * What database search reads: one entry per catalogue record (see `SearchEntryRow`), written by the import beside
 * the record. `words` is kept by PostgreSQL from the four grades of words; trigram similarity needs `pg_trgm` (a
 * contrib extension that PostgreSQL and PGlite both ship, and that a database owner may create). `terms` compares
 * bytes (collation "C"): its tokens are only ever matched whole, which any collation does alike, and building its GIN
 * index then takes a third less time than with a libc locale's comparisons.
 */
export class Migration20261122221400_search_entry extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "search_entry" ("kind" text not null, "id" int not null, "phrase" text not null, "words_a" text not null default '', "words_b" text not null default '', "words_c" text not null default '', "words_d" text not null default '', "words" tsvector generated always as (setweight(to_tsvector('english'::regconfig, words_a), 'A') || setweight(to_tsvector('english'::regconfig, words_b), 'B') || setweight(to_tsvector('english'::regconfig, words_c), 'C') || setweight(to_tsvector('english'::regconfig, words_d), 'D')) stored not null, "terms" text[] collate "C" not null, "community_release" int null, "popularity" int not null default 0, "result" json not null, constraint "search_entry_pkey" primary key ("id", "kind"));`);
    this.addSql(`create index "search_entry_words_idx" on "search_entry" using gin ("words");`);
    this.addSql(`create index "search_entry_terms_idx" on "search_entry" using gin ("terms");`);
    this.addSql(`create index "search_entry_phrase_trgm_idx" on "search_entry" using gin ("phrase" gin_trgm_ops);`);
    this.addSql(`create index "search_entry_community_release_idx" on "search_entry" ("community_release");`);
    this.addSql(`create index "search_entry_popularity_idx" on "search_entry" ("popularity" desc, "id", "kind");`);
    // A release's counts change with collections and wantlists (never by the import): its entries' popularity follows.
    this.addSql(`create function search_entry_popularity() returns trigger language plpgsql as $$
begin
  update search_entry set popularity = new.num_have + new.num_want where community_release = new.id;
  return null;
end $$;`);
    this.addSql(`create trigger release_search_popularity after update of num_have, num_want on release for each row
when (old.num_have + old.num_want is distinct from new.num_have + new.num_want)
execute function search_entry_popularity();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists release_search_popularity on release;`);
    this.addSql(`drop function if exists search_entry_popularity();`);
    this.addSql(`drop table if exists "search_entry" cascade;`);
  }

}
