import { Migration } from '@mikro-orm/migrations';

/**
 * Database search on posting lists kept by the import (ADR 0017) in place of full-text vectors and GIN indexes:
 * `search_posting` (per kind, token and block of 16,384 ids: the records holding the token, as a varint stream, stored
 * without compression: it would not shrink), `search_popularity` (per kind and block: each record's popularity, a
 * dense array, only for blocks where some record is in a collection or wantlist), `search_word` (the vocabulary that
 * misspelt questions are corrected against, by trigrams). `search_entry` keeps only what results show. A catalogue
 * imported before has entries but no postings: importing its dumps again builds them.
 */
export class Migration20261125230000_search_postings extends Migration {

  override async up(): Promise<void> {
    this.addSql(`drop trigger if exists release_search_popularity on release;`);
    this.addSql(`drop function if exists search_entry_popularity();`);
    this.addSql(`drop index if exists "search_entry_words_idx", "search_entry_terms_idx", "search_entry_phrase_trgm_idx", "search_entry_popularity_idx";`);
    this.addSql(`alter table "search_entry" drop column "words", drop column "words_a", drop column "words_b", drop column "words_c", drop column "words_d", drop column "terms", drop column "phrase", drop column "popularity";`);
    this.addSql(`create table "search_posting" ("kind" smallint not null, "token" text collate "C" not null, "block" int not null, "part" int not null, "n" int not null, "postings" bytea not null, constraint "search_posting_pkey" primary key ("kind", "token", "block", "part"));`);
    this.addSql(`alter table "search_posting" alter column "postings" set storage external;`);
    this.addSql(`create index "search_posting_kind_block_idx" on "search_posting" ("kind", "block");`);
    this.addSql(`create table "search_popularity" ("kind" smallint not null, "block" int not null, "pops" int4[] not null, constraint "search_popularity_pkey" primary key ("kind", "block"));`);
    this.addSql(`create table "search_word" ("word" text collate "C" not null, constraint "search_word_pkey" primary key ("word"));`);
    this.addSql(`create index "search_word_word_trgm_idx" on "search_word" using gin ("word" gin_trgm_ops);`);
    // A block's popularity array from the ids and popularities of its records (the import's end).
    this.addSql(`create function search_popularity_block(ids int[], pops int[]) returns int4[] language plpgsql immutable as $$
declare
  a int4[] := array_fill(0, array[16384]);
begin
  for k in 1 .. coalesce(array_length(ids, 1), 0) loop
    a[(ids[k] & 16383) + 1] := pops[k];
  end loop;
  return a;
end $$;`);
    // A release's counts change with collections and wantlists (never by the import): its entries' popularity follows.
    this.addSql(`create function search_entry_popularity() returns trigger language plpgsql as $$
declare
  e record;
  k smallint;
  pop int := new.num_have + new.num_want;
begin
  for e in select kind, id from search_entry where community_release = new.id loop
    k := case e.kind when 'artist' then 0 when 'label' then 1 when 'master' then 2 else 3 end;
    update search_popularity set pops[(e.id & 16383) + 1] = pop where kind = k and block = e.id >> 14;
    if not found and pop > 0 then
      insert into search_popularity (kind, block, pops) values (k, e.id >> 14, array_fill(0, array[16384]))
        on conflict (kind, block) do nothing;
      update search_popularity set pops[(e.id & 16383) + 1] = pop where kind = k and block = e.id >> 14;
    end if;
  end loop;
  return null;
end $$;`);
    this.addSql(`create trigger release_search_popularity after update of num_have, num_want on release for each row
when (old.num_have + old.num_want is distinct from new.num_have + new.num_want)
execute function search_entry_popularity();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists release_search_popularity on release;`);
    this.addSql(`drop function if exists search_entry_popularity();`);
    this.addSql(`drop function if exists search_popularity_block(int[], int[]);`);
    this.addSql(`drop table if exists "search_word", "search_popularity", "search_posting";`);
    this.addSql(`alter table "search_entry" add column "phrase" text not null default '', add column "words_a" text not null default '', add column "words_b" text not null default '', add column "words_c" text not null default '', add column "words_d" text not null default '', add column "terms" text[] collate "C" not null default '{}', add column "popularity" int not null default 0;`);
    this.addSql(`alter table "search_entry" add column "words" tsvector generated always as (setweight(to_tsvector('english'::regconfig, words_a), 'A') || setweight(to_tsvector('english'::regconfig, words_b), 'B') || setweight(to_tsvector('english'::regconfig, words_c), 'C') || setweight(to_tsvector('english'::regconfig, words_d), 'D')) stored not null;`);
    this.addSql(`create index "search_entry_words_idx" on "search_entry" using gin ("words");`);
    this.addSql(`create index "search_entry_terms_idx" on "search_entry" using gin ("terms");`);
    this.addSql(`create index "search_entry_phrase_trgm_idx" on "search_entry" using gin ("phrase" gin_trgm_ops);`);
    this.addSql(`create index "search_entry_popularity_idx" on "search_entry" ("popularity" desc, "id", "kind");`);
  }

}
