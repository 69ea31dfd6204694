import type { ArtistView } from '../../../application/catalogue/get-artist.js';
import type { LabelView } from '../../../application/catalogue/get-label.js';
import type { MasterView } from '../../../application/catalogue/get-master.js';
import type { ReleaseView } from '../../../application/catalogue/get-release.js';
import { fillTemplate, JsonText, thumbOf, writeImages } from '../../../application/catalogue/release-document.js';
import type { ArtistReleaseListing } from '../../../application/catalogue/list-artist-releases.js';
import type { MasterVersionListing } from '../../../application/catalogue/list-master-versions.js';
import type { LabelReleaseListing } from '../../../application/catalogue/list-label-releases.js';
import type { VersionFacetCounts, VersionFilters } from '../../../application/catalogue/read-models.js';
import { facetQueryValue, VERSION_FACETS, type VersionFacetId } from '../../../domain/catalogue/version-facets.js';
import type { CollectionCounts, Holding } from '../../../application/ports/community-figures.js';
import type { MarketSummary } from '../../../application/ports/market-figures.js';
import type { ReleasePeople } from '../../../application/ports/release-people.js';
import type { ArtistCredit } from '../../../domain/catalogue/credit.js';
import type { Image, NamedRef, Video } from '../../../domain/catalogue/media.js';
import type { Track } from '../../../domain/catalogue/release.js';
import type { ApiSchema, Login } from '../api-shapes.js';
import type { ApiUrls } from '../urls.js';

/** Which words differ between the spec and the public Discogs API (GAPS.md "Two dialects"). */
export type Dialect = 'spec' | 'discogs';

/**
 * A user's login as the dialect writes it wherever a user is named (GAPS "Two dialects": identity, profile, rating,
 * seller, buyer, sender…): `name` plus `username` with the same value in the spec's, `username` alone in Discogs'.
 */
export function loginOf(dialect: Dialect, username: string): Login {
  return dialect === 'discogs' ? discogsLogin(username) : specLogin(username);
}

/** The spec dialect's login: `name` and `username`, the same value. */
export const specLogin = (username: string): { name: string; username: string } => ({ name: username, username });

/** The Discogs dialect's login: `username` alone. */
export const discogsLogin = (username: string): { username: string } => ({ username });

/** ISO 8601 with a numeric UTC offset, as database records carry it: `2020-08-06T10:00:00+00:00`. */
export function timestamp(date: Date): string {
  const ms = date.getTime();
  // A record's two times are often the same (and records imported together share them): the last one is kept.
  if (ms === lastTimestamp.ms) return lastTimestamp.text;
  // toISOString() always ends in `.sssZ`.
  const text = `${date.toISOString().slice(0, -5)}+00:00`;
  lastTimestamp = { ms, text };
  return text;
}

let lastTimestamp = { ms: NaN, text: '' };

/** The people of a release nobody submitted or edited here (every imported release until someone does). */
const NO_PEOPLE_TEXT = '"submitter":null,"contributors":[]';

const NOTHING: CollectionCounts = { inCollection: 0, inWantlist: 0 };

function counts(c: CollectionCounts): ApiSchema<'CollectionCounts'> {
  return { in_wantlist: c.inWantlist, in_collection: c.inCollection };
}

/**
 * How many users have an item in their collection and wantlist (`community`), and how often the caller has (`user`;
 * zeros for a caller who is not a user, as the API has always shown).
 */
export function collectionStats(figures: Holding): ApiSchema<'Stats'> {
  return { community: counts(figures.community), user: counts(figures.user ?? NOTHING) };
}

/** An image object as the API writes it, wherever it appears. */
export function imageBody(i: Image): ApiSchema<'Image'> {
  return { type: i.type, uri: i.uri, uri150: i.uri150, resource_url: i.uri, height: i.height, width: i.width };
}

/** `num_for_sale` and `lowest_price` (major units of the asked currency, or null when nothing is for sale). */
function marketFields(market: MarketSummary): { num_for_sale: number; lowest_price: number | null } {
  return { num_for_sale: market.numForSale, lowest_price: market.lowestPrice?.toNumber() ?? null };
}

/** The `images` and `thumb` slots of a release template, for images linked for the caller. */
function linkedImages(images: readonly Image[]): { images: string; thumb: string } {
  const out = new JsonText();
  writeImages(out, images);
  return { images: out.text, thumb: JSON.stringify(thumbOf(images)) };
}

/**
 * Shapes catalogue read models into the API's JSON: whitelisted fields only, absolute URLs from the configured
 * base URL, and the dialect's key names.
 */
export class CataloguePresenter {
  /** The base URLs as the content of a JSON string, for the slots of release templates. */
  private readonly apiBase: string;
  private readonly webBase: string;

