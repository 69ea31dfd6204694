import type { CatalogueReader, StoredMasterDocument } from '../ports/catalogue-reader.js';

/**
 * `CatalogueReader.masterDocument` for a reader that keeps nothing with a master: the master, then its main release
 * for the tracklist (none when it has no main release, or the main release is not in the catalogue).
 */
export async function masterWithMainTracklist(
  reader: Pick<CatalogueReader, 'master' | 'release' | 'mostRecentVersion'>,
  masterId: number,
): Promise<StoredMasterDocument | null> {
  const stored = await reader.master(masterId);
  if (!stored) return null;
  const [main, mostRecentRelease] = await Promise.all([
    stored.record.mainRelease ? reader.release(stored.record.mainRelease) : null,
    reader.mostRecentVersion(masterId),
  ]);
  return { ...stored, mainTracklist: main?.record.tracklist ?? [], mostRecentRelease };
}
