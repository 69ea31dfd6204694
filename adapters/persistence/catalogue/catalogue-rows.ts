import { EntitySchema } from '@mikro-orm/core';
import type { Artist } from '../../../domain/catalogue/artist.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Release } from '../../../domain/catalogue/release.js';

/**
 * Catalogue records are read-mostly documents: the record as JSONB plus the scalar columns that lists sort and
 * filter on. These row classes exist for the schema (migrations are generated from them) and for reads by id; the
 * dump import writes the same tables in bulk with SQL.
 */
export class ArtistRow {
  id!: number;
  name!: string;
  data!: Artist;
  dateAdded!: Date;
  dateChanged!: Date;
}

export class LabelRow {
  id!: number;
  name!: string;
  data!: Label;
  dateAdded!: Date;
  dateChanged!: Date;
}

export class MasterRow {
  id!: number;
  title!: string;
  year!: number;
  mainRelease!: number;
  data!: Master;
  dateAdded!: Date;
  dateChanged!: Date;
}

export class ReleaseRow {
  id!: number;
  title!: string;
  status!: string;
  year!: number;
  released!: string;
  country!: string;
  masterId!: number | null;
  isMainRelease!: boolean;
  /** The credit line of the release's main artists. */
  artist!: string;
  /** First label's name and catalogue number, as master versions show them. */
  label!: string;
  catno!: string;
  /** `formatSummary` of the formats, as artist and label release lists show it. */
  format!: string;
  /** `formatDetails` of the formats, as master versions show it. */
  formatDetails!: string;
  majorFormats!: string[];
  thumb!: string;
  /** The compact document of a release stored before templates (null once its release is imported again). */
  data!: Release | null;
  /** The template of the release's document as text: rows written before it was packed (null in the others). */
  document!: string | null;
  /**
   * The template of the release's document (`application/catalogue/release-document.ts`), packed by
   * `release-document-packing.ts` (ADR 0066); null in older rows. Stored `external`: PostgreSQL does not compress it.
   */
  packedDocument!: Uint8Array | null;
  /**
   * Copies of the release in users' collections and entries in wantlists: kept by the module that holds them (the
   * collection module's triggers, in the same transaction as each change); the import never writes them.
   */
  numHave!: number;
  numWant!: number;
  /**
   * How many users rated the release and the sum of their ratings: kept by the ratings module's triggers, in the
   * same transaction as each rating; the import never writes them.
   */
  ratingCount!: number;
  ratingSum!: number;
  /**
   * How many of the release's listings are For Sale, and the lowest asking price in each currency they are priced
   * in (minor units by currency code; null when none): kept by the marketplace module's triggers, in the same
   * transaction as each listing change; the import never writes them.
   */
  numForSale!: number;
  lowestPrices!: Record<string, number> | null;
  /**
   * The release's submitter and contributors from the edit history, `{"s": …, "c": […]}` as JSON text (null: no
   * history): kept by the contributions module's triggers, in the same transaction as each entry; the import never
   * writes it.
   */
  communityPeople!: string | null;
  /**
   * What a version offers its master's facets (`domain/catalogue/version-facets.ts`): its format names and
   * descriptions, and its labels' and companies' names as the label facet titles them; null without a master.
   */
  versionFormats!: string[] | null;
  versionLabels!: string[] | null;
  dateAdded!: Date;
  dateChanged!: Date;
}

/**
 * Links a release to an artist credited on it, once per distinct role (Main, Appearance, TrackAppearance, credit),
 * with the keys of the entry it makes in the artist's release list: the release's master when that master is stored
 * (`masterEntry`), else the release itself, and what the list sorts by: the master's year and title and its main
 * release's format, or the release's own. The import keeps them right whichever of them it writes first.
 */
export class ReleaseArtistRow {
  releaseId!: number;
  artistId!: number;
  role!: string;
  masterEntry!: boolean;
  /** The master's id for a master entry, else the release's. */
  entryId!: number;
  entryYear!: number;
  entryTitle!: string;
  entryFormat!: string;
}

