import type { Label } from '../../../domain/catalogue/label.js';
import { attr, type DumpElement, textOf, toId, toInt32 } from './dump-element.js';
import { mapImages, mapRefs, mapUrls } from './map-shared.js';

/** A `<label>` record of a labels dump (any era) as the domain Label; id 0 when it has no valid id. */
export function mapLabel(el: DumpElement): Label {
  let id = 0;
  let name = '';
  let contactInfo = '';
  let profile = '';
  let dataQuality = '';
  let urls: string[] = [];
  let parentLabel: Label['parentLabel'] = null;
  let sublabels: Label['sublabels'] = [];
  let images: Label['images'] = [];
  for (const c of el.children) {
    switch (c.name) {
      case 'id':
        id = toId(c.text);
        break;
      case 'name':
        name = textOf(c);
        break;
      case 'contactinfo':
        contactInfo = textOf(c);
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
      case 'parentLabel': {
        const parentId = toInt32(attr(c, 'id'));
        const parentName = textOf(c);
        if (parentId !== 0 || parentName !== '') parentLabel = { id: parentId, name: parentName };
        break;
      }
      case 'sublabels':
        sublabels = mapRefs(c, 'label');
        break;
      case 'images':
        images = mapImages(c);
        break;
    }
  }
  return { id, name, contactInfo, profile, dataQuality, urls, parentLabel, sublabels, images };
}
