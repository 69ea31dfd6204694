import type { Artist } from '../../domain/catalogue/artist.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { TextRenderer } from '../text/text-renderer.js';

/** An artist with the profile rendered in the asked text format. */
export interface ArtistView {
  readonly artist: Artist;
  readonly profile: string;
}

/** Reads one artist; throws NotFound("Artist not found.") for an unknown id. */
export class GetArtist {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly text: TextRenderer,
  ) {}

  async execute(input: { readonly artistId: number; readonly textFormat: TextFormat }): Promise<ArtistView> {
    const stored = await this.catalogue.artist(input.artistId);
    if (!stored) throw new NotFound('Artist not found.');
    return { artist: stored.record, profile: await this.text.renderOne(stored.record.profile, input.textFormat) };
  }
}
