import type { Artist } from '../../domain/catalogue/artist.js';
import type { Label } from '../../domain/catalogue/label.js';
import type { Master } from '../../domain/catalogue/master.js';
import type { Release } from '../../domain/catalogue/release.js';

/** The four kinds of Discogs data dump, named as their root elements. */
export type DumpKind = 'artists' | 'labels' | 'masters' | 'releases';
/** Every dump kind, in the order an operator would import them. */
export const DUMP_KINDS: readonly DumpKind[] = ['artists', 'labels', 'masters', 'releases'];

/** The catalogue record type each kind of dump holds. */
export interface DumpRecordOf {
  readonly artists: Artist;
  readonly labels: Label;
  readonly masters: Master;
  readonly releases: Release;
}

/** A run of consecutive records of one dump, in file order. */
export type DumpBatch = {
  readonly [K in DumpKind]: { readonly kind: K; readonly records: readonly DumpRecordOf[K][] };
}[DumpKind];

/** How far reading a dump has got: the source bytes consumed (compressed bytes for a gzip file) out of its size. */
export interface DumpPosition {
  readonly bytesRead: number;
  readonly totalBytes: number;
}

/**
 * A dump file opened for reading: its kind is known (the root element has been read), its records come as batches
 * of bounded size, so a dump of any size is read in constant memory. `batches()` may be iterated once; it throws
 * `InvalidDump` when the input turns out to be broken (truncated, not well-formed) part-way.
 */
export interface OpenedDump {
  readonly name: string;
  readonly kind: DumpKind;
  batches(): AsyncIterable<DumpBatch>;
  position(): DumpPosition;
  /** Releases the file; safe to call more than once and before the batches are read to the end. */
  close(): Promise<void>;
}

/** Opens dump files. Throws `InvalidDump` when a file is missing or is not a Discogs data dump. */
export interface DumpReader {
  open(file: string): Promise<OpenedDump>;
}
