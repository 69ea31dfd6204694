import { Migration } from '@mikro-orm/migrations';

/**
 * What each version offers its master's facets (`GET /masters/{id}/versions`: `filters`, `filter_facets`): its format
 * names and descriptions (`version_formats`) and its labels' and companies' names as the label facet titles them
 * (`version_labels`), as jsonb arrays; null for a release without a master. The import writes them
 * (`domain/catalogue/version-facets.ts`); the versions stored before get them here, from their templates (the slots
 * taken out so that the text parses), the names titled by `initcap` as the domain's `facetLabel` titles them. Rows
 * that still hold a compact document (stored before templates) get them when their release is imported again.
 */
/** Fills `version_formats` and `version_labels` of the stored versions from their templates (a test checks it against the import's). */
export const FILL_VERSION_FACETS = `update "release" r set "version_formats" = f.formats, "version_labels" = f.labels
      from (
        select d.id,
               (select coalesce(jsonb_agg(x.v order by x.o), '[]'::jsonb) from (
                  select v, min(o) as o from (
                    select f->>'name' as v, fi * 10000 as o
                      from jsonb_array_elements(d.doc->'formats') with ordinality as t(f, fi)
                    union all
                    select dd, fi * 10000 + di
                      from jsonb_array_elements(d.doc->'formats') with ordinality as t(f, fi),
                           jsonb_array_elements_text(f->'descriptions') with ordinality as u(dd, di)) y
                   where btrim(coalesce(v, '')) <> '' group by v) x) as formats,
               (select coalesce(jsonb_agg(x.v order by x.o), '[]'::jsonb) from (
                  select v, min(o) as o from (
                    select initcap(btrim(regexp_replace(e->>'name', '\\s*\\(\\d+\\)$', ''))) as v, li as o
                      from jsonb_array_elements(d.doc->'labels') with ordinality as t(e, li)
                    union all
                    select initcap(btrim(regexp_replace(e->>'name', '\\s*\\(\\d+\\)$', ''))), 100000 + ci
                      from jsonb_array_elements(d.doc->'companies') with ordinality as t(e, ci)) y
                   where v <> '' group by v) x) as labels
          from (select id, regexp_replace(regexp_replace(regexp_replace("document",
                         chr(1) || '[BWNGT]', '', 'g'),
                         chr(1) || 'U', '"submitter":null,"contributors":[]', 'g'),
                         chr(1) || '[A-Z]', 'null', 'g')::jsonb as doc
                  from "release" where "master_id" is not null and "document" is not null) d
      ) f
      where r.id = f.id;`;

export class Migration20261128031000_version_facets extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "release" add column "version_formats" jsonb null, add column "version_labels" jsonb null;`);
    this.addSql(FILL_VERSION_FACETS);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "release" drop column "version_formats", drop column "version_labels";`);
  }

}
