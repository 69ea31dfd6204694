import type { CommunitySummary } from '../../application/ports/community-figures.js';
import type { MarketSummary } from '../../application/ports/market-figures.js';
import { sortCreditLine, type ArtistCredit } from '../../domain/catalogue/credit.js';
import type { Image, Video } from '../../domain/catalogue/media.js';
import type { Release, ReleaseEntity, Track } from '../../domain/catalogue/release.js';
import { formatReleased, releaseYear } from '../../domain/catalogue/release-summary.js';
import { estimatedWeight, formatQuantity } from '../../domain/catalogue/shipping-estimate.js';
import { ApiUrls } from '../../adapters/http/urls.js';
import type { ReleasePeople } from '../../application/ports/release-people.js';

/** Everything a release's API document is made of. */
export interface ReferenceReleaseInput {
  readonly release: Release;
  /** The image objects as linked for the caller (empty URLs for anonymous callers). */
  readonly images: readonly Image[];
  readonly notes: string;
  readonly dateAdded: Date;
  readonly dateChanged: Date;
  readonly market: MarketSummary;
  readonly community: CommunitySummary;
  /** The edit history's people (none when left out). */
  readonly people?: ReleasePeople;
}

const timestamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/**
 * `GET /releases/{id}` as the presenter built it before release templates existed (an object for `JSON.stringify`),
 * kept as the reference the templates are checked against byte for byte, with the images given (the caller's links)
 * instead of the record's. Not used by the application.
 */
export function referenceReleaseDocument(urls: ApiUrls, view: ReferenceReleaseInput): object {
  // The spec's dialect: the login as name and username (GAPS "Two dialects").
  const person = (username: string) => ({ name: username, username, resource_url: urls.user(username) });
  const credit = (c: ArtistCredit): object => ({
    id: c.id,
    name: c.name,
    anv: c.anv,
    join: c.join,
    role: c.role,
    tracks: c.tracks,
    resource_url: c.id ? urls.artist(c.id) : '',
  });
  const image = (i: Image): object => ({
    type: i.type,
    uri: i.uri,
    uri150: i.uri150,
    resource_url: i.uri,
    height: i.height,
    width: i.width,
  });
  const video = (v: Video): object => ({
    uri: v.uri,
    title: v.title,
    description: v.description,
    duration: v.duration,
    embed: v.embed,
  });
  const entity = (e: ReleaseEntity): object => ({
    id: e.id,
    name: e.name,
    catno: e.catno,
    entity_type: e.entityType,
    entity_type_name: e.entityTypeName,
    resource_url: urls.label(e.id),
  });
  const track = (t: Track): object => {
    const out: Record<string, unknown> = { position: t.position, type_: t.type, title: t.title, duration: t.duration };
    if (t.artists.length) out.artists = t.artists.map(credit);
    if (t.extraartists.length) out.extraartists = t.extraartists.map(credit);
    if (t.subTracks.length) out.sub_tracks = t.subTracks.map(track);
    return out;
  };
  const thumb = (images: readonly Image[]): string =>
    (images.find((i) => i.type === 'primary') ?? images[0])?.uri150 ?? '';
  const r = view.release;
  return {
    id: r.id,
    status: r.status,
    year: releaseYear(r.released),
    resource_url: urls.release(r.id),
    uri: urls.web('release', r.id, `${r.artists.map((a) => a.anv || a.name).join(' ')} ${r.title}`),
    artists: r.artists.map(credit),
    artists_sort: sortCreditLine(r.artists),
    labels: r.labels.map(entity),
    series: r.series.map(entity),
    companies: r.companies.map(entity),
    formats: r.formats.map((f) => ({
      name: f.name,
      qty: f.qty,
      ...(f.text ? { text: f.text } : {}),
      descriptions: [...f.descriptions],
    })),
    data_quality: r.dataQuality,
    community: {
      have: view.community.community.inCollection,
      want: view.community.community.inWantlist,
      rating: { count: view.community.rating.count, average: view.community.rating.average ?? 0 },
      submitter: view.people?.submitter == null ? null : person(view.people.submitter),
      contributors: (view.people?.contributors ?? []).map(person),
      data_quality: r.dataQuality,
      status: r.status,
    },
    format_quantity: formatQuantity(r.formats),
    date_added: timestamp(view.dateAdded),
    date_changed: timestamp(view.dateChanged),
    num_for_sale: view.market.numForSale,
    lowest_price: view.market.lowestPrice?.toNumber() ?? null,
    ...(r.masterId ? { master_id: r.masterId, master_url: urls.master(r.masterId) } : {}),
    title: r.title,
    country: r.country,
    released: r.released,
    notes: view.notes,
    released_formatted: formatReleased(r.released),
    identifiers: r.identifiers.map((i) => ({
      type: i.type,
      value: i.value,
      ...(i.description ? { description: i.description } : {}),
    })),
    videos: r.videos.map(video),
    genres: [...r.genres],
    styles: [...r.styles],
    tracklist: r.tracklist.map(track),
    extraartists: r.extraartists.map(credit),
    images: view.images.map(image),
    thumb: thumb(view.images),
    estimated_weight: estimatedWeight(r.formats),
    blocked_from_sale: false,
  };
}
