import { ContainerModule, type Container } from 'inversify';
import { ListPresenter } from '../../adapters/http/lists/list-presenter.js';
import { ListRoutes, type ListUseCases } from '../../adapters/http/lists/list-routes.js';
import { ListWebPageRoutes } from '../../adapters/http/lists/list-web-routes.js';
import { ListPage } from '../../adapters/http/lists/list-page.js';
import type { ApiUrls } from '../../adapters/http/urls.js';
import type { WebSessions } from '../../application/identity/web-sessions.js';
import { AddListItem } from '../../application/lists/add-list-item.js';
import { CreateList } from '../../application/lists/create-list.js';
import { DeleteList } from '../../application/lists/delete-list.js';
import { EditList } from '../../application/lists/edit-list.js';
import { EditListItem } from '../../application/lists/edit-list-item.js';
import { GetList } from '../../application/lists/get-list.js';
import { ListFigures } from '../../application/lists/list-figures.js';
import { ListItemDisplay } from '../../application/lists/list-item-display.js';
import { ListUserLists } from '../../application/lists/list-user-lists.js';
import { RemoveListItem } from '../../application/lists/remove-list-item.js';
import type { ImageLinks } from '../../application/ports/image-links.js';
import type { HoldingCounts } from '../../application/ports/community-figures.js';
import type { Caller } from '../../application/shared/caller.js';
import type { ListItemKind } from '../../domain/lists/user-list.js';
import { CATALOGUE } from '../catalogue/catalogue-tokens.js';
import { CORE } from '../core/core-tokens.js';
import { HTTP } from '../http/http-tokens.js';
import { DEMO_USERS } from '../identity/identity-module.js';
import { IDENTITY } from '../identity/identity-tokens.js';
import { IMAGES } from '../images/images-tokens.js';
import { PERSISTENCE } from '../persistence/persistence-tokens.js';
import type { SpindleModule } from '../spindle-module.js';
import { listsMemory } from './lists-memory.js';
import { listsSql } from './lists-sql.js';
import { listsSchema } from './lists-schema.js';
import { TEXT } from '../text/text-tokens.js';
import { USERS } from '../users/users-tokens.js';
import { LISTS } from './lists-tokens.js';

/**
 * Users' lists: `GET /s/{name}/lists` and `GET /lists/{id}` as the public API has them, the owner's changes
 * (`POST /lists`, `POST`/`DELETE /lists/{id}` and its items), the `/settings/lists` web pages, the lists' part of
 * a profile's figures (`num_lists`), and demo lists for the demo users.
 */
