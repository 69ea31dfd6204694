import type { SearchResultView } from '../../../application/search/search-database.js';
import { formatQuantity } from '../../../domain/catalogue/shipping-estimate.js';
import type { Format } from '../../../domain/catalogue/release.js';
import type { Dialect } from '../catalogue/catalogue-presenter.js';
import type { ApiUrls } from '../urls.js';

/** A format of a release as search results list it (as the release's own document writes it). */
interface SearchFormat {
  readonly name: string;
  readonly qty: string;
  readonly text?: string;
  readonly descriptions: readonly string[];
}

/** The `user_data` of a result: whether the calling user holds the record. */
interface SearchUserData {
  readonly in_wantlist: boolean;
  readonly in_collection: boolean;
}

/**
 * A result of `GET /database/search`. Every result: `id`, `type`, `title`, `thumb` and `cover_image` (the record's
 * primary image linked for the caller, '' without one), `master_id` and `master_url` (null for artists, labels and
 * releases without a master), `uri` (the web page's path), `resource_url`, and `user_data` for a calling user.
 * Releases and masters add `country`, `year` (a string), `format`, `label`, `genre`, `style`, `catno`, `barcode`
 * and `community`; releases add `formats` and `format_quantity`. Artists and labels carry the spec's list of keys
 * with empty values in the default dialect, and only the common keys in the Discogs dialect, as the public API.
 */
export interface SearchResult {
  readonly id: number;
  readonly type: string;
  readonly title: string;
  readonly thumb: string;
  readonly cover_image: string;
  readonly country?: string;
  readonly year?: string;
  readonly format?: readonly string[];
  readonly label?: readonly string[];
  readonly genre?: readonly string[];
  readonly style?: readonly string[];
  readonly catno?: string;
  readonly barcode?: readonly string[];
  readonly formats?: readonly SearchFormat[];
  readonly format_quantity?: number;
  readonly master_id: number | null;
  readonly master_url: string | null;
  readonly uri: string;
  readonly resource_url: string;
  readonly community?: { readonly want: number; readonly have: number };
  readonly user_data?: SearchUserData;
}

export class SearchPresenter {
  constructor(
    private readonly urls: ApiUrls,
    private readonly dialect: Dialect,
  ) {}

  result(view: SearchResultView): SearchResult {
    const { hit, cover, user } = view;
    const r = hit.result;
    const work = hit.kind === 'release' || hit.kind === 'master';
    const masterId = r.masterId ?? null;
    const values =
      work || this.dialect === 'spec'
        ? {
            country: r.country,
            year: r.year,
            format: r.format,
            label: r.label,
            genre: r.genre,
            style: r.style,
            catno: r.catno,
            ...(work ? { barcode: r.barcode ?? [] } : {}),
            ...(r.formats !== undefined ? { formats: r.formats.map(searchFormat), format_quantity: formatQuantity(r.formats) } : {}),
          }
        : {};
    return {
      id: hit.id,
      type: hit.kind,
      title: r.title,
      thumb: cover?.uri150 ?? '',
      cover_image: cover?.uri ?? '',
      ...values,
      master_id: masterId,
      master_url: masterId === null ? null : this.urls.master(masterId),
      uri: r.uri,
      resource_url: this.resourceUrl(view),
      ...(work || this.dialect === 'spec' ? { community: { want: hit.want, have: hit.have } } : {}),
      ...(user === null ? {} : { user_data: { in_wantlist: user.inWantlist, in_collection: user.inCollection } }),
    };
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

function searchFormat(f: Format): SearchFormat {
  return { name: f.name, qty: f.qty, ...(f.text ? { text: f.text } : {}), descriptions: [...f.descriptions] };
}
