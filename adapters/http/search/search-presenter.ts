import type { SearchResultView } from '../../../application/search/search-database.js';
import { formatQuantity } from '../../../domain/catalogue/shipping-estimate.js';
import type { Format } from '../../../domain/catalogue/release.js';
import type { SearchKind } from '../../../domain/catalogue/search-facts.js';
import type { Dialect } from '../catalogue/catalogue-presenter.js';
import type { ApiSchema } from '../api-shapes.js';
import type { ApiUrls } from '../urls.js';

/**
 * Shapes `GET /database/search` results as the document's `SearchResult` (a union by type). Every result: `id`,
 * `type`, `title`, `thumb` and `cover_image` (the record's primary image linked for the caller, '' without one),
 * `master_id` and `master_url`, `uri` (the web page's path), `resource_url`, and `user_data` for a calling user.
 * Releases and masters add `country`, `year` (a string), `format`, `label`, `genre`, `style`, `catno`, `barcode` and
 * `community`; releases add `formats` and `format_quantity`. Artists and labels carry the spec's list of keys with
 * empty values in the default dialect, and only the common keys in the Discogs dialect, as the public API.
 */
export class SearchPresenter {
  constructor(
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
  ) {}

  result(view: SearchResultView): ApiSchema<'SearchResult'> {
    const { hit, cover, user } = view;
    const r = hit.result;
    const head = <T extends SearchKind>(type: T) => ({ id: hit.id, type, title: r.title, thumb: cover?.uri150 ?? '', cover_image: cover?.uri ?? '' });
    const values = {
      country: r.country,
      year: r.year,
      format: [...r.format],
      label: [...r.label],
      genre: [...r.genre],
      style: [...r.style],
      catno: r.catno,
      barcode: [...(r.barcode ?? [])],
    };
    const links = { uri: r.uri, resource_url: this.resourceUrl(view) };
    const community = { community: { want: hit.want, have: hit.have } };
    const userData = user === null ? {} : { user_data: { in_wantlist: user.inWantlist, in_collection: user.inCollection } };
    switch (hit.kind) {
      case 'release': {
        // A release's facts always list its formats (releaseSearchEntry); a master's own id is its master_id.
        const formats = r.formats ?? [];
        const masterId = r.masterId ?? null;
        return {
          ...head(hit.kind),
          ...values,
          formats: formats.map(searchFormat),
          format_quantity: formatQuantity(formats),
          master_id: masterId,
          master_url: masterId === null ? null : this.urls.master(masterId),
          ...links,
          ...community,
          ...userData,
        };
      }
      case 'master': {
        const masterId = r.masterId ?? hit.id;
        return { ...head(hit.kind), ...values, master_id: masterId, master_url: this.urls.master(masterId), ...links, ...community, ...userData };
      }
      case 'artist':
      case 'label':
        // An artist's or label's facts hold no values (search-facts.ts EMPTY_RESULT): the spec's empty constants.
        return this.dialect === 'spec'
          ? {
              ...head(hit.kind),
              country: '',
              year: '',
              format: [],
              label: [],
              genre: [],
              style: [],
              catno: '',
              master_id: null,
              master_url: null,
              ...links,
              ...community,
              ...userData,
            }
          : { ...head(hit.kind), master_id: null, master_url: null, ...links, ...userData };
    }
  }

  private resourceUrl({ hit }: SearchResultView): string {
    switch (hit.kind) {
      case 'release':
        return this.urls.release(hit.id);
      case 'master':
        return this.urls.master(hit.id);
      case 'artist':
        return this.urls.artist(hit.id);
      case 'label':
        return this.urls.label(hit.id);
    }
  }
}

function searchFormat(f: Format): ApiSchema<'SearchFormat'> {
  return { name: f.name, qty: f.qty, ...(f.text ? { text: f.text } : {}), descriptions: [...f.descriptions] };
}
