import type { Artist } from '../../../domain/catalogue/artist.js';
import type { ArtistCredit } from '../../../domain/catalogue/credit.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import { DEFAULT_ENTITY_TYPES } from '../../../domain/catalogue/entity-types.js';
import type { Release, ReleaseEntity, Track } from '../../../domain/catalogue/release.js';
import { trackType } from '../../../domain/catalogue/track-type.js';

/** A credit with empty optional fields. */
export const aCredit = (id: number, name: string, more: Partial<ArtistCredit> = {}): ArtistCredit => ({
  id, name, anv: '', join: '', role: '', tracks: '', ...more,
});

/** A track of a tracklist, typed as the dump reader would type it (`trackType`) unless `more` says otherwise. */
export const aTrack = (position: string, title: string, more: Partial<Track> = {}): Track => ({
  position,
  type: trackType(position, more.duration ?? '', more.subTracks ?? []),
  title,
  duration: '',
  artists: [],
  extraartists: [],
  subTracks: [],
  ...more,
});

/** An entry of a release's `labels`: the label and the catalogue number used there. */
export const onLabel = (id: number, name: string, catno = ''): ReleaseEntity => ({
  id, name, catno, ...DEFAULT_ENTITY_TYPES.labels,
});

/** An entry of a release's `series`. */
export const inSeries = (id: number, name: string, catno = ''): ReleaseEntity => ({
  id, name, catno, ...DEFAULT_ENTITY_TYPES.series,
});

/** A minimal valid release; override what a test cares about. */
export const aRelease = (id: number, more: Partial<Release> = {}): Release => ({
  id,
  status: 'Accepted',
  title: `Release ${id}`,
  artists: [aCredit(1, 'Someone')],
  extraartists: [],
  labels: [],
  series: [],
  companies: [],
  formats: [{ name: 'Vinyl', qty: '1', text: '', descriptions: ['LP'] }],
  genres: [],
  styles: [],
  country: 'UK',
  released: '2001',
  notes: '',
  dataQuality: 'Correct',
  masterId: null,
  isMainRelease: false,
  tracklist: [],
  identifiers: [],
  videos: [],
  images: [],
  ...more,
});

export const aMaster = (id: number, more: Partial<Master> = {}): Master => ({
  id, mainRelease: 0, title: `Master ${id}`, year: 2001, artists: [], genres: [], styles: [], dataQuality: 'Correct', videos: [], images: [], ...more,
});

export const anArtist = (id: number, more: Partial<Artist> = {}): Artist => ({
  id, name: `Artist ${id}`, realname: '', profile: '', dataQuality: 'Correct', urls: [], namevariations: [], aliases: [], groups: [], members: [], images: [], ...more,
});

export const aLabel = (id: number, more: Partial<Label> = {}): Label => ({
  id, name: `Label ${id}`, contactInfo: '', profile: '', dataQuality: 'Correct', urls: [], parentLabel: null, sublabels: [], images: [], ...more,
});
