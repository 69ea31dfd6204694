import type { ArtistCredit } from './credit.js';
import type { Image, Video } from './media.js';

/** A master release: the work that groups a release's versions. `mainRelease` is 0 when the dump names none. */
export interface Master {
  readonly id: number;
  readonly mainRelease: number;
  readonly title: string;
  readonly year: number;
  readonly artists: readonly ArtistCredit[];
  readonly genres: readonly string[];
  readonly styles: readonly string[];
  readonly dataQuality: string;
  readonly videos: readonly Video[];
  readonly images: readonly Image[];
}
