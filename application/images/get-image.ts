import { NotFound, Unauthenticated } from '../errors.js';
import type { ImageSigner, ImageStore, StoredImage } from '../ports/image-store.js';
import { isAuthenticated, type Caller } from '../shared/caller.js';
import { IMAGE_KEY } from './image-keys.js';

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
