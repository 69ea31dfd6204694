import type { Artist } from '../../../domain/catalogue/artist.js';
import { type DumpElement, textOf, texts, toId } from './dump-element.js';
import { mapImages, mapRefs, mapUrls } from './map-shared.js';

/** An `<artist>` record of an artists dump (any era) as the domain Artist; id 0 when it has no valid id. */
export function mapArtist(el: DumpElement): Artist {
  let id = 0;
  let name = '';
  let realname = '';
  let profile = '';
  let dataQuality = '';
  let urls: string[] = [];
  let namevariations: string[] = [];
  let aliases: Artist['aliases'] = [];
  let groups: Artist['groups'] = [];
  let members: Artist['members'] = [];
  let images: Artist['images'] = [];
  for (const c of el.children) {
    switch (c.name) {
      case 'id':
        id = toId(c.text);
        break;
      case 'name':
        name = textOf(c);
        break;
      case 'realname':
        realname = textOf(c);
        break;
      case 'profile':
        profile = textOf(c);
        break;
      case 'data_quality':
        dataQuality = textOf(c);
        break;
      case 'urls':
        urls = mapUrls(c);
        break;
      case 'namevariations':
        namevariations = texts(c);
        break;
      case 'aliases':
        aliases = mapRefs(c, 'name');
        break;
      case 'groups':
        groups = mapRefs(c, 'name');
        break;
      case 'members':
        members = mapRefs(c, 'name');
        break;
      case 'images':
        images = mapImages(c);
        break;
    }
  }
  return { id, name, realname, profile, dataQuality, urls, namevariations, aliases, groups, members, images };
}