  constructor(
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
  ) {
    this.apiBase = JSON.stringify(urls.baseUrl).slice(1, -1);
    this.webBase = JSON.stringify(urls.webUrl).slice(1, -1);
  }

  private credit(c: ArtistCredit): ApiSchema<'ArtistCredit'> {
    return {
      id: c.id,
      name: c.name,
      anv: c.anv,
      join: c.join,
      role: c.role,
      tracks: c.tracks,
      resource_url: c.id ? this.urls.artist(c.id) : '',
    };
  }

  private image(i: Image): ApiSchema<'Image'> {
    return imageBody(i);
  }

  private video(v: Video): ApiSchema<'Video'> {
    return { uri: v.uri, title: v.title, description: v.description, duration: v.duration, embed: v.embed };
  }

  private track(t: Track): ApiSchema<'Track'> {
    return {
      position: t.position,
      type_: t.type,
      title: t.title,
      duration: t.duration,
      ...(t.artists.length ? { artists: t.artists.map((c) => this.credit(c)) } : {}),
      ...(t.extraartists.length ? { extraartists: t.extraartists.map((c) => this.credit(c)) } : {}),
      ...(t.subTracks.length ? { sub_tracks: t.subTracks.map((s) => this.track(s)) } : {}),
    };
  }

  private ref(r: NamedRef, url: (id: number) => string): ApiSchema<'NamedRef'> {
    return { id: r.id, name: r.name, resource_url: url.call(this.urls, r.id) };
  }

  /** A user named in a record's community (`submitter`, each of `contributors`): the dialect's login and their URL. */
  private person(username: string): ApiSchema<'CommunityUser'> {
    return { ...loginOf(this.dialect, username), resource_url: this.urls.user(username) };
  }

  /** `"submitter":…,"contributors":[…]`: the release's people, as JSON text for the template's slot. */
  private people(people: ReleasePeople): string {
    const submitter = people.submitter === null ? 'null' : JSON.stringify(this.person(people.submitter));
    return `"submitter":${submitter},"contributors":${JSON.stringify(people.contributors.map((name) => this.person(name)))}`;
  }

  /**
   * The release's document: its template (see release-document.ts) with every slot filled. JSON text, not an
   * `ApiSchema<'Release'>`: the read path writes the stored template as it is (ADR 0027), so the compiler cannot see
   * its shape; the suite's OpenAPI validation of every response checks it against the document instead (ADR 0035).
   */
  release(view: ReleaseView): string {
    const { community, rating } = view.community;
    return fillTemplate(view.template, {
      apiBase: this.apiBase,
      webBase: this.webBase,
      have: String(community.inCollection),
      want: String(community.inWantlist),
      ratingCount: String(rating.count),
      ratingAverage: JSON.stringify(rating.average ?? 0),
      dateAdded: `"${timestamp(view.dateAdded)}"`,
      dateChanged: `"${timestamp(view.dateChanged)}"`,
      numForSale: String(view.market.numForSale),
      lowestPrice: JSON.stringify(view.market.lowestPrice?.toNumber() ?? null),
      people: view.people.submitter === null && view.people.contributors.length === 0 ? NO_PEOPLE_TEXT : this.people(view.people),
      notes: view.notes === undefined ? undefined : JSON.stringify(view.notes),
      ...(view.images === undefined ? {} : linkedImages(view.images)),
    });
  }

  master(view: MasterView): ApiSchema<'Master'> {
    const m = view.master;
    return {
      id: m.id,
      main_release: m.mainRelease,
      most_recent_release: view.mostRecentRelease,
      resource_url: this.urls.master(m.id),
      uri: this.urls.web('master', m.id, `${m.artists.map((a) => a.anv || a.name).join(' ')} ${m.title}`),
      versions_url: this.urls.masterVersions(m.id),
      main_release_url: this.urls.release(m.mainRelease),
      most_recent_release_url: view.mostRecentRelease === null ? null : this.urls.release(view.mostRecentRelease),
      ...marketFields(view.market),
      images: view.images.map((i) => this.image(i)),
      genres: [...m.genres],
      styles: [...m.styles],
      year: m.year,
      tracklist: view.tracklist.map((t) => this.track(t)),
      artists: m.artists.map((c) => this.credit(c)),
      title: m.title,
      data_quality: m.dataQuality,
      videos: m.videos.map((v) => this.video(v)),
    };
  }

  version(listing: MasterVersionListing): ApiSchema<'Version'> {
    const v = listing.version;
    return {
      id: v.id,
      label: v.label,
      country: v.country,
      title: v.title,
      major_formats: [...v.majorFormats],
      format: v.format,
      catno: v.catno,
      released: v.released,
      status: v.status,
      resource_url: this.urls.release(v.id),
      thumb: v.thumb,
      stats: collectionStats(listing.community),
    };
  }

