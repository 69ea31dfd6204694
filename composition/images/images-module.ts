import { ContainerModule, type Container } from 'inversify';
import { ImageRoutes } from '../../adapters/http/images/image-routes.js';
import { FolderImageStore } from '../../adapters/system/folder-image-store.js';
import { HmacImageSigner } from '../../adapters/system/hmac-image-signer.js';
import { demoCover } from '../../adapters/system/png.js';
import { GetImage } from '../../application/images/get-image.js';
import { imageBase } from '../../application/images/image-keys.js';
import { StoredImageLinks } from '../../application/images/stored-image-links.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { imagesMemory } from './images-memory.js';
import { imagesSchema } from './images-schema.js';
import { imagesSql } from './images-sql.js';
import { IMAGES } from './images-tokens.js';
import { demoDataFile } from '../demo-data.js';
import type { Release } from '../../domain/catalogue/release.js';

/**
 * Images: a store of image files (a folder), signed image URLs served at `/images/…` to authenticated callers, the
 * links the catalogue's documents show, and generated covers for the demo releases.
 */
export const imagesModule: SpindleModule = {
  name: 'images',
  schema: imagesSchema,

  adapters: { sql: imagesSql, memory: imagesMemory },

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(IMAGES.Store).toConstantValue(new FolderImageStore(config.imageDir));
      const secret = config.imageSigningSecret;
      bind(IMAGES.Signer)
        .toResolvedValue((shared: () => Promise<string>) => new HmacImageSigner(async () => secret ?? shared()), [IMAGES.SharedSigningSecret])
        .inSingletonScope();
      bind(IMAGES.Links)
        .toResolvedValue((store, signer) => new StoredImageLinks(store, signer, (sig, key) => `${config.baseUrl}/images/${sig}/${key}`), [
          IMAGES.Store,
          IMAGES.Signer,
        ])
        .inSingletonScope();
      bind(IMAGES.GetImage)
        .toResolvedValue((store, signer) => new GetImage(store, signer), [IMAGES.Store, IMAGES.Signer])
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue((getImage: GetImage, sessions: WebSessions | undefined) => new ImageRoutes(getImage, sessions), [
          IMAGES.GetImage,
          { serviceIdentifier: IDENTITY.WebSessions, optional: true },
        ])
        .inSingletonScope();
    }),

  async demo(container, log) {
    await demoCovers(container, log);
  },
};

/** A cover (600 px, and a 150 px thumbnail) for the first image of every demo release that has images. */
async function demoCovers(container: Container, log: (line: string) => void): Promise<void> {
  const store = container.get(IMAGES.Store);
  const dump = await container.get(CATALOGUE.DumpReader).open(demoDataFile('discogs_20200806_releases.xml.gz'));
  let made = 0;
  try {
    for await (const batch of dump.batches()) {
      for (const release of (batch as { readonly records: readonly Release[] }).records) {
        if (release.images.length === 0) continue;
        if ((await store.locate(imageBase('release', release.id, 0, false))) !== null) continue;
        await store.write(`${imageBase('release', release.id, 0, false)}.png`, demoCover(release.id, 600));
        await store.write(`${imageBase('release', release.id, 0, true)}.png`, demoCover(release.id, 150));
        made++;
      }
    }
  } finally {
    await dump.close();
  }
  log(made > 0 ? `images: generated covers for ${made} demo releases` : 'images: demo covers already in place');
}
