import type { Release } from './release.js';

/** The facets a master's versions are filtered by, in the order the API lists them (the public API's four). */
export const VERSION_FACETS = [
  { id: 'format', title: 'Format' },
  { id: 'label', title: 'Label' },
  { id: 'country', title: 'Country' },
  { id: 'released', title: 'Released' },
] as const;
export type VersionFacetId = (typeof VERSION_FACETS)[number]['id'];

/**
 * What a version offers each facet that has several values per release: `formats`, the distinct format names and
 * descriptions (`Vinyl`, `LP`, `Album`, …, free text left out, as the public API's facet has them), and `labels`, the
 * distinct names of its labels and companies as the facet titles them (see {@link facetLabel}), in order.
 */
export interface VersionFacetValues {
  readonly formats: readonly string[];
  readonly labels: readonly string[];
}

/** Derives a version's {@link VersionFacetValues}. */
export function versionFacetValues(r: Release): VersionFacetValues {
  const formats: string[] = [];
  for (const f of r.formats) {
    if (f.name.trim() !== '' && !formats.includes(f.name)) formats.push(f.name);
    for (const d of f.descriptions) if (d.trim() !== '' && !formats.includes(d)) formats.push(d);
  }
  const labels: string[] = [];
  for (const e of r.labels) addLabel(labels, e.name);
  for (const e of r.companies) addLabel(labels, e.name);
  return { formats, labels };
}

function addLabel(labels: string[], name: string): void {
  const title = facetLabel(name);
  if (title !== '' && !labels.includes(title)) labels.push(title);
}

/**
 * A label's or company's name as the label facet titles it, as the public API does: without the catalogue's
 * disambiguating number (`Wizard (4)` → `Wizard`), each word capitalised and the rest of it in lower case
 * (`NUCLEAR BLAST GmbH` → `Nuclear Blast Gmbh`), a word being a run of letters and digits (PostgreSQL's `initcap`,
 * which the migration that fills stored versions uses: one rule both ways).
 */
export function facetLabel(name: string): string {
  const bare = name.replace(/\s*\(\d+\)$/, '').trim();
  let out = '';
  let inWord = false;
  for (const ch of bare) {
    const alnum = isLetterOrDigit(ch);
    out += alnum ? (inWord ? ch.toLowerCase() : ch.toUpperCase()) : ch;
    inWord = alnum;
  }
  return out;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** ASCII by its code (every name passes here during an import), anything else by its Unicode category. */
function isLetterOrDigit(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER_OR_DIGIT.test(ch);
}

/** A facet value as the public API writes it for a query string: form-encoded (spaces as `+`, the rest percent-encoded). */
export function facetQueryValue(title: string): string {
  return encodeURIComponent(title)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
