import type { ArtistCredit } from './credit.js';
import type { Image, Video } from './media.js';

/** What a tracklist entry is: a track, a heading between tracks, or an index track holding its parts. */
export type TrackType = 'track' | 'heading' | 'index';

/** A track, heading or index track of a tracklist; index tracks hold their parts in `subTracks`. */
export interface Track {
  readonly position: string;
  readonly type: TrackType;
  readonly title: string;
  readonly duration: string;
  readonly artists: readonly ArtistCredit[];
  readonly extraartists: readonly ArtistCredit[];
  readonly subTracks: readonly Track[];
}

/** A label, series or company entry of a release: the entity, the catalogue number used and the entity's kind. */
export interface ReleaseEntity {
  readonly id: number;
  readonly name: string;
  readonly catno: string;
  /** Discogs entity type code as a string: "1" label, "22" series, others for companies (e.g. "21" Published By). */
  readonly entityType: string;
  readonly entityTypeName: string;
}

/** One format line of a release ("2 × Vinyl, 12\", 33 ⅓ RPM"). `qty` is a string as in the dumps. */
export interface Format {
  readonly name: string;
  readonly qty: string;
  readonly text: string;
  readonly descriptions: readonly string[];
}

/** A barcode, matrix or other identifier printed on a release. */
export interface Identifier {
  readonly type: string;
  readonly value: string;
  readonly description: string;
}

/**
 * A release as loaded from the dumps: read-only catalogue data. `masterId` is null when the release belongs to no
 * master. `released` keeps the dump's text (`1999-03-00`, `1989`, or empty).
 */
export interface Release {
  readonly id: number;
  readonly status: string;
  readonly title: string;
  readonly artists: readonly ArtistCredit[];
  readonly extraartists: readonly ArtistCredit[];
  readonly labels: readonly ReleaseEntity[];
  readonly series: readonly ReleaseEntity[];
  readonly companies: readonly ReleaseEntity[];
  readonly formats: readonly Format[];
  readonly genres: readonly string[];
  readonly styles: readonly string[];
  readonly country: string;
  readonly released: string;
  readonly notes: string;
  readonly dataQuality: string;
  readonly masterId: number | null;
  readonly isMainRelease: boolean;
  readonly tracklist: readonly Track[];
  readonly identifiers: readonly Identifier[];
  readonly videos: readonly Video[];
  readonly images: readonly Image[];
}
