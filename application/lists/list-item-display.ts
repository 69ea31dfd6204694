import { creditLine, type ArtistCredit } from '../../domain/catalogue/credit.js';
import type { Image } from '../../domain/catalogue/media.js';
import type { ListItemKind, ListItemRef } from '../../domain/lists/user-list.js';
import { webPath } from '../../domain/catalogue/slug.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import { linkedCover, NO_IMAGE_LINKS, type ImageLinks } from '../ports/image-links.js';
import type { Caller } from '../shared/caller.js';

/** How a list shows one catalogue record: its title, its web page's path, its image (linked for the caller). */
export interface ItemDisplay {
  /** `Artist - Title` for releases and masters, the name for artists and labels; `Release 123` for a missing record. */
  readonly displayTitle: string;
  /** The record's web page path, `/release/1-The-Persuader-Stockholm` (`/release/123` for a missing record). */
  readonly webPath: string;
  /** The thumbnail of its primary (else first) image, linked for the caller; empty when there is none to show. */
  readonly imageUrl: string;
  /** Whether the catalogue holds the record. */
  readonly found: boolean;
}

const FALLBACK: Readonly<Record<ListItemKind, string>> = { release: 'Release', master: 'Master', artist: 'Artist', label: 'Label' };

interface Described {
  readonly title: string;
  readonly slugName: string;
  readonly images: readonly Image[];
}

/** A release or master: `Artist - Title`, named for its web page as the catalogue's own documents name it. */
const titled = (artists: readonly ArtistCredit[], title: string, images: readonly Image[]): Described => ({
  title: artists.length ? `${creditLine(artists)} - ${title}` : title,
  slugName: `${artists.map((a) => a.anv || a.name).join(' ')} ${title}`,
  images,
});

/**
 * Describes list items from the catalogue, as the catalogue's own pages name them. A record the catalogue does not
 * hold (any more) is still shown, as `Release 123` with the address it would have, and no image.
 */
export class ListItemDisplay {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly imageLinks: ImageLinks = NO_IMAGE_LINKS,
  ) {}

  /** Whether the catalogue holds the record. */
  async exists(ref: ListItemRef): Promise<boolean> {
    return (await this.read(ref)) !== null;
  }

  /** The display of each item, in the order given. */
  describe(refs: readonly ListItemRef[], caller: Caller): Promise<ItemDisplay[]> {
    return Promise.all(refs.map((ref) => this.describeOne(ref, caller)));
  }

  private async describeOne(ref: ListItemRef, caller: Caller): Promise<ItemDisplay> {
    const record = await this.read(ref);
    if (!record) {
      return { displayTitle: `${FALLBACK[ref.kind]} ${ref.catalogueId}`, webPath: `/${ref.kind}/${ref.catalogueId}`, imageUrl: '', found: false };
    }
    return {
      displayTitle: record.title,
      webPath: webPath(ref.kind, ref.catalogueId, record.slugName),
      imageUrl: await this.image(ref, record.images, caller),
      found: true,
    };
  }

  private async read(ref: ListItemRef): Promise<Described | null> {
    switch (ref.kind) {
      case 'release': {
        const r = (await this.catalogue.release(ref.catalogueId))?.record;
        return r ? titled(r.artists, r.title, r.images) : null;
      }
      case 'master': {
        const m = (await this.catalogue.master(ref.catalogueId))?.record;
        return m ? titled(m.artists, m.title, m.images) : null;
      }
      case 'artist': {
        const a = (await this.catalogue.artist(ref.catalogueId))?.record;
        return a ? { title: a.name, slugName: a.name, images: a.images } : null;
      }
      case 'label': {
        const l = (await this.catalogue.label(ref.catalogueId))?.record;
        return l ? { title: l.name, slugName: l.name, images: l.images } : null;
      }
    }
  }

  /** The thumbnail of the record's cover (the full image where no thumbnail is linked). */
  private async image(ref: ListItemRef, images: readonly Image[], caller: Caller): Promise<string> {
    const cover = await linkedCover(this.imageLinks, ref.kind, ref.catalogueId, images, caller);
    return cover ? cover.uri150 || cover.uri : '';
  }
}
