import { ContainerModule } from 'inversify';
import { CollectionPages } from '../../adapters/http/collection/collection-pages.js';
import { ReleaseCopiesPage, type ReleaseCopiesUseCases } from '../../adapters/http/collection/release-copies-page.js';
import { CollectionPresenter } from '../../adapters/http/collection/collection-presenter.js';
import { CollectionRoutes, type CollectionUseCases } from '../../adapters/http/collection/collection-routes.js';
import { CollectionSettingsPage } from '../../adapters/http/collection/collection-settings-page.js';
import { CollectionFigures } from '../../application/collection/collection-figures.js';
import { GetCollectionValue } from '../../application/collection/collection-value.js';
import { AddToFolder } from '../../application/collection/add-to-folder.js';
import { CollectionSettingsUseCase } from '../../application/collection/collection-settings.js';
import { CreateFolder } from '../../application/collection/create-folder.js';
import { DeleteFolder } from '../../application/collection/delete-folder.js';
import { DeleteInstance } from '../../application/collection/delete-instance.js';
import { EditFolder } from '../../application/collection/edit-folder.js';
import { EditInstance } from '../../application/collection/edit-instance.js';
import { EditWant } from '../../application/collection/edit-want.js';
import { GetFolder } from '../../application/collection/get-folder.js';
import { GetWant } from '../../application/collection/get-want.js';
import { ListFields } from '../../application/collection/list-fields.js';
import { ListFolderItems } from '../../application/collection/list-folder-items.js';
import { ListFolders } from '../../application/collection/list-folders.js';
import { ListReleaseInstances } from '../../application/collection/list-release-instances.js';
import { ListWants } from '../../application/collection/list-wants.js';
import { PutWant } from '../../application/collection/put-want.js';
import { RemoveWant } from '../../application/collection/remove-want.js';
import { SetInstanceNote } from '../../application/collection/set-instance-note.js';
import { HeldReleases } from '../../application/collection/held-releases.js';
import type { ApiUrls } from '../../adapters/http/urls.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';
import type { ImageLinks } from '../../application/ports/image-links.js';
import type { ReleasePrices } from '../../application/ports/release-prices.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { EVENTS } from '../events/events-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { IMAGES } from '../images/images-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { collectionMemory } from './collection-memory.js';
import { collectionSql } from './collection-sql.js';
import { collectionSchema } from './collection-schema.js';
import { USERS } from '../users/users-tokens.js';
import { COLLECTION } from './collection-tokens.js';
import { seedDemoCollections } from './demo-collections.js';

/**
 * Users' collections (folders, instances, notes fields, privacy, value) and wantlists: the API under
 * `/s/{name}/collection` and `/s/{name}/wants`, the collection settings web page, the profile's collection and
 * wantlist figures (`USERS.FiguresPart`), the catalogue's collection and wantlist counts (`CATALOGUE.HoldingCounts`)
 * and a search result's `user_data` (`SEARCH.UserHoldings`).
 */
