import type { GetImage } from '../../application/images/get-image.js';
import type { ImageLinks } from '../../application/ports/image-links.js';
import type { ImageSigner, ImageStore } from '../../application/ports/image-store.js';
import { token } from '../token.js';

export const IMAGES = {
  Store: token<ImageStore>('images/Store'),
  Signer: token<ImageSigner>('images/Signer'),
  /**
   * The image-signing key every instance on one storage shares when IMAGE_SIGNING_SECRET sets none: made once, kept by
   * the storage (the database's `server_secret`, or the in-memory storage).
   */
  SharedSigningSecret: token<() => Promise<string>>('images/SharedSigningSecret'),
  /** The catalogue's documents take their image links from here (optional: without it, no links). */
  Links: token<ImageLinks>('images/Links'),
  GetImage: token<GetImage>('images/GetImage'),
} as const;
