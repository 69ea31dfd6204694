import type { Image } from '../../domain/catalogue/media.js';
import { unlinked, type ImageLinks, type ImageOwner } from '../ports/image-links.js';
import type { ImageSigner, ImageStore } from '../ports/image-store.js';
import { isAuthenticated, type Caller } from '../shared/caller.js';
import { imageBase } from './image-keys.js';

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
