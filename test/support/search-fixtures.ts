import type { DumpKind, DumpRecordOf } from '../../application/ports/dump-reader.js';
import {
  artistSearchFacts,
  labelSearchFacts,
  masterSearchFacts,
  releaseSearchFacts,
  type SearchFacts,
} from '../../domain/catalogue/search-facts.js';

export type AnyRecord = DumpRecordOf[DumpKind];

/** A record's search facts, by its kind. */
export function factsOf(kind: DumpKind, record: AnyRecord): SearchFacts {
  if (kind === 'releases') return releaseSearchFacts(record as DumpRecordOf['releases']);
  if (kind === 'masters') return masterSearchFacts(record as DumpRecordOf['masters']);
  if (kind === 'artists') return artistSearchFacts(record as DumpRecordOf['artists']);
  return labelSearchFacts(record as DumpRecordOf['labels']);
}

/** Tokens and grades in the order of their texts, to compare. */
export const sortedTokens = (m: Map<string, number>): [string, number][] =>
  [...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
