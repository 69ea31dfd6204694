import type { Image } from '../../domain/catalogue/media.js';
import { NotFound, Unauthenticated } from '../errors.js';
import { unlinked, type ImageLinks, type ImageOwner } from '../ports/image-links.js';
import type { ImageSigner, ImageStore, StoredImage } from '../ports/image-store.js';
import { isAuthenticated, type Caller } from '../shared/caller.js';

/** The key of an image file without its extension: `release/1/0`, or `release/1/0-150` for the thumbnail. */
export function imageBase(owner: ImageOwner, id: number, position: number, thumbnail: boolean): string {
  return `${owner}/${id}/${position}${thumbnail ? '-150' : ''}`;
}

/** A key as the image route takes it: owner, a positive id, a file of digits, `-150` maybe, and jpg or png. */
export const IMAGE_KEY = /^(release|master|artist|label)\/([1-9][0-9]{0,9})\/([0-9]{1,4})(-150)?\.(jpg|png)$/;

/**
 * Image links from the image store: for an authenticated caller, each image whose file the store holds gets a signed
 * URL (`uri` and `resource_url`; `uri150` the thumbnail's, or the full image's when there is no thumbnail); anything
 * else gets empty strings.
 */
export class StoredImageLinks implements ImageLinks {
  constructor(
    private readonly store: ImageStore,
    private readonly signer: ImageSigner,
    /** The absolute URL of a signed key (the HTTP adapter's route). */
    private readonly urlOf: (signature: string, key: string) => string,
  ) {}

  private async link(key: string | null): Promise<string> {
    return key === null ? '' : this.urlOf(await this.signer.sign(key), key);
  }

  async links(owner: ImageOwner, id: number, images: readonly Image[], caller: Caller): Promise<Image[]> {
    if (!isAuthenticated(caller) || images.length === 0) return images.map(unlinked);
    return Promise.all(
      images.map(async (image, position) => {
        const full = await this.store.locate(imageBase(owner, id, position, false));
        if (full === null) return unlinked(image);
        const small = await this.store.locate(imageBase(owner, id, position, true));
        const uri = await this.link(full);
        return { ...image, uri, uri150: small === null ? uri : await this.link(small) };
      }),
    );
  }
}

/** Serves an image file: to authenticated callers only, for a key whose signature is right (else 404, as if absent). */
export class GetImage {
  constructor(
    private readonly store: ImageStore,
    private readonly signer: ImageSigner,
  ) {}

  async execute(input: { caller: Caller; signature: string; key: string }): Promise<StoredImage> {
    if (!isAuthenticated(input.caller)) throw new Unauthenticated();
    if (!IMAGE_KEY.test(input.key) || !(await this.signer.verify(input.key, input.signature))) throw new NotFound();
    const image = await this.store.read(input.key);
    if (!image) throw new NotFound();
    return image;
  }
}
