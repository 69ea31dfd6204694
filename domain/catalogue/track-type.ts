import type { TrackType } from './release.js';

/**
 * The type the dumps imply for a tracklist entry, which they do not state: `index` when it has sub-tracks, `heading`
 * when it has neither a position nor a duration (blank counts as none), `track` otherwise.
 */
export function trackType(position: string, duration: string, subTracks: readonly unknown[]): TrackType {
  if (subTracks.length > 0) return 'index';
  return position.trim() === '' && duration.trim() === '' ? 'heading' : 'track';
}
