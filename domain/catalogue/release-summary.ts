import { creditLine } from './credit.js';
import type { Format, Release } from './release.js';
import { versionFacetValues, type VersionFacetValues } from './version-facets.js';

/** The year of a dump `released` text (`1999-03-00` → 1999); 0 when it has none. */
export function releaseYear(released: string): number {
  const m = /^\s*(\d{4})/.exec(released);
  return m ? Number(m[1]) : 0;
}

/**
 * The one-line format summary shown in release lists ("2xVinyl, 12\", 33 ⅓ RPM, Album"): each format's quantity
 * (when above one) and name, then its free text and descriptions.
 */
export function formatSummary(formats: readonly Format[]): string {
  let line = '';
  for (const f of formats) {
    let part = joinNonBlank('', `${Number(f.qty) > 1 ? `${f.qty}x` : ''}${f.name}`);
    part = joinNonBlank(part, f.text);
    for (const d of f.descriptions) part = joinNonBlank(part, d);
    if (part !== '') line = line === '' ? part : `${line}, ${part}`;
  }
  return line;
}

/** The descriptions and free text of every format, without names ("12\", 33 ⅓ RPM"), as master versions show it. */
export function formatDetails(formats: readonly Format[]): string {
  let line = '';
  for (const f of formats) {
    for (const d of f.descriptions) line = joinNonBlank(line, d);
    line = joinNonBlank(line, f.text);
  }
  return line;
}

/** The distinct format names of a release, in order ("Vinyl", "CD"). */
export function majorFormats(formats: readonly Format[]): string[] {
  const names: string[] = [];
  for (const f of formats) if (f.name !== '' && !names.includes(f.name)) names.push(f.name);
  return names;
}

/** `line, text`, or `line` alone when the text is blank (loops, not arrays: this runs for every release imported). */
function joinNonBlank(line: string, text: string): string {
  if (text.trim() === '') return line;
  return line === '' ? text : `${line}, ${text}`;
}

/**
 * How the dump `released` text is shown: `1999-03-00` → `Mar 1999`, `1999-03-15` → `15 Mar 1999`, `1999` → `1999`.
 * Text that is not a date is returned as it is.
 */
export function formatReleased(released: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(released.trim());
  if (!m) return released.trim();
  const [, y, mo, d] = m;
  const month = mo && Number(mo) >= 1 && Number(mo) <= 12 ? MONTHS[Number(mo) - 1] : undefined;
  if (!month) return y!;
  return d && Number(d) > 0 ? `${Number(d).toString().padStart(2, '0')} ${month} ${y}` : `${month} ${y}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * The values release lists show and sort on, derived from a release: the year, the credit line of its artists, its
 * first label and catalogue number, the format summary and details, the major formats, and the thumbnail (always
 * empty: the dumps carry no image URLs). Stored beside each release by the SQL adapter, held by the in-memory one.
 */
export interface ReleaseListing {
  readonly year: number;
  readonly artist: string;
  readonly label: string;
  readonly catno: string;
  readonly format: string;
  readonly formatDetails: string;
  readonly majorFormats: readonly string[];
  readonly thumb: string;
  /** What the release offers the facets of its master's versions; null for a release without a master. */
  readonly facets: VersionFacetValues | null;
}

/** Derives a release's {@link ReleaseListing}. */
export function releaseListing(r: Release): ReleaseListing {
  const first = r.labels[0];
  return {
    year: releaseYear(r.released),
    artist: creditLine(r.artists),
    label: first?.name ?? '',
    catno: first?.catno ?? '',
    format: formatSummary(r.formats),
    formatDetails: formatDetails(r.formats),
    majorFormats: majorFormats(r.formats),
    thumb: '',
    facets: r.masterId === null ? null : versionFacetValues(r),
  };
}
