import type { ListItemView, ListView } from '../../../application/lists/get-list.js';
import type { ListSummaryView } from '../../../application/lists/list-user-lists.js';
import type { ListItemKind } from '../../../domain/lists/user-list.js';
import { collectionStats, loginOf, timestamp, type Dialect } from '../catalogue/catalogue-presenter.js';
import type { ApiSchema } from '../api-shapes.js';
import { slugify, type ApiUrls } from '../urls.js';

/**
 * Shapes lists into the public API's JSON: `GET /s/{name}/lists` entries as the API documents them, and
 * `GET /lists/{id}` with both the documented keys (`list_id`, `created_ts`, `modified_ts`, `url`) and the ones the
 * API answers with and client libraries read (`id`, `date_added`, `date_changed`, `uri`, `user`, `image_url`).
 */
export class ListPresenter {
  constructor(
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
  ) {}

  /** The list's API resource. */
  resourceUrl(id: number): string {
    return this.urls.api(`/lists/${id}`);
  }

  /**
   * The list's web page: `{web_url}/lists/My-Favourites/12`; a name with no letters or digits gives the slug `list`,
   * so that the page's path never is the API's `/lists/{id}`.
   */
  webUrl(id: number, name: string): string {
    return this.urls.webPage(`/lists/${slugify(name) || 'list'}/${id}`);
  }

  /** An entry of `GET /s/{name}/lists`. */
  summary(v: ListSummaryView): ApiSchema<'ListSummary'> {
    return {
      date_added: timestamp(v.createdAt),
      date_changed: timestamp(v.changedAt),
      name: v.name,
      id: v.id,
      uri: this.webUrl(v.id, v.name),
      resource_url: this.resourceUrl(v.id),
      public: v.isPublic,
      description: v.description,
      image_url: v.imageUrl,
    };
  }

  /** `GET /lists/{id}` (and the answer of every change made through the API). */
  list(v: ListView): ApiSchema<'UserList'> {
    const uri = this.webUrl(v.id, v.name);
    const added = timestamp(v.createdAt);
    const changed = timestamp(v.changedAt);
    const login = loginOf(this.dialect, v.owner.username);
    return {
      id: v.id,
      list_id: v.id,
      name: v.name,
      description: v.description,
      public: v.isPublic,
      date_added: added,
      date_changed: changed,
      created_ts: added,
      modified_ts: changed,
      uri,
      url: uri,
      resource_url: this.resourceUrl(v.id),
      image_url: v.imageUrl,
      user: { id: v.owner.id, ...login, resource_url: this.urls.user(v.owner.username), avatar_url: this.urls.avatar(v.owner.username) },
      items: v.items.map((i) => this.item(i)),
    };
  }

  item(i: ListItemView): ApiSchema<'ListItem'> {
    return {
      id: i.catalogueId,
      type: i.kind,
      display_title: i.displayTitle,
      comment: i.comment,
      uri: this.urls.webPage(i.webPath),
      resource_url: this.recordUrl(i.kind, i.catalogueId),
      image_url: i.imageUrl,
      ...(i.holding ? { stats: collectionStats(i.holding) } : {}),
    };
  }

  private recordUrl(kind: ListItemKind, id: number): string {
    switch (kind) {
      case 'release':
        return this.urls.release(id);
      case 'master':
        return this.urls.master(id);
      case 'artist':
        return this.urls.artist(id);
      case 'label':
        return this.urls.label(id);
    }
  }
}