/**
 * An artist whose release list is long (more than 1,000 entries), with its number of entries: its entries are kept in
 * `artist_list_entry`, with anchors in `artist_list_anchor` (kept by the import).
 */
export class ArtistListRow {
  artistId!: number;
  entries!: number;
}

/**
 * An entry of a long artist list (see `ArtistListRow`): one row per entry (the master or release, and the role), with
 * the keys it sorts by, indexed in each order. Made anew by the import for every long list it changes.
 */
export class ArtistListEntryRow {
  artistId!: number;
  entryId!: number;
  masterEntry!: boolean;
  role!: string;
  entryYear!: number;
  entryTitle!: string;
  entryFormat!: string;
}

/**
 * An entry about every thousand of a long artist list, in one order and direction (`sort`, `descending`), with the
 * number of entries before it (`position`) and its keys in that order (the others left at their defaults): a page
 * deep in the list starts its index scan at the last anchor before it. Always the first role of its entry. Made anew
 * by the import for every list it changes.
 */
export class ArtistListAnchorRow {
  artistId!: number;
  sort!: string;
  descending!: boolean;
  position!: number;
  entryYear!: number;
  entryTitle!: string;
  entryFormat!: string;
  entryId!: number;
  masterEntry!: boolean;
}

/** Links a release to each label and series it appears on, with the catalogue number used there. */
export class ReleaseLabelRow {
  releaseId!: number;
  position!: number;
  labelId!: number;
  catno!: string;
}

/**
 * A dated dump file that was imported (`discogs_20200806_releases.xml.gz`: releases of 2020-08-06), written in the
 * import's transaction; the newest date of a kind is what a later import of that kind must not go below.
 */
export class DumpImportRow {
  id!: number;
  kind!: string;
  /** `YYYY-MM-DD`. */
  dumpDate!: string;
  file!: string;
  importedAt!: Date;
}

/**
 * What a search result shows of one catalogue record (`domain/catalogue/search-facts.ts`), written by the import in
 * the same transaction as the record: the release whose counts are its community figures, and the result's values
 * as compact JSON. What a search finds records by is in `search_posting` (ADR 0017).
 */
export class SearchEntryRow {
  kind!: string;
  id!: number;
  communityRelease!: number | null;
  result!: unknown;
}

/**
 * The search index's posting lists: for one kind (`KIND_CODES`), one token and one block of 16,384 ids, the records
 * holding the token, `n` of them, as a varint stream (`posting-codec.ts`). Several rows of one key may exist (written
 * apart by two workers); an import compacts the blocks it writes again to one row per key.
 */
export class SearchPostingRow {
  kind!: number;
  token!: string;
  block!: number;
  /** Rows of one key written apart are numbered by the import that wrote them; a compacted row is part 0. */
  part!: number;
  n!: number;
  postings!: Uint8Array;
  /**
   * The grades the row's postings have, a bit per grade (`1 << grade`): the block's best grade of the token, what a
   * search bounds the block's scores by (ADR 0053). Null in rows written before the column: any grade.
   */
  grades!: number | null;
}

/** The popularity of the records of one block of ids (`num_have + num_want` of each record's community release). */
export class SearchPopularityRow {
  kind!: number;
  block!: number;
  pops!: number[];
}

/** A vocabulary word (folded, unstemmed, from titles, artists, labels), for correcting misspelt questions. */
export class SearchWordRow {
  word!: string;
}

const timestamps = {
  dateAdded: { type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' },
  dateChanged: { type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' },
} as const;

export const ArtistSchema = new EntitySchema<ArtistRow>({
  class: ArtistRow,
  tableName: 'artist',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    name: { type: 'text' },
    data: { type: 'json', columnType: 'json' },
    ...timestamps,
  },
});

export const LabelSchema = new EntitySchema<LabelRow>({
  class: LabelRow,
  tableName: 'label',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    name: { type: 'text' },
    data: { type: 'json', columnType: 'json' },
    ...timestamps,
  },
});