export const listsModule: SpindleModule = {
  name: 'lists',
  schema: listsSchema,
  demoAfter: ['identity', 'catalogue'],

  adapters: { sql: listsSql, memory: listsMemory },

  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      const images = { serviceIdentifier: IMAGES.Links, optional: true } as const;
      bind(LISTS.ItemDisplay)
        .toResolvedValue((catalogue, links: ImageLinks | undefined) => new ListItemDisplay(catalogue, links), [CATALOGUE.Reader, images])
        .inSingletonScope();
      const holdings = { serviceIdentifier: CATALOGUE.HoldingCounts, optional: true } as const;
      bind(LISTS.GetList)
        .toResolvedValue((lists, users, display, text, holdings: HoldingCounts | undefined) => new GetList(lists, users, display, text, holdings), [
          LISTS.Repository,
          IDENTITY.UserRepository,
          LISTS.ItemDisplay,
          TEXT.TextRenderer,
          holdings,
        ])
        .inSingletonScope();
      bind(LISTS.ListUserLists)
        .toResolvedValue((lists, users, display, text) => new ListUserLists(lists, users, display, text), [
          LISTS.Repository,
          IDENTITY.UserRepository,
          LISTS.ItemDisplay,
          TEXT.TextRenderer,
        ])
        .inSingletonScope();
      bind(LISTS.CreateList)
        .toResolvedValue((lists, get, uow, clock) => new CreateList(lists, get, uow, clock), [LISTS.Repository, LISTS.GetList, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(LISTS.EditList)
        .toResolvedValue((lists, get, uow, clock) => new EditList(lists, get, uow, clock), [LISTS.Repository, LISTS.GetList, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(LISTS.DeleteList)
        .toResolvedValue((lists, uow) => new DeleteList(lists, uow), [LISTS.Repository, PERSISTENCE.UnitOfWork])
        .inSingletonScope();
      bind(LISTS.AddListItem)
        .toResolvedValue((lists, display, get, uow, clock) => new AddListItem(lists, display, get, uow, clock), [
          LISTS.Repository,
          LISTS.ItemDisplay,
          LISTS.GetList,
          PERSISTENCE.UnitOfWork,
          CORE.Clock,
        ])
        .inSingletonScope();
      bind(LISTS.EditListItem)
        .toResolvedValue((lists, get, uow, clock) => new EditListItem(lists, get, uow, clock), [LISTS.Repository, LISTS.GetList, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(LISTS.RemoveListItem)
        .toResolvedValue((lists, uow, clock) => new RemoveListItem(lists, uow, clock), [LISTS.Repository, PERSISTENCE.UnitOfWork, CORE.Clock])
        .inSingletonScope();
      bind(USERS.FiguresPart)
        .toResolvedValue((lists) => new ListFigures(lists), [LISTS.Repository])
        .inSingletonScope();
      bind(LISTS.Presenter)
        .toResolvedValue((urls) => new ListPresenter(urls, config.dialect), [HTTP.ApiUrls])
        .inSingletonScope();

      const useCases = [
        LISTS.ListUserLists,
        LISTS.GetList,
        LISTS.CreateList,
        LISTS.EditList,
        LISTS.DeleteList,
        LISTS.AddListItem,
        LISTS.EditListItem,
        LISTS.RemoveListItem,
      ] as const;
      const toUseCases = (
        listUserLists: ListUserLists,
        getList: GetList,
        createList: CreateList,
        editList: EditList,
        deleteList: DeleteList,
        addItem: AddListItem,
        editItem: EditListItem,
        removeItem: RemoveListItem,
      ): ListUseCases => ({ listUserLists, getList, createList, editList, deleteList, addItem, editItem, removeItem });
      bind(HTTP.Routes)
        .toResolvedValue(
          (presenter, ...u: Parameters<typeof toUseCases>) =>
            new ListRoutes(toUseCases(...u), presenter, { baseUrl: config.baseUrl, maxBodyBytes: config.maxBodyBytes }),
          [LISTS.Presenter, ...useCases],
        )
        .inSingletonScope();
      bind(HTTP.Routes)
        .toResolvedValue(
          (sessions, secrets, presenter, ...u: Parameters<typeof toUseCases>) =>
            new ListWebPageRoutes(toUseCases(...u), { sessions, secrets }, presenter, { webUrl: config.webUrl, site: config.siteName }),
          [IDENTITY.WebSessions, IDENTITY.SecretGenerator, LISTS.Presenter, ...useCases],
        )
        .inSingletonScope();
      // A user's lists (`/user/{name}/lists`) and a list's page (`/lists/{slug}/{id}`, the list's `uri`): the same use case and presenter as `GET /lists/{id}`.
      bind(HTTP.Routes)
        .toResolvedValue(
          (getList: GetList, listUserLists: ListUserLists, presenter: ListPresenter, sessions: WebSessions, urls: ApiUrls) =>
            new ListPage(getList, listUserLists, presenter, sessions, urls, { webUrl: config.webUrl, site: config.siteName }),
          [LISTS.GetList, LISTS.ListUserLists, LISTS.Presenter, IDENTITY.WebSessions, HTTP.ApiUrls],
        )
        .inSingletonScope();
    }),

  async demo(container, log) {
    await demoLists(container, log);
  },
};

/**
 * Gives each demo user a public list (a release, a master, an artist and a label from the catalogue, with comments
 * in markup) and a private one (two releases), when they have no lists yet.
 */
async function demoLists(container: Container, log: (line: string) => void): Promise<void> {
  const users = container.get(IDENTITY.UserRepository);
  const lists = container.get(LISTS.Repository);
  const samples = container.get(CATALOGUE.Samples);
  const [releases, masters, artists, labels] = await Promise.all([
    samples.lowestIds('release', 5),
    samples.lowestIds('master', 1),
    samples.lowestIds('artist', 1),
    samples.lowestIds('label', 1),
  ]);
  const made: string[] = [];
  for (const [n, name] of DEMO_USERS.entries()) {
    const user = await users.byLoginName(name);
    if (!user) continue;
    if ((await lists.counts(user.id)).all > 0) {
      log(`lists: ${name} has lists already; demo lists left out`);
      continue;
    }
    const caller: Caller = { kind: 'user', userId: String(user.id), username: user.username, via: 'token' };
    const fill = async (listId: number, items: ReadonlyArray<readonly [ListItemKind, number | undefined, string]>) => {
      for (const [type, id, comment] of items) {
        if (id !== undefined) await container.get(LISTS.AddListItem).execute({ listId, caller, body: () => ({ kind: type, catalogueId: id, comment }), textFormat: 'markup' });
      }
    };
    const favourites = await container.get(LISTS.CreateList).execute({
      caller,
      body: () => ({ name: `${user.realName || name}'s favourites`, description: `What [b]${name}[/b] keeps coming back to.`, isPublic: true }),
      textFormat: 'markup',
    });
    await fill(favourites.id, [
      ['release', releases[n], 'Where it all started.'],
      ['master', masters[0], 'Every pressing of it.'],
      ['artist', artists[0], 'Anything by them.'],
      ['label', labels[0], 'A label to dig through.'],
    ]);
    const private_ = await container.get(LISTS.CreateList).execute({
      caller,
      body: () => ({ name: 'To listen to', description: 'Not for anyone else to see.', isPublic: false }),
      textFormat: 'markup',
    });
    await fill(private_.id, [
      ['release', releases[n + 2], ''],
      ['release', releases[n + 3], 'Heard it once at a friend’s.'],
    ]);
    made.push(name);
  }
  if (made.length > 0) log(`lists: a public and a private list for ${made.join(' and ')}`);
}
