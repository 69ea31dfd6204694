import { DEFAULT_ENTITY_TYPES, type EntityType } from '../../../domain/catalogue/entity-types.js';
import type { Format, Identifier, Release, ReleaseEntity, Track } from '../../../domain/catalogue/release.js';
import { trackType } from '../../../domain/catalogue/track-type.js';
import { attr, type DumpElement, textOf, texts, toId, toInt32 } from './dump-element.js';
import { mapCredits, mapImages, mapVideos } from './map-shared.js';

/** A `<release id status>` record of a releases dump (any era) as the domain Release; id 0 when it has no valid id. */
export function mapRelease(el: DumpElement): Release {
  let title = '';
  let artists: Release['artists'] = [];
  let extraartists: Release['extraartists'] = [];
  let labels: ReleaseEntity[] = [];
  let series: ReleaseEntity[] = [];
  let companies: ReleaseEntity[] = [];
  let formats: Format[] = [];
  let genres: string[] = [];
  let styles: string[] = [];
  let country = '';
  let released = '';
  let notes = '';
  let dataQuality = '';
  let masterId: number | null = null;
  let isMainRelease = false;
  let tracklist: Track[] = [];
  let identifiers: Identifier[] = [];
  let videos: Release['videos'] = [];
  let images: Release['images'] = [];
  for (const c of el.children) {
    switch (c.name) {
      case 'title':
        title = textOf(c);
        break;
      case 'artists':
        artists = mapCredits(c);
        break;
      case 'extraartists':
        extraartists = mapCredits(c);
        break;
      case 'labels':
        labels = mapEntityAttributes(c, 'label', DEFAULT_ENTITY_TYPES.labels);
        break;
      case 'series':
        series = mapEntityAttributes(c, 'series', DEFAULT_ENTITY_TYPES.series);
        break;
      case 'companies':
        companies = mapCompanies(c);
        break;
      case 'formats':
        formats = mapFormats(c);
        break;
      case 'genres':
        genres = texts(c);
        break;
      case 'styles':
        styles = texts(c);
        break;
      case 'country':
        country = textOf(c);
        break;
      case 'released':
        released = textOf(c);
        break;
      case 'notes':
        notes = textOf(c);
        break;
      case 'data_quality':
        dataQuality = textOf(c);
        break;
      case 'master_id': {
        const id = toInt32(c.text);
        masterId = id > 0 ? id : null;
        isMainRelease = masterId !== null && attr(c, 'is_main_release') === 'true';
        break;
      }
      case 'tracklist':
        tracklist = mapTracks(c);
        break;
      case 'identifiers':
        identifiers = mapIdentifiers(c);
        break;
      case 'videos':
        videos = mapVideos(c);
        break;
      case 'images':
        images = mapImages(c);
        break;
    }
  }
  return {
    id: toId(attr(el, 'id')),
    status: attr(el, 'status'),
    title,
    artists,
    extraartists,
    labels,
    series,
    companies,
    formats,
    genres,
    styles,
    country,
    released,
    notes,
    dataQuality,
    masterId,
    isMainRelease,
    tracklist,
    identifiers,
    videos,
    images,
  };
}

/**
 * `<labels><label name catno id/>` and `<series><series name catno id/>`: entities given by attributes, of the type
 * their list implies.
 */
function mapEntityAttributes(el: DumpElement, element: string, type: EntityType): ReleaseEntity[] {
  const out: ReleaseEntity[] = [];
  for (const c of el.children) {
    if (c.name !== element) continue;
    out.push({
      id: toInt32(attr(c, 'id')),
      name: attr(c, 'name'),
      catno: attr(c, 'catno'),
      entityType: type.entityType,
      entityTypeName: type.entityTypeName,
    });
  }
  return out;
}

/** `<companies><company><id/><name/><catno/><entity_type/><entity_type_name/>…`. */
function mapCompanies(el: DumpElement): ReleaseEntity[] {
  const out: ReleaseEntity[] = [];
  for (const co of el.children) {
    if (co.name !== 'company') continue;
    let id = 0;
    let name = '';
    let catno = '';
    let { entityType, entityTypeName } = DEFAULT_ENTITY_TYPES.companies;
    for (const c of co.children) {
      switch (c.name) {
        case 'id':
          id = toInt32(c.text);
          break;
        case 'name':
          name = textOf(c);
          break;
        case 'catno':
          catno = textOf(c);
          break;
        case 'entity_type':
          entityType = textOf(c).trim();
          break;
        case 'entity_type_name':
          entityTypeName = textOf(c);
          break;
      }
    }
    out.push({ id, name, catno, entityType, entityTypeName });
  }
  return out;
}

/** `<formats><format name qty text><descriptions><description/>…`. */
function mapFormats(el: DumpElement): Format[] {
  const out: Format[] = [];
  for (const f of el.children) {
    if (f.name !== 'format') continue;
    let descriptions: string[] = [];
    for (const c of f.children) if (c.name === 'descriptions') descriptions = texts(c);
    out.push({ name: attr(f, 'name'), qty: attr(f, 'qty'), text: attr(f, 'text'), descriptions });
  }
  return out;
}

/** `<identifiers><identifier type value description/>`. */
function mapIdentifiers(el: DumpElement): Identifier[] {
  const out: Identifier[] = [];
  for (const c of el.children) {
    if (c.name !== 'identifier') continue;
    out.push({ type: attr(c, 'type'), value: attr(c, 'value'), description: attr(c, 'description') });
  }
  return out;
}

/** `<tracklist><track>…`, recursively through `<sub_tracks>`; the type of each is derived (see `trackType`). */
function mapTracks(el: DumpElement): Track[] {
  const out: Track[] = [];
  for (const t of el.children) {
    if (t.name !== 'track') continue;
    let position = '';
    let title = '';
    let duration = '';
    let artists: Track['artists'] = [];
    let extraartists: Track['extraartists'] = [];
    let subTracks: Track[] = [];
    for (const c of t.children) {
      switch (c.name) {
        case 'position':
          position = textOf(c);
          break;
        case 'title':
          title = textOf(c);
          break;
        case 'duration':
          duration = textOf(c);
          break;
        case 'artists':
          artists = mapCredits(c);
          break;
        case 'extraartists':
          extraartists = mapCredits(c);
          break;
        case 'sub_tracks':
          subTracks = mapTracks(c);
          break;
      }
    }
    const type = trackType(position, duration, subTracks);
    out.push({ position, type, title, duration, artists, extraartists, subTracks });
  }
  return out;
}
