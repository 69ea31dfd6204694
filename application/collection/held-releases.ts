import type { Image } from '../../domain/catalogue/media.js';
import type { Release } from '../../domain/catalogue/release.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import type { Caller } from '../shared/caller.js';

/**
 * A release as a collection or wantlist item shows it (`basic_information`): the catalogue record, or null when the
 * catalogue no longer holds it (a later dump dropped it; the item keeps its id), and its images linked for the caller.
 */
export interface HeldRelease {
  readonly id: number;
  readonly release: Release | null;
  readonly images: readonly Image[];
}

/** Reads the releases of a page of items from the catalogue, each once, with image links for the caller. */
export class HeldReleases {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly imageLinks: ImageLinks = NO_IMAGE_LINKS,
  ) {}

  async of(releaseIds: readonly number[], caller: Caller): Promise<ReadonlyMap<number, HeldRelease>> {
    const distinct = [...new Set(releaseIds)];
    const read = await this.catalogue.releasesOf(distinct);
    const held = await Promise.all(
      distinct.map(async (id): Promise<HeldRelease> => {
        const stored = read.get(id);
        if (!stored) return { id, release: null, images: [] };
        const images = stored.record.images.length ? await this.imageLinks.links('release', id, stored.record.images, caller) : [];
        return { id, release: stored.record, images };
      }),
    );
    return new Map(held.map((h) => [h.id, h]));
  }

  /**
   * Whether the catalogue holds the release (what may be added to a collection or wantlist): its stored document, read
   * as it is, without building the domain release from it.
   */
  async exists(releaseId: number): Promise<boolean> {
    return (await this.catalogue.releaseDocument(releaseId)) !== null;
  }
}
