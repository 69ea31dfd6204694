import type { ListRequest, Slice } from '../../domain/collection/collection-repository.js';
import type { Instance } from '../../domain/collection/instance.js';
import type { Want } from '../../domain/collection/want.js';

/**
 * Reads a user's collection and wantlist as sorted pages: sorted by the release's fields (label, artist, title,
 * catalogue number, format, year: read from the catalogue, a release it lacks sorting as empty text and year 0,
 * text lower-cased) or the item's own (rating, date added), then by the item's key (instance id, release id).
 */
export interface CollectionListReader {
  /** The instances in a folder (0: the whole collection), sorted, then by instance id. */
  instancesInFolder(userId: number, folderId: number, request: ListRequest): Promise<Slice<Instance>>;
  /** The wants of a user, sorted, then by release id. */
  wantlist(userId: number, request: ListRequest): Promise<Slice<Want>>;
}
