import type {
  VersionFacetCounts,
  VersionFilters,
  ArtistReleaseEntry,
  ArtistReleasesQuery,
  LabelReleaseEntry,
  MasterVersion,
  MasterVersionsQuery,
} from '../../application/catalogue/read-models.js';
import type { CatalogueSamples, ReleaseHeadline, SampledKind } from '../../application/ports/catalogue-samples.js';
import type { Clock } from '../../application/ports/clock.js';
import { masterWithMainTracklist } from '../../application/catalogue/master-document.js';
import { releaseTemplate } from '../../application/catalogue/release-document.js';
import type { CatalogueReader, StoredMasterDocument, Stored, StoredReleaseDocument } from '../../application/ports/catalogue-reader.js';
import { pageOffset, type Page, type PageRequest } from '../../application/shared/page.js';
import type { Artist } from '../../domain/catalogue/artist.js';
import type { Label } from '../../domain/catalogue/label.js';
import type { Master } from '../../domain/catalogue/master.js';
import type { Release } from '../../domain/catalogue/release.js';
import { releaseArtistLinks, releaseLabelLinks } from '../../domain/catalogue/release-links.js';
import type { EntityIds, EntityNames, NameResolver } from '../../domain/text/name-resolver.js';
import { releaseListing, type ReleaseListing } from '../../domain/catalogue/release-summary.js';
import { VERSION_FACETS, type VersionFacetId } from '../../domain/catalogue/version-facets.js';
import { versionFacetCounts, type CountedFacetValue } from '../../application/catalogue/version-facet-counts.js';

/** What putting a record did: stored it new, changed it, or found it as it was (the import's counts). */
export type PutOutcome = 'inserted' | 'updated' | 'unchanged';

/** Which of two versions was released more recently (see `CatalogueReader.mostRecentVersion`): > 0 when `a`. */
function compareRecency(a: Release, b: Release): number {
  const dated = (r: Release) => (/^\d{4}/.test(r.released) ? 1 : 0);
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return dated(a) - dated(b) || text(a.released, b.released) || a.id - b.id;
}

/** Code-unit order, as PostgreSQL's "C" collation sorts text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function page<T>(items: readonly T[], request: PageRequest): Page<T> {
  const start = pageOffset(request);
  return { items: items.slice(start, start + request.perPage), total: items.length, page: request.page, perPage: request.perPage };
}

/**
 * The catalogue held in memory, for embedding without a database and for application tests. Records are put in
 * whole (a put replaces the record, keeping its `dateAdded`); the derived lists follow the same rules, filters and
 * orders as the SQL adapter (the contract tests run both). It also resolves markup ids to names, and draws the
 * samples of the demo data.
 */
export class InMemoryCatalogueReader implements CatalogueReader, NameResolver, CatalogueSamples {
  private readonly releases = new Map<number, { stored: Stored<Release>; columns: ReleaseListing }>();
  private readonly masters = new Map<number, Stored<Master>>();
  private readonly artists = new Map<number, Stored<Artist>>();
  private readonly labels = new Map<number, Stored<Label>>();

  /** `clock` dates what is put (a `FixedClock` in tests, the `SystemClock` otherwise). */
  constructor(private readonly clock: Clock) {}

  private stamp<T>(previous: Stored<T> | undefined, record: T): { stored: Stored<T>; outcome: PutOutcome } {
    const now = this.clock.now();
    const unchanged = previous !== undefined && JSON.stringify(previous.record) === JSON.stringify(record);
    const stored = { record, dateAdded: previous?.dateAdded ?? now, dateChanged: unchanged ? previous.dateChanged : now };
    return { stored, outcome: previous === undefined ? 'inserted' : unchanged ? 'unchanged' : 'updated' };
  }

  putRelease(release: Release): PutOutcome {
    const { stored, outcome } = this.stamp(this.releases.get(release.id)?.stored, release);
    this.releases.set(release.id, { stored, columns: releaseListing(release) });
    return outcome;
  }

  putMaster(master: Master): PutOutcome {
    return this.putIn(this.masters, master);
  }

  putArtist(artist: Artist): PutOutcome {
    return this.putIn(this.artists, artist);
  }

  putLabel(label: Label): PutOutcome {
    return this.putIn(this.labels, label);
  }