export const MasterSchema = new EntitySchema<MasterRow>({
  class: MasterRow,
  tableName: 'master',
  // The import finds the masters whose main release it writes (their artist-list entries sort by its format).
  indexes: [{ name: 'master_main_release_idx', properties: ['mainRelease'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    title: { type: 'text' },
    year: { type: 'integer', default: 0 },
    mainRelease: { type: 'integer', default: 0 },
    data: { type: 'json', columnType: 'json' },
    ...timestamps,
  },
});

/**
 * A master's versions in their default order (released, id), with every column they are filtered and sorted by, so
 * that counts and pages are index-only scans of the master's entries whatever the order; releases without a master
 * are left out.
 */
const VERSIONS_INDEX =
  'create index "release_master_id_idx" on "release" ("master_id", "released", "id") ' +
  'include ("title", "format_details", "label", "catno", "country", "major_formats") where "master_id" is not null;';

export const ReleaseSchema = new EntitySchema<ReleaseRow>({
  class: ReleaseRow,
  tableName: 'release',
  indexes: [
    { name: 'release_master_id_idx', expression: VERSIONS_INDEX },
    // The versions of a master that have copies for sale (the market figures of its page).
    { name: 'release_master_for_sale_idx', expression: 'create index "release_master_for_sale_idx" on "release" ("master_id") where num_for_sale > 0' },
  ],
  checks: [{ name: 'release_document_check', expression: 'packed_document is not null or document is not null or data is not null' }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    title: { type: 'text' },
    status: { type: 'text', default: '' },
    year: { type: 'integer', default: 0 },
    released: { type: 'text', default: '' },
    country: { type: 'text', default: '' },
    masterId: { type: 'integer', nullable: true },
    isMainRelease: { type: 'boolean', default: false },
    artist: { type: 'text', default: '' },
    label: { type: 'text', default: '' },
    catno: { type: 'text', default: '' },
    format: { type: 'text', default: '' },
    formatDetails: { type: 'text', default: '' },
    majorFormats: { type: 'json', columnType: 'jsonb', defaultRaw: `'[]'` },
    thumb: { type: 'text', default: '' },
    data: { type: 'json', columnType: 'json', nullable: true },
    document: { type: 'text', nullable: true },
    packedDocument: { type: 'blob', columnType: 'bytea', nullable: true },
    numHave: { type: 'integer', default: 0 },
    numWant: { type: 'integer', default: 0 },
    ratingCount: { type: 'integer', default: 0 },
    ratingSum: { type: 'integer', default: 0 },
    numForSale: { type: 'integer', default: 0 },
    lowestPrices: { type: 'json', columnType: 'jsonb', nullable: true },
    communityPeople: { type: 'text', nullable: true },
    versionFormats: { type: 'json', columnType: 'jsonb', nullable: true },
    versionLabels: { type: 'json', columnType: 'jsonb', nullable: true },
    ...timestamps,
  },
});

export const ReleaseArtistSchema = new EntitySchema<ReleaseArtistRow>({
  class: ReleaseArtistRow,
  tableName: 'release_artist',
  indexes: [{ name: 'release_artist_artist_id_idx', properties: ['artistId'] }],
  properties: {
    releaseId: { type: 'integer', primary: true },
    artistId: { type: 'integer', primary: true },
    role: { type: 'text', primary: true },
    masterEntry: { type: 'boolean' },
    entryId: { type: 'integer' },
    entryYear: { type: 'integer' },
    entryTitle: { type: 'text' },
    entryFormat: { type: 'text' },
  },
});

export const ReleaseLabelSchema = new EntitySchema<ReleaseLabelRow>({
  class: ReleaseLabelRow,
  tableName: 'release_label',
  // A label's release entries in their order (release, position): a page is cut from the index.
  indexes: [{ name: 'release_label_label_id_idx', properties: ['labelId', 'releaseId', 'position'] }],
  properties: {
    releaseId: { type: 'integer', primary: true },
    position: { type: 'smallint', primary: true },
    labelId: { type: 'integer' },
    catno: { type: 'text', default: '' },
  },
});

export const ArtistListSchema = new EntitySchema<ArtistListRow>({
  class: ArtistListRow,
  tableName: 'artist_list',
  properties: {
    artistId: { type: 'integer', primary: true, autoincrement: false },
    entries: { type: 'integer' },
  },
});

export const ArtistListEntrySchema = new EntitySchema<ArtistListEntryRow>({
  class: ArtistListEntryRow,
  tableName: 'artist_list_entry',
  // One index per sort of the list (year, title, format; then title, entry, role): a page is cut from it.
  indexes: [
    { name: 'artist_list_entry_year_idx', properties: ['artistId', 'entryYear', 'entryTitle', 'entryId', 'masterEntry', 'role'] },
    { name: 'artist_list_entry_title_idx', properties: ['artistId', 'entryTitle', 'entryId', 'masterEntry', 'role'] },
    { name: 'artist_list_entry_format_idx', properties: ['artistId', 'entryFormat', 'entryTitle', 'entryId', 'masterEntry', 'role'] },
  ],
  properties: {
    artistId: { type: 'integer', primary: true, autoincrement: false },
    entryId: { type: 'integer', primary: true, autoincrement: false },
    masterEntry: { type: 'boolean', primary: true },
    role: { type: 'text', primary: true },
    entryYear: { type: 'integer' },
    entryTitle: { type: 'text' },
    entryFormat: { type: 'text' },
  },
});

export const ArtistListAnchorSchema = new EntitySchema<ArtistListAnchorRow>({
  class: ArtistListAnchorRow,
  tableName: 'artist_list_anchor',
  properties: {
    artistId: { type: 'integer', primary: true, autoincrement: false },
    sort: { type: 'text', primary: true },
    descending: { type: 'boolean', primary: true },
    position: { type: 'integer', primary: true, autoincrement: false },
    entryYear: { type: 'integer', default: 0 },
    entryTitle: { type: 'text', default: '' },
    entryFormat: { type: 'text', default: '' },
    entryId: { type: 'integer' },
    masterEntry: { type: 'boolean' },
  },
});

export const DumpImportSchema = new EntitySchema<DumpImportRow>({
  class: DumpImportRow,
  tableName: 'dump_import',
  indexes: [{ name: 'dump_import_kind_dump_date_idx', properties: ['kind', 'dumpDate'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    kind: { type: 'text' },
    dumpDate: { type: 'date', columnType: 'date' },
    file: { type: 'text' },
    importedAt: { type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' },
  },
});

/**
 * The checkpoint of the last dump import of each kind (ADR 0065): the file (name, size, SHA-256 of its first 64 KiB),
 * the records of it committed, the counts so far, the next `search_posting` part number and the indexes left out
 * (their drop and create statements), written with the rounds it follows; the import's last commit sets `finishedAt`.
 */
export class ImportCheckpointRow {
  kind!: string;
  file!: string;
  size!: string;
  head!: string;
  records!: number;
  inserted!: number;
  updated!: number;
  written!: number;
  postingPart!: number;
  deferredIndexes!: unknown;
  savedAt!: Date;
  /** When the import of the file finished (null while it is in progress or stopped part-way). */
  finishedAt!: Date | null;
}

export const ImportCheckpointSchema = new EntitySchema<ImportCheckpointRow>({
  class: ImportCheckpointRow,
  tableName: 'import_checkpoint',
  properties: {
    kind: { type: 'text', primary: true },
    file: { type: 'text' },
    size: { type: 'bigint' },
    head: { type: 'text' },
    records: { type: 'integer' },
    inserted: { type: 'integer' },
    updated: { type: 'integer' },
    written: { type: 'integer' },
    postingPart: { type: 'integer' },
    deferredIndexes: { type: 'json', nullable: true },
    savedAt: { type: 'datetime', columnType: 'timestamptz', defaultRaw: 'now()' },
    finishedAt: { type: 'datetime', columnType: 'timestamptz', nullable: true },
  },
});

/** The artists whose lists an import in progress changed, kept past its checkpoints (see `ImportCheckpointRow`). */
export class ImportSavedTouchedArtistRow {
  kind!: string;
  artistId!: number;
  links!: number;
}

export const ImportSavedTouchedArtistSchema = new EntitySchema<ImportSavedTouchedArtistRow>({
  class: ImportSavedTouchedArtistRow,
  tableName: 'import_saved_touched_artist',
  properties: {
    kind: { type: 'text', primary: true },
    artistId: { type: 'integer', primary: true },
    links: { type: 'integer' },
  },
});

/**
 * A first import's artist link held back for its master's main release (see `ArtistListKeys`), kept past the
 * import's checkpoints.
 */
export class ImportSavedLateLinkRow {
  releaseId!: number;
  artistId!: number;
  role!: string;
  masterId!: number | null;
  year!: number | null;
  title!: string | null;
  format!: string | null;
}

export const ImportSavedLateLinkSchema = new EntitySchema<ImportSavedLateLinkRow>({
  class: ImportSavedLateLinkRow,
  tableName: 'import_saved_late_link',
  properties: {
    releaseId: { type: 'integer', primary: true },
    artistId: { type: 'integer', primary: true },
    role: { type: 'text', primary: true },
    masterId: { type: 'integer', nullable: true },
    year: { type: 'integer', nullable: true },
    title: { type: 'text', nullable: true },
    format: { type: 'text', nullable: true },
  },
});

export const SearchEntrySchema = new EntitySchema<SearchEntryRow>({
  class: SearchEntryRow,
  tableName: 'search_entry',
  indexes: [{ name: 'search_entry_community_release_idx', properties: ['communityRelease'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    kind: { type: 'text', primary: true },
    communityRelease: { type: 'integer', nullable: true },
    result: { type: 'json', columnType: 'json' },
  },
});

export const SearchPostingSchema = new EntitySchema<SearchPostingRow>({
  class: SearchPostingRow,
  tableName: 'search_posting',
  // collate "C" on token in the migration (which the ORM does not compare): tokens are only matched whole. The
  // primary key is also how rows are found by kind and token; an import compacts a kind's blocks by the other index.
  indexes: [{ name: 'search_posting_kind_block_idx', properties: ['kind', 'block'] }],
  properties: {
    kind: { type: 'smallint', primary: true },
    token: { type: 'text', primary: true },
    block: { type: 'integer', primary: true },
    part: { type: 'integer', primary: true },
    n: { type: 'integer' },
    postings: { type: 'blob', columnType: 'bytea' },
    grades: { type: 'smallint', nullable: true },
  },
});

export const SearchPopularitySchema = new EntitySchema<SearchPopularityRow>({
  class: SearchPopularityRow,
  tableName: 'search_popularity',
  properties: {
    kind: { type: 'smallint', primary: true },
    block: { type: 'integer', primary: true },
    pops: { type: 'int[]', columnType: 'int4[]' },
  },
});

export const SearchWordSchema = new EntitySchema<SearchWordRow>({
  class: SearchWordRow,
  tableName: 'search_word',
  indexes: [
    {
      name: 'search_word_word_trgm_idx',
      expression: 'create index "search_word_word_trgm_idx" on "search_word" using gin ("word" gin_trgm_ops)',
    },
  ],
  properties: {
    word: { type: 'text', primary: true },
  },
});

/** Every catalogue entity schema, for the ORM's discovery. */
export const CATALOGUE_SCHEMAS = [
  ArtistSchema,
  LabelSchema,
  MasterSchema,
  ReleaseSchema,
  ReleaseArtistSchema,
  ReleaseLabelSchema,
  ArtistListSchema,
  ArtistListEntrySchema,
  ArtistListAnchorSchema,
  DumpImportSchema,
  ImportCheckpointSchema,
  ImportSavedTouchedArtistSchema,
  ImportSavedLateLinkSchema,
  SearchEntrySchema,
  SearchPostingSchema,
  SearchPopularitySchema,
  SearchWordSchema,
];
