import { creditLine } from './credit.js';
import type { Format, Release } from './release.js';

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
  return formats
    .map((f) => {
      const qty = Number(f.qty) > 1 ? `${f.qty}x` : '';
      return [`${qty}${f.name}`, f.text, ...f.descriptions].filter((s) => s.trim() !== '').join(', ');
    })
    .filter((s) => s !== '')
    .join(', ');
}

/** The descriptions and free text of every format, without names ("12\", 33 ⅓ RPM"), as master versions show it. */
export function formatDetails(formats: readonly Format[]): string {
  return formats
    .flatMap((f) => [...f.descriptions, f.text])
    .filter((s) => s.trim() !== '')
    .join(', ');
}

/** The distinct format names of a release, in order ("Vinyl", "CD"). */
export function majorFormats(formats: readonly Format[]): string[] {
  return [...new Set(formats.map((f) => f.name).filter((n) => n !== ''))];
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
  };
}
