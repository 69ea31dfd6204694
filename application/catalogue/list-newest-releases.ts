import type { CatalogueSamples, ReleaseHeadline } from '../ports/catalogue-samples.js';

/** How many releases a list of the newest may ask for. */
export const NEWEST_RELEASES_MAX = 50;

/**
 * The newest releases of the catalogue, newest first (see `CatalogueSamples.newestReleases`): what the home page shows
 * as recently added. Public, as every catalogue record is; `count` is kept within 1 and {@link NEWEST_RELEASES_MAX}.
 */
export class ListNewestReleases {
  constructor(private readonly samples: CatalogueSamples) {}

  execute(input: { readonly count: number }): Promise<ReleaseHeadline[]> {
    const count = Math.min(NEWEST_RELEASES_MAX, Math.max(1, Math.trunc(input.count) || 1));
    return this.samples.newestReleases(count);
  }
}
