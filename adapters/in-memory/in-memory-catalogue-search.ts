import type { CatalogueSearch, SearchCriteria, SearchHit } from '../../application/ports/catalogue-search.js';
import type { HoldingCounts } from '../../application/ports/community-figures.js';
import type { PostingSource } from '../../application/ports/posting-source.js';
import { countOf, evaluateSearch } from '../../application/search/evaluate-search.js';
import type { RankedRecord } from '../../application/search/found-records.js';
import { correctedTerm, planSearch } from '../../application/search/plan-search.js';
import { BLOCK_SIZE, KIND_NAMES } from '../../application/search/posting-codec.js';
import { pageOffset, type Page, type PageRequest } from '../../application/shared/page.js';
import {
  artistSearchEntry,
  labelSearchEntry,
  masterSearchEntry,
  releaseSearchEntry,
  type SearchResultFacts,
} from '../../domain/catalogue/search-facts.js';
import { catalogueStem as stem, type InMemoryCatalogue } from './in-memory-catalogue.js';

export interface InMemorySearchOptions {
  /** How long one search may take, in milliseconds, before it is given up (`QueryTimeExceeded`). */
  readonly timeoutMs: number;
}

/** A record's collection and wantlist counts, by its community release. */
type Counts = ReadonlyMap<number, { readonly have: number; readonly want: number }>;

/**
 * Database search on the in-memory catalogue: the question planned and evaluated by the application's algorithm
 * (`planSearch`, `evaluateSearch`) over the catalogue's in-memory posting lists, as the SQL search evaluates it over its
 * tables. A record's popularity and its result's `have` and `want` are its community release's collection and
 * wantlist counts (a release's own, a master's main release's, none for artists and labels), read when the search
 * runs from the collection module's `HoldingCounts` (zero without one): what the database keeps in `num_have`,
 * `num_want` and `search_popularity` by triggers. A master's result shows its main release's labels, formats,
 * country, catalogue number and barcodes.
 */
export class InMemoryCatalogueSearch implements CatalogueSearch {
  constructor(
    private readonly catalogue: Pick<InMemoryCatalogue, 'reader' | 'postings'>,
    private readonly holdings: HoldingCounts | undefined,
    private readonly options: InMemorySearchOptions,
  ) {}

  async search(criteria: SearchCriteria, request: PageRequest): Promise<Page<SearchHit>> {
    const empty: Page<SearchHit> = { items: [], total: 0, page: request.page, perPage: request.perPage };
    const plan = planSearch(criteria, stem);
    if (plan === null) return empty;
    const started = Date.now();
    const found = await evaluateSearch(plan, this.source(), {
      offset: pageOffset(request),
      limit: request.perPage,
      now: () => Date.now(),
      deadline: started + this.options.timeoutMs,
      correct: (word, similar) => correctedTerm(word, similar, stem),
    });
    if (found.records.length === 0) return { ...empty, ...countOf(found) };
    return { items: await this.hits(found.records), ...countOf(found), page: request.page, perPage: request.perPage };
  }

  /** The catalogue's posting lists, with the popularity of their records read from the holdings now. */
  private source(): PostingSource {
    const postings = this.catalogue.postings;
    return {
      rows: (kinds, tokens) => postings.rows(kinds, tokens),
      postings: (kinds, tokens, blocks) => postings.postings(kinds, tokens, blocks),
      similarWords: (word) => postings.similarWords(word),
      popularity: (blocks) => this.popularity(blocks),
    };
  }

  /** Each record's popularity (its community release's have + want) in the blocks asked, only blocks with some. */
  private async popularity(blocks: ReadonlyMap<number, readonly number[]>): Promise<ReadonlyMap<number, ReadonlyMap<number, Int32Array>>> {
    const members: Array<{ kind: number; block: number; records: ReadonlyMap<number, number> }> = [];
    const releases = new Set<number>();
    for (const [kind, list] of blocks) {
      for (const block of list) {
        const records = this.catalogue.postings.communityReleasesIn(kind, block);
        members.push({ kind, block, records });
        for (const release of records.values()) releases.add(release);
      }
    }
    const counts = await this.countsOf([...releases]);
    const out = new Map<number, Map<number, Int32Array>>([...blocks.keys()].map((kind) => [kind, new Map()]));
    for (const { kind, block, records } of members) {
      let pops: Int32Array | undefined;
      for (const [id, release] of records) {
        const c = counts.get(release);
        if (!c || c.have + c.want === 0) continue;
        pops ??= new Int32Array(BLOCK_SIZE);
        pops[id % BLOCK_SIZE] = c.have + c.want;
      }
      if (pops) out.get(kind)!.set(block, pops);
    }
    return out;
  }

  /** Everyone's collection and wantlist counts of releases (none without a collection module). */
  private async countsOf(releaseIds: readonly number[]): Promise<Counts> {
    if (!this.holdings || releaseIds.length === 0) return new Map();
    const answer = await this.holdings.forReleases(releaseIds, null);
    return new Map([...answer].map(([id, h]) => [id, { have: h.community.inCollection, want: h.community.inWantlist }]));
  }

  /** The page's results, in its order; a record no longer in the catalogue is left out. */
  private async hits(records: readonly RankedRecord[]): Promise<SearchHit[]> {
    const reader = this.catalogue.reader;
    const found: Array<{ hit: Omit<SearchHit, 'have' | 'want'>; community: number | null }> = [];
    for (const { kind: code, id } of records) {
      const kind = KIND_NAMES[code]!;
      if (kind === 'release') {
        const release = (await reader.release(id))?.record;
        if (release) found.push({ hit: { kind, id, result: releaseSearchEntry(release).result, images: release.images }, community: id });
      } else if (kind === 'master') {
        const master = (await reader.master(id))?.record;
        if (!master) continue;
        const entry = masterSearchEntry(master);
        const main = entry.communityRelease === null ? null : ((await reader.release(entry.communityRelease))?.record ?? null);
        const result = main ? withMainRelease(entry.result, releaseSearchEntry(main).result) : entry.result;
        found.push({ hit: { kind, id, result, images: master.images }, community: main ? main.id : null });
      } else if (kind === 'artist') {
        const artist = (await reader.artist(id))?.record;
        if (artist) found.push({ hit: { kind, id, result: artistSearchEntry(artist).result, images: artist.images }, community: null });
      } else {
        const label = (await reader.label(id))?.record;
        if (label) found.push({ hit: { kind, id, result: labelSearchEntry(label).result, images: label.images }, community: null });
      }
    }
    const counts = await this.countsOf([...new Set(found.flatMap((f) => (f.community === null ? [] : [f.community])))]);
    return found.map(({ hit, community }) => {
      const c = community === null ? undefined : counts.get(community);
      return { ...hit, have: c?.have ?? 0, want: c?.want ?? 0 };
    });
  }
}

/** A master's result with its main release's labels, formats, country, catalogue number and barcodes. */
function withMainRelease(master: SearchResultFacts, main: SearchResultFacts): SearchResultFacts {
  const { formats: _formats, ...own } = master;
  return {
    ...own,
    country: main.country,
    format: main.format,
    label: main.label,
    catno: main.catno,
    ...(main.barcode !== undefined ? { barcode: main.barcode } : {}),
  };
}
