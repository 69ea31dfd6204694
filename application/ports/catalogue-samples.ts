/** The catalogue kinds a sample can be drawn from. */
export type SampledKind = 'artist' | 'label' | 'master' | 'release';

/**
 * Records the catalogue holds, for the demo data of the modules that refer to catalogue records (whatever dumps were
 * imported, no id is assumed), and whether it holds any release yet (the demo dumps go only into an empty catalogue).
 */
export interface CatalogueSamples {
  /** The lowest `count` ids the catalogue holds of a kind, in ascending order. */
  lowestIds(kind: SampledKind, count: number): Promise<number[]>;
  /** Whether the catalogue holds at least one release. */
  hasReleases(): Promise<boolean>;
  /**
   * The `count` newest releases, newest first: those of the highest ids (Discogs numbers releases as they are added to
   * it; a dump's records all arrive together, so the ids say more than the import's time). One read of the key's end.
   */
  newestReleases(count: number): Promise<ReleaseHeadline[]>;
}

/** A release as a short list shows it (the columns the release lists of artists and labels show). */
export interface ReleaseHeadline {
  readonly id: number;
  readonly title: string;
  readonly artist: string;
  readonly format: string;
  readonly year: number;
}
