import type { Artist } from '../../../domain/catalogue/artist.js';
import type { ArtistCredit } from '../../../domain/catalogue/credit.js';
import type { Label } from '../../../domain/catalogue/label.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Release } from '../../../domain/catalogue/release.js';

/** A credit with empty optional fields. */
export const aCredit = (id: number, name: string, more: Partial<ArtistCredit> = {}): ArtistCredit => ({
  id, name, anv: '', join: '', role: '', tracks: '', ...more,
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