  private putIn<T extends { readonly id: number }>(store: Map<number, Stored<T>>, record: T): PutOutcome {
    const { stored, outcome } = this.stamp(store.get(record.id), record);
    store.set(record.id, stored);
    return outcome;
  }

  async lowestIds(kind: SampledKind, count: number): Promise<number[]> {
    const store = { artist: this.artists, label: this.labels, master: this.masters, release: this.releases }[kind];
    return [...store.keys()].sort((a, b) => a - b).slice(0, Math.max(0, count));
  }

  async newestReleases(count: number): Promise<ReleaseHeadline[]> {
    return [...this.releases.values()]
      .sort((a, b) => b.stored.record.id - a.stored.record.id)
      .slice(0, Math.max(0, count))
      .map(({ stored, columns }) => ({ id: stored.record.id, title: stored.record.title, artist: columns.artist, format: columns.format, year: columns.year }));
  }

  async hasReleases(): Promise<boolean> {
    return this.releases.size > 0;
  }

  async names(ids: EntityIds): Promise<EntityNames> {
    const pick = <T>(store: Map<number, T>, wanted: readonly number[], name: (t: T) => string) =>
      new Map(wanted.flatMap((id) => (store.has(id) ? [[id, name(store.get(id)!)] as const] : [])));
    return {
      artists: pick(this.artists, ids.artists, (a) => a.record.name),
      labels: pick(this.labels, ids.labels, (l) => l.record.name),
      releases: pick(this.releases, ids.releases, (r) => r.stored.record.title),
      masters: pick(this.masters, ids.masters, (m) => m.record.title),
    };
  }

  async release(id: number): Promise<Stored<Release> | null> {
    return this.releases.get(id)?.stored ?? null;
  }

  async releasesOf(ids: readonly number[]): Promise<ReadonlyMap<number, Stored<Release>>> {
    return new Map(ids.flatMap((id) => {
      const stored = this.releases.get(id)?.stored;
      return stored ? [[id, stored] as const] : [];
    }));
  }

  async releaseDocument(id: number): Promise<StoredReleaseDocument | null> {
    const stored = this.releases.get(id)?.stored;
    return stored ? { ...stored, record: releaseTemplate(stored.record) } : null;
  }

  async master(id: number): Promise<Stored<Master> | null> {
    return this.masters.get(id) ?? null;
  }

  masterDocument(id: number): Promise<StoredMasterDocument | null> {
    return masterWithMainTracklist(this, id);
  }

  async artist(id: number): Promise<Stored<Artist> | null> {
    return this.artists.get(id) ?? null;
  }

  async label(id: number): Promise<Stored<Label> | null> {
    return this.labels.get(id) ?? null;
  }

  /** Whether a version passes a facet's filter (see `VersionFilters`). */
  private passes(facet: VersionFacetId, r: Release, columns: ReleaseListing, values: readonly string[] | undefined): boolean {
    if (values === undefined || values.length === 0) return true;
    const wanted = new Set(values.map((v) => v.toLowerCase()));
    const has = (list: readonly string[]) => list.some((x) => wanted.has(x.toLowerCase()));
    switch (facet) {
      case 'format':
        return has(columns.facets?.formats ?? []);
      case 'label':
        return has(columns.facets?.labels ?? []);
      case 'country':
        return wanted.has(r.country.toLowerCase());
      case 'released':
        return wanted.has(r.released.slice(0, 4));
    }
  }

  private versionsOf(masterId: number): Array<{ stored: Stored<Release>; columns: ReleaseListing }> {
    return [...this.releases.values()].filter(({ stored }) => stored.record.masterId === masterId);
  }

  async masterVersionFacets(masterId: number, filters: VersionFilters): Promise<VersionFacetCounts> {
    const counted = new Map<string, CountedFacetValue>();
    const count = (facet: VersionFacetId, value: string) => {
      const key = `${facet}\u0000${value}`;
      const c = counted.get(key);
      counted.set(key, { facet, value, count: (c?.count ?? 0) + 1 });
    };
    for (const { stored, columns } of this.versionsOf(masterId)) {
      const r = stored.record;
      for (const { id: facet } of VERSION_FACETS) {
        if (!VERSION_FACETS.every(({ id }) => id === facet || this.passes(id, r, columns, filters[id]))) continue;
        if (facet === 'format') for (const v of columns.facets?.formats ?? []) count(facet, v);
        if (facet === 'label') for (const v of columns.facets?.labels ?? []) count(facet, v);
        if (facet === 'country' && r.country !== '') count(facet, r.country);
        if (facet === 'released' && /^\d{4}/.test(r.released)) count(facet, r.released.slice(0, 4));
      }
    }
    return versionFacetCounts([...counted.values()]);
  }

