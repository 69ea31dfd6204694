import { VERSION_FACETS, type VersionFacetId } from '../../domain/catalogue/version-facets.js';
import type { VersionFacetCount, VersionFacetCounts } from './read-models.js';

/** A count of one facet's value, as a reader counts it. */
export interface CountedFacetValue extends VersionFacetCount {
  readonly facet: VersionFacetId;
}

/** Code-point order (not the locale's): every reader and every server orders alike. */
const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The facets of a master's versions in the order `VersionFacetCounts` promises (every facet present; by count, most
 * first, then by value; `released` by year), from the counts a reader made.
 */
export function versionFacetCounts(counted: readonly CountedFacetValue[]): VersionFacetCounts {
  const out = Object.fromEntries(VERSION_FACETS.map((f) => [f.id, [] as VersionFacetCount[]])) as Record<VersionFacetId, VersionFacetCount[]>;
  for (const c of counted) out[c.facet].push({ value: c.value, count: c.count });
  for (const f of VERSION_FACETS) {
    out[f.id].sort(f.id === 'released' ? (a, b) => byCodePoint(a.value, b.value) : (a, b) => b.count - a.count || byCodePoint(a.value, b.value));
  }
  return out;
}
