import { ContainerModule } from 'inversify';
import { GetArtist } from '../../application/catalogue/get-artist.js';
import { GetLabel } from '../../application/catalogue/get-label.js';
import { GetMaster } from '../../application/catalogue/get-master.js';
import { GetRelease } from '../../application/catalogue/get-release.js';
import { ListArtistReleases } from '../../application/catalogue/list-artist-releases.js';
import { ListLabelReleases } from '../../application/catalogue/list-label-releases.js';
import { ListMasterVersions } from '../../application/catalogue/list-master-versions.js';
import { TextRenderer } from '../../application/text/text-renderer.js';
import { TOKENS } from '../tokens.js';

/** The use cases, bound without decorators to the ports they take. */
export function applicationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.TextRenderer)
      .toResolvedValue((names, config) => new TextRenderer(names, config.webUrl), [TOKENS.NameResolver, TOKENS.Config])
      .inSingletonScope();
    bind(TOKENS.GetRelease)
      .toResolvedValue((c, m, t) => new GetRelease(c, m, t), [TOKENS.CatalogueReader, TOKENS.MarketFigures, TOKENS.TextRenderer])
      .inSingletonScope();
    bind(TOKENS.GetMaster)
      .toResolvedValue((c, m) => new GetMaster(c, m), [TOKENS.CatalogueReader, TOKENS.MarketFigures])
      .inSingletonScope();
    bind(TOKENS.ListMasterVersions)
      .toResolvedValue((c) => new ListMasterVersions(c), [TOKENS.CatalogueReader])
      .inSingletonScope();
    bind(TOKENS.GetArtist)
      .toResolvedValue((c, t) => new GetArtist(c, t), [TOKENS.CatalogueReader, TOKENS.TextRenderer])
      .inSingletonScope();
    bind(TOKENS.ListArtistReleases)
      .toResolvedValue((c) => new ListArtistReleases(c), [TOKENS.CatalogueReader])
      .inSingletonScope();
    bind(TOKENS.GetLabel)
      .toResolvedValue((c, t) => new GetLabel(c, t), [TOKENS.CatalogueReader, TOKENS.TextRenderer])
      .inSingletonScope();
    bind(TOKENS.ListLabelReleases)
      .toResolvedValue((c) => new ListLabelReleases(c), [TOKENS.CatalogueReader])
      .inSingletonScope();
  });
}
