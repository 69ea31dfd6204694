import type { ArtistCredit } from '../../../domain/catalogue/credit.js';
import type { Image, NamedRef, Video } from '../../../domain/catalogue/media.js';
import { attr, type DumpElement, textOf, toInt, toInt32 } from './dump-element.js';

/** `<artists><artist><id/><name/><anv/><join/><role/><tracks/></artist>…`; missing parts are '' and id 0. */
export function mapCredits(el: DumpElement): ArtistCredit[] {
  const out: ArtistCredit[] = [];
  for (const a of el.children) {
    if (a.name !== 'artist') continue;
    let id = 0;
    let name = '';
    let anv = '';
    let join = '';
    let role = '';
    let tracks = '';
    for (const c of a.children) {
      switch (c.name) {
        case 'id':
          id = toInt32(c.text);
          break;
        case 'name':
          name = textOf(c);
          break;
        case 'anv':
          anv = textOf(c);
          break;
        case 'join':
          join = textOf(c);
          break;
        case 'role':
          role = textOf(c);
          break;
        case 'tracks':
          tracks = textOf(c);
          break;
      }
    }
    out.push({ id, name, anv, join, role, tracks });
  }
  return out;
}

/** `<images><image type uri uri150 width height/>…`. */
export function mapImages(el: DumpElement): Image[] {
  const out: Image[] = [];
  for (const c of el.children) {
    if (c.name !== 'image') continue;
    out.push({
      type: attr(c, 'type') === 'primary' ? 'primary' : 'secondary',
      uri: attr(c, 'uri'),
      uri150: attr(c, 'uri150'),
      width: toInt(attr(c, 'width')),
      height: toInt(attr(c, 'height')),
    });
  }
  return out;
}

/** `<videos><video src duration embed><title/><description/></video>…`. */
export function mapVideos(el: DumpElement): Video[] {
  const out: Video[] = [];
  for (const v of el.children) {
    if (v.name !== 'video') continue;
    let title = '';
    let description = '';
    for (const c of v.children) {
      if (c.name === 'title') title = textOf(c);
      else if (c.name === 'description') description = textOf(c);
    }
    out.push({
      uri: attr(v, 'src'),
      title,
      description,
      duration: toInt(attr(v, 'duration')),
      embed: attr(v, 'embed') === 'true',
    });
  }
  return out;
}

/**
 * References by `<name id="…">` (aliases, groups, members) or `<label id="…">` (sublabels). In older artist dumps a
 * member's id may come only as an `<id>` sibling before its `<name>`; empty references (`<label/>`) are left out.
 */
export function mapRefs(el: DumpElement, element: string): NamedRef[] {
  const out: NamedRef[] = [];
  let lastId = 0;
  for (const c of el.children) {
    if (c.name === 'id') {
      lastId = toInt32(c.text);
      continue;
    }
    if (c.name !== element) continue;
    const idText = attr(c, 'id');
    const id = idText !== '' ? toInt32(idText) : lastId;
    lastId = 0;
    const name = textOf(c);
    if (id === 0 && name === '') continue;
    out.push({ id, name });
  }
  return out;
}

/** Non-empty `<url>` texts. */
export function mapUrls(el: DumpElement): string[] {
  const out: string[] = [];
  for (const c of el.children) {
    if (c.name !== 'url') continue;
    const t = textOf(c);
    if (t !== '') out.push(t);
  }
  return out;
}
