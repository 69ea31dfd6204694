import { Migration } from '@mikro-orm/migrations';

/**
 * What database search reads: one entry per catalogue record (see `SearchEntryRow`), written by the import beside
 * the record. `words` is kept by PostgreSQL from the four grades of words; trigram similarity needs `pg_trgm` (a
 * contrib extension that PostgreSQL and PGlite both ship, and that a database owner may create).
 */
export class Migration20261122221400_search_entry extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create table "search_entry" ("kind" text not null, "id" int not null, "phrase" text not null, "words_a" text not null default '', "words_b" text not null default '', "words_c" text not null default '', "words_d" text not null default '', "words" tsvector generated always as (setweight(to_tsvector('english'::regconfig, words_a), 'A') || setweight(to_tsvector('english'::regconfig, words_b), 'B') || setweight(to_tsvector('english'::regconfig, words_c), 'C') || setweight(to_tsvector('english'::regconfig, words_d), 'D')) stored not null, "terms" text[] not null, "community_release" int null, "result" json not null, constraint "search_entry_pkey" primary key ("kind", "id"));`);
    this.addSql(`create index "search_entry_words_idx" on "search_entry" using gin ("words");`);
    this.addSql(`create index "search_entry_terms_idx" on "search_entry" using gin ("terms");`);
    this.addSql(`create index "search_entry_phrase_trgm_idx" on "search_entry" using gin ("phrase" gin_trgm_ops);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "search_entry" cascade;`);
  }

}
