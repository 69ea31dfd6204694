import type { Image } from '../../domain/catalogue/media.js';
import { NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import { ANONYMOUS, type Caller } from '../shared/caller.js';
import type { Artist } from '../../domain/catalogue/artist.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { TextRenderer } from '../text/text-renderer.js';

/** An artist with the profile rendered in the asked text format. */
export interface ArtistView {
  readonly artist: Artist;
  readonly profile: string;
  /** The artist's image objects, linked for the caller. */
  readonly images: readonly Image[];
}

/** Reads one artist; throws NotFound("Artist not found.") for an unknown id. */
export class GetArtist {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly text: TextRenderer,
    private readonly imageLinks: ImageLinks = NO_IMAGE_LINKS,
  ) {}

  async execute(input: { readonly artistId: number; readonly textFormat: TextFormat; readonly caller?: Caller }): Promise<ArtistView> {
    const stored = await this.catalogue.artist(input.artistId);
    if (!stored) throw new NotFound('Artist not found.');
    const [profile, images] = await Promise.all([
      this.text.renderOne(stored.record.profile, input.textFormat),
      this.imageLinks.links('artist', stored.record.id, stored.record.images, input.caller ?? ANONYMOUS),
    ]);
    return { artist: stored.record, profile, images };
  }
}
