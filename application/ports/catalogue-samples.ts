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
}
