import type { Image } from '../../domain/catalogue/media.js';
import type { Caller } from '../shared/caller.js';

/** What an image belongs to. */
export type ImageOwner = 'release' | 'master' | 'artist' | 'label';

/**
 * Fills the URLs of a record's image objects for a caller: signed links to the files the image store holds, for
 * authenticated callers; empty strings otherwise (and for images without a file). The objects keep their shape.
 */
export interface ImageLinks {
  links(owner: ImageOwner, id: number, images: readonly Image[], caller: Caller): Promise<Image[]>;
}

/** An image object with no link: what anonymous callers see, and everyone where no store holds the file. */
export function unlinked(image: Image): Image {
  return { ...image, uri: '', uri150: '' };
}

/** Image links where no image store exists: every image object, for everyone, with empty URLs. */
export const NO_IMAGE_LINKS: ImageLinks = {
  async links(_owner, _id, images) {
    return images.map(unlinked);
  },
};

/**
 * The cover of a record for a caller: its primary (else first) image with its links (only the images up to it are
 * linked: a link depends on an image's position); null when the record has no image. Its URLs are empty where
 * `links` gives none (an anonymous caller, no file).
 */
export async function linkedCover(links: ImageLinks, owner: ImageOwner, id: number, images: readonly Image[], caller: Caller): Promise<Image | null> {
  if (images.length === 0) return null;
  const primary = Math.max(0, images.findIndex((i) => i.type === 'primary'));
  const linked = await links.links(owner, id, images.slice(0, primary + 1), caller);
  return linked[primary] ?? null;
}