export const collectionModule: SpindleModule = {
  name: 'collection',
  schema: collectionSchema,
  demoAfter: ['identity', 'catalogue'],

  adapters: { sql: collectionSql, memory: collectionMemory },

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(USERS.FiguresPart)
        .toResolvedValue((c, w) => new CollectionFigures(c, w), [COLLECTION.Repository, COLLECTION.Wantlists])
        .inSingletonScope();
      const images = { serviceIdentifier: IMAGES.Links, optional: true } as const;
      const prices = { serviceIdentifier: COLLECTION.ReleasePrices, optional: true } as const;
      bind(COLLECTION.HeldReleases)
        .toResolvedValue((c, i: ImageLinks | undefined) => new HeldReleases(c, i), [CATALOGUE.Reader, images])
        .inSingletonScope();

      const users = IDENTITY.UserRepository;
      const repo = COLLECTION.Repository;
      const wants = COLLECTION.Wantlists;
      const lists = COLLECTION.ListReader;
      const held = COLLECTION.HeldReleases;
      const uow = PERSISTENCE.UnitOfWork;
      const clock = CORE.Clock;
      bind(COLLECTION.ListFolders).toResolvedValue((u, c) => new ListFolders(u, c), [users, repo]).inSingletonScope();
      bind(COLLECTION.GetFolder).toResolvedValue((u, c) => new GetFolder(u, c), [users, repo]).inSingletonScope();
      bind(COLLECTION.CreateFolder).toResolvedValue((u, c, w) => new CreateFolder(u, c, w), [users, repo, uow]).inSingletonScope();
      bind(COLLECTION.EditFolder).toResolvedValue((u, c, w) => new EditFolder(u, c, w), [users, repo, uow]).inSingletonScope();
      bind(COLLECTION.DeleteFolder).toResolvedValue((u, c, w) => new DeleteFolder(u, c, w), [users, repo, uow]).inSingletonScope();
      bind(COLLECTION.ListFolderItems).toResolvedValue((u, c, l, h) => new ListFolderItems(u, c, l, h), [users, repo, lists, held]).inSingletonScope();
      bind(COLLECTION.ListReleaseInstances).toResolvedValue((u, c, h) => new ListReleaseInstances(u, c, h), [users, repo, held]).inSingletonScope();
      bind(COLLECTION.AddToFolder)
        .toResolvedValue((u, c, h, w, k, e) => new AddToFolder(u, c, h, w, k, e), [users, repo, held, uow, clock, EVENTS.Recorder])
        .inSingletonScope();
      bind(COLLECTION.EditInstance)
        .toResolvedValue((u, c, h, w, k, e) => new EditInstance(u, c, h, w, k, e), [users, repo, held, uow, clock, EVENTS.Recorder])
        .inSingletonScope();
      bind(COLLECTION.DeleteInstance)
        .toResolvedValue((u, c, h, w, k, e) => new DeleteInstance(u, c, h, w, k, e), [users, repo, held, uow, clock, EVENTS.Recorder])
        .inSingletonScope();
      bind(COLLECTION.SetInstanceNote)
        .toResolvedValue((u, c, h, w, k, e) => new SetInstanceNote(u, c, h, w, k, e), [users, repo, held, uow, clock, EVENTS.Recorder])
        .inSingletonScope();
      bind(COLLECTION.ListFields).toResolvedValue((u, c) => new ListFields(u, c), [users, repo]).inSingletonScope();
      bind(COLLECTION.Settings).toResolvedValue((u, c, w) => new CollectionSettingsUseCase(u, c, w), [users, repo, uow]).inSingletonScope();
      bind(COLLECTION.GetValue)
        .toResolvedValue((u, c, p: ReleasePrices | undefined) => new GetCollectionValue(u, c, p), [users, repo, prices])
        .inSingletonScope();
      bind(COLLECTION.ListWants).toResolvedValue((u, c, l, h) => new ListWants(u, c, l, h), [users, repo, lists, held]).inSingletonScope();
      bind(COLLECTION.GetWant).toResolvedValue((u, c, w, h) => new GetWant(u, c, w, h), [users, repo, wants, held]).inSingletonScope();
      bind(COLLECTION.PutWant)
        .toResolvedValue((u, c, w, h, x, k, e) => new PutWant(u, c, w, h, x, k, e), [users, repo, wants, held, uow, clock, EVENTS.Recorder])
        .inSingletonScope();
      bind(COLLECTION.EditWant)
        .toResolvedValue((u, c, w, h, x, k, e) => new EditWant(u, c, w, h, x, k, e), [users, repo, wants, held, uow, clock, EVENTS.Recorder])
        .inSingletonScope();
      bind(COLLECTION.RemoveWant)
        .toResolvedValue((u, c, w, h, x, k, e) => new RemoveWant(u, c, w, h, x, k, e), [users, repo, wants, held, uow, clock, EVENTS.Recorder])
        .inSingletonScope();

      bind(HTTP.Routes)
        .toResolvedValue(
          (settings, sessions, secrets, urls) => new CollectionSettingsPage(settings, { sessions, secrets }, urls, { webUrl: config.webUrl, site: config.siteName }),
          [COLLECTION.Settings, IDENTITY.WebSessions, IDENTITY.SecretGenerator, HTTP.ApiUrls],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toDynamicValue(({ get }) => {
          const useCases: CollectionUseCases = {
            listFolders: get(COLLECTION.ListFolders),
            getFolder: get(COLLECTION.GetFolder),
            createFolder: get(COLLECTION.CreateFolder),
            editFolder: get(COLLECTION.EditFolder),
            deleteFolder: get(COLLECTION.DeleteFolder),
            listFolderItems: get(COLLECTION.ListFolderItems),
            listReleaseInstances: get(COLLECTION.ListReleaseInstances),
            addToFolder: get(COLLECTION.AddToFolder),
            editInstance: get(COLLECTION.EditInstance),
            deleteInstance: get(COLLECTION.DeleteInstance),
            setInstanceNote: get(COLLECTION.SetInstanceNote),
            listFields: get(COLLECTION.ListFields),
            getValue: get(COLLECTION.GetValue),
            listWants: get(COLLECTION.ListWants),
            getWant: get(COLLECTION.GetWant),
            putWant: get(COLLECTION.PutWant),
            editWant: get(COLLECTION.EditWant),
            removeWant: get(COLLECTION.RemoveWant),
          };
          return new CollectionRoutes(useCases, new CollectionPresenter(get(HTTP.ApiUrls)), { baseUrl: config.baseUrl, maxBodyBytes: config.maxBodyBytes });
        })
        .inSingletonScope();
      // The page of a release's copies and want for the signed-in (`/release/{id}/yours`), with the routes' use cases.
      bind(HTTP.Routes)
        .toDynamicValue(({ get }) => {
          const useCases: ReleaseCopiesUseCases = {
            listFolders: get(COLLECTION.ListFolders),
            listFields: get(COLLECTION.ListFields),
            listReleaseInstances: get(COLLECTION.ListReleaseInstances),
            addToFolder: get(COLLECTION.AddToFolder),
            editInstance: get(COLLECTION.EditInstance),
            setInstanceNote: get(COLLECTION.SetInstanceNote),
            getWant: get(COLLECTION.GetWant),
            putWant: get(COLLECTION.PutWant),
            editWant: get(COLLECTION.EditWant),
            held: get(COLLECTION.HeldReleases),
          };
          const urls = get(HTTP.ApiUrls);
          return new ReleaseCopiesPage(
            useCases,
            new CollectionPresenter(urls),
            { sessions: get(IDENTITY.WebSessions), secrets: get(IDENTITY.SecretGenerator) },
            urls,
            { webUrl: config.webUrl, site: config.siteName },
          );
        })
        .inSingletonScope();
      // The collection and wantlist pages (`/user/{name}/collection`, `/wants`): the routes' use cases and presenter.
      bind(HTTP.Routes)
        .toResolvedValue(
          (listFolderItems: ListFolderItems, listWants: ListWants, urls: ApiUrls, sessions: WebSessions | undefined) =>
            new CollectionPages({ listFolderItems, listWants }, new CollectionPresenter(urls), sessions, urls, {
              webUrl: config.webUrl,
              site: config.siteName,
            }),
          [
            COLLECTION.ListFolderItems,
            COLLECTION.ListWants,
            HTTP.ApiUrls,
            { serviceIdentifier: IDENTITY.WebSessions, optional: true } as const,
          ],
        )
        .inSingletonScope();
    }),

  demo: seedDemoCollections,
};