  /**
   * `filters` and `filter_facets` of a master's versions, as the public API shows them: the filters applied (as
   * given), each facet's values with their counts (`available`, value → count, in the facets' order), and the same as
   * a list per facet, each value also written as a query string takes it (form-encoded), every facet taking several.
   */
  versionFilters(
    applied: VersionFilters,
    facets: VersionFacetCounts,
  ): { filters: ApiSchema<'VersionFilters'>; filter_facets: ApiSchema<'VersionFacet'>[] } {
    const countsOf = (id: VersionFacetId): Record<string, number> => {
      const counts: Record<string, number> = {};
      for (const v of facets[id]) counts[v.value] = v.count;
      return counts;
    };
    // In VERSION_FACETS' order, as the loop below writes filter_facets.
    const available = { format: countsOf('format'), label: countsOf('label'), country: countsOf('country'), released: countsOf('released') };
    const filterFacets: ApiSchema<'VersionFacet'>[] = [];
    for (const { id, title } of VERSION_FACETS) {
      filterFacets.push({
        title,
        id,
        values: facets[id].map((v) => ({ title: v.value, value: facetQueryValue(v.value), count: v.count })),
        allows_multiple_values: true,
      });
    }
    const appliedOut: Record<string, string[]> = {};
    for (const { id } of VERSION_FACETS) if (applied[id]?.length) appliedOut[id] = [...applied[id]];
    return { filters: { applied: appliedOut, available }, filter_facets: filterFacets };
  }

  artist(view: ArtistView): ApiSchema<'Artist'> {
    const a = view.artist;
    return {
      id: a.id,
      name: a.name,
      resource_url: this.urls.artist(a.id),
      uri: this.urls.web('artist', a.id, a.name),
      releases_url: this.urls.artistReleases(a.id),
      images: view.images.map((i) => this.image(i)),
      realname: a.realname,
      profile: view.profile,
      urls: [...a.urls],
      namevariations: [...a.namevariations],
      data_quality: a.dataQuality,
      ...(a.aliases.length ? { aliases: a.aliases.map((r) => this.ref(r, this.urls.artist)) } : {}),
      // The public API's `active` (a member still in the group) is not in the dumps (none of the 2019, 2020, 2023 or
      // 2025 samples carries it) nor anywhere else the service holds: it is left out rather than made up (ADR 0033).
      ...(a.groups.length ? { groups: a.groups.map((r) => this.ref(r, this.urls.artist)) } : {}),
      ...(a.members.length ? { members: a.members.map((r) => this.ref(r, this.urls.artist)) } : {}),
    };
  }

  artistRelease(listing: ArtistReleaseListing): ApiSchema<'ArtistRelease'> {
    const e = listing.entry;
    const common = <T extends 'master' | 'release'>(type: T) => ({
      id: e.id,
      title: e.title,
      type,
      artist: e.artist,
      role: e.role,
      year: e.year,
      thumb: e.thumb,
      resource_url: e.type === 'master' ? this.urls.master(e.id) : this.urls.release(e.id),
      stats: collectionStats(listing.community),
    });
    return e.type === 'master'
      ? { ...common(e.type), main_release: e.mainRelease }
      : { ...common(e.type), format: e.format, label: e.label, status: e.status };
  }

  label(view: LabelView): ApiSchema<'Label'> {
    const l = view.label;
    return {
      id: l.id,
      name: l.name,
      resource_url: this.urls.label(l.id),
      uri: this.urls.web('label', l.id, l.name),
      releases_url: this.urls.labelReleases(l.id),
      images: view.images.map((i) => this.image(i)),
      ...this.contactInfo(l.contactInfo),
      profile: view.profile,
      data_quality: l.dataQuality,
      urls: [...l.urls],
      sublabels: l.sublabels.map((r) => this.ref(r, this.urls.label)),
      ...(l.parentLabel ? { parent_label: this.ref(l.parentLabel, this.urls.label) } : {}),
    };
  }

  /** A label's contact text under the dialect's key: one shape per dialect, so each label checks against its own. */
  private contactInfo(text: string): { _info: string } | { contact_info: string } {
    return this.dialect === 'discogs' ? { contact_info: text } : { _info: text };
  }

  labelRelease(listing: LabelReleaseListing): ApiSchema<'LabelRelease'> {
    const e = listing.entry;
    return {
      id: e.id,
      title: e.title,
      artist: e.artist,
      catno: e.catno,
      format: e.format,
      year: e.year,
      status: e.status,
      thumb: e.thumb,
      resource_url: this.urls.release(e.id),
      stats: collectionStats(listing.community),
    };
  }
}
