import type { Master } from '../../../domain/catalogue/master.js';
import { attr, type DumpElement, textOf, texts, toId, toInt32 } from './dump-element.js';
import { mapCredits, mapImages, mapVideos } from './map-shared.js';

/** A `<master id>` record of a masters dump (any era) as the domain Master; id 0 when it has no valid id. */
export function mapMaster(el: DumpElement): Master {
  let mainRelease = 0;
  let title = '';
  let year = 0;
  let artists: Master['artists'] = [];
  let genres: string[] = [];
  let styles: string[] = [];
  let dataQuality = '';
  let videos: Master['videos'] = [];
  let images: Master['images'] = [];
  for (const c of el.children) {
    switch (c.name) {
      case 'main_release':
        mainRelease = toInt32(c.text);
        break;
      case 'title':
        title = textOf(c);
        break;
      case 'year':
        year = toInt32(c.text);
        break;
      case 'artists':
        artists = mapCredits(c);
        break;
      case 'genres':
        genres = texts(c);
        break;
      case 'styles':
        styles = texts(c);
        break;
      case 'data_quality':
        dataQuality = textOf(c);
        break;
      case 'videos':
        videos = mapVideos(c);
        break;
      case 'images':
        images = mapImages(c);
        break;
    }
  }
  const id = toId(attr(el, 'id'));
  return { id, mainRelease, title, year, artists, genres, styles, dataQuality, videos, images };
}