  async mostRecentVersion(masterId: number): Promise<number | null> {
    let best: Release | null = null;
    for (const { stored } of this.versionsOf(masterId)) {
      const r = stored.record;
      if (best === null || compareRecency(r, best) > 0) best = r;
    }
    return best?.id ?? null;
  }

  async masterVersions(masterId: number, query: MasterVersionsQuery): Promise<Page<MasterVersion>> {
    const versions: MasterVersion[] = [];
    for (const { stored, columns } of this.versionsOf(masterId)) {
      const r = stored.record;
      if (!VERSION_FACETS.every(({ id }) => this.passes(id, r, columns, query[id]))) continue;
      versions.push({
        id: r.id,
        status: r.status,
        title: r.title,
        label: columns.label,
        catno: columns.catno,
        country: r.country,
        format: columns.formatDetails,
        released: r.released,
        majorFormats: columns.majorFormats,
        thumb: columns.thumb,
      });
    }
    const key = query.sort ?? 'released';
    const dir = query.sortOrder === 'desc' ? -1 : 1;
    versions.sort((a, b) => dir * (compareText(a[key], b[key]) || a.id - b.id));
    return page(versions, query);
  }

  async artistReleases(artistId: number, query: ArtistReleasesQuery): Promise<Page<ArtistReleaseEntry>> {
    const entries = new Map<string, ArtistReleaseEntry>();
    for (const { stored, columns } of this.releases.values()) {
      const r = stored.record;
      for (const link of releaseArtistLinks(r)) {
        if (link.artistId !== artistId) continue;
        const master = r.masterId ? this.masters.get(r.masterId)?.record : undefined;
        if (master) {
          const main = this.releases.get(master.mainRelease);
          entries.set(`master:${master.id}:${link.role}`, {
            type: 'master',
            id: master.id,
            title: master.title,
            year: master.year,
            thumb: main?.columns.thumb ?? '',
            artist: main?.columns.artist ?? '',
            role: link.role,
            mainRelease: master.mainRelease,
          });
        } else {
          entries.set(`release:${r.id}:${link.role}`, {
            type: 'release',
            id: r.id,
            title: r.title,
            year: columns.year,
            thumb: columns.thumb,
            artist: columns.artist,
            role: link.role,
            format: columns.format,
            label: columns.label,
            status: r.status,
          });
        }
      }
    }
    const formatOf = (e: ArtistReleaseEntry) =>
      e.type === 'release' ? e.format : (this.releases.get(e.mainRelease)?.columns.format ?? '');
    const sortKey = query.sort ?? 'year';
    const dir = query.sortOrder === 'desc' ? -1 : 1;
    const list = [...entries.values()].sort((a, b) => {
      const primary =
        sortKey === 'year' ? a.year - b.year : sortKey === 'title' ? compareText(a.title, b.title) : compareText(formatOf(a), formatOf(b));
      return dir * (primary || compareText(a.title, b.title) || a.id - b.id) || compareText(a.role, b.role);
    });
    return page(list, query);
  }

  async labelReleases(labelId: number, request: PageRequest): Promise<Page<LabelReleaseEntry>> {
    const list: Array<LabelReleaseEntry & { position: number }> = [];
    for (const { stored, columns } of this.releases.values()) {
      const r = stored.record;
      for (const link of releaseLabelLinks(r)) {
        if (link.labelId !== labelId) continue;
        list.push({
          id: r.id,
          title: r.title,
          artist: columns.artist,
          catno: link.catno,
          format: columns.format,
          year: columns.year,
          status: r.status,
          thumb: columns.thumb,
          position: link.position,
        });
      }
    }
    list.sort((a, b) => a.id - b.id || a.position - b.position);
    return page(
      list.map(({ position: _position, ...entry }) => entry),
      request,
    );
  }
}
