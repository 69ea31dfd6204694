import type { SearchHit } from '../../../application/ports/catalogue-search.js';
import type { ApiUrls } from '../urls.js';

/**
 * A search result as the spec shows it: `year` a string, `uri` the web page's path (relative), `barcode` only on
 * releases, `master_id` and `master_url` on releases and masters (as the public API has them), and the community's
 * collection and wantlist counts.
 */
export class SearchPresenter {
  constructor(private readonly urls: ApiUrls) {}

  result(hit: SearchHit): object {
    const r = hit.result;
    const resourceUrl =
      hit.kind === 'release'
        ? this.urls.release(hit.id)
        : hit.kind === 'master'
          ? this.urls.master(hit.id)
          : hit.kind === 'artist'
            ? this.urls.artist(hit.id)
            : this.urls.label(hit.id);
    return {
      id: hit.id,
      type: hit.kind,
      title: r.title,
      thumb: r.thumb,
      country: r.country,
      year: r.year,
      format: r.format,
      label: r.label,
      genre: r.genre,
      style: r.style,
      catno: r.catno,
      ...(r.barcode !== undefined ? { barcode: r.barcode } : {}),
      ...(r.masterId !== undefined
        ? { master_id: r.masterId, master_url: r.masterId === null ? null : this.urls.master(r.masterId) }
        : {}),
      uri: r.uri,
      resource_url: resourceUrl,
      community: { want: hit.want, have: hit.have },
    };
  }
}
