import zlib from 'node:zlib';
import { RELEASE_DOCUMENT_DICTIONARY_1 } from './release-document-dictionary-1.js';

/*
 * A release's document template as `release.packed_document` holds it (ADR 0066): one byte naming the format, then
 * the template's UTF-8 compressed by raw deflate against that format's preset dictionary. PostgreSQL stores the
 * column as it is (`storage external`: no pglz over it). The format byte is what lets a better dictionary come later:
 * it becomes format 2 beside this one, and rows packed in format 1 stay readable until their next import.
 */

/** The preset dictionary of each format, by its byte. */
const DICTIONARIES: readonly (Buffer | undefined)[] = [undefined, RELEASE_DOCUMENT_DICTIONARY_1];

/** The format the import packs in. */
const CURRENT_FORMAT = 1;

/** zlib's default level: the dictionary saves what a higher one would, for less CPU (ADR 0066). */
const LEVEL = 6;

const PACK_OPTIONS: zlib.ZlibOptions = { level: LEVEL, dictionary: DICTIONARIES[CURRENT_FORMAT] };

/**
 * The packed form of a template given as UTF-8. Deterministic for a given zlib (the import compares packed values to
 * find unchanged releases; a zlib that compresses differently makes every release count as changed once).
 */
export function packReleaseDocument(utf8: Uint8Array): Buffer {
  const body = zlib.deflateRawSync(utf8, PACK_OPTIONS);
  const packed = Buffer.allocUnsafe(body.length + 1);
  packed[0] = CURRENT_FORMAT;
  body.copy(packed, 1);
  return packed;
}

/** The template a packed value holds. */
export function unpackReleaseDocument(packed: Uint8Array): string {
  const dictionary = DICTIONARIES[packed[0]!];
  if (dictionary === undefined) throw new Error(`a packed release document in an unknown format (${packed[0]})`);
  return zlib.inflateRawSync(packed.subarray(1), { dictionary }).toString('utf8');
}
