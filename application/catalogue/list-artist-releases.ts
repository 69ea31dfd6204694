import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Page } from '../shared/page.js';
import type { ArtistReleaseEntry, ArtistReleasesQuery } from './read-models.js';

/** Lists an artist's masters and releases, sorted; throws NotFound("Artist not found.") for an unknown id. */
export class ListArtistReleases {
  constructor(private readonly catalogue: CatalogueReader) {}

  async execute(input: { readonly artistId: number; readonly query: ArtistReleasesQuery }): Promise<Page<ArtistReleaseEntry>> {
    if (!(await this.catalogue.artist(input.artistId))) throw new NotFound('Artist not found.');
    return this.catalogue.artistReleases(input.artistId, input.query);
  }
}
