import type { Format } from './release.js';

/** Grams per unit of a format name, with packaging; sizes refine vinyl. Unknown formats weigh like a CD. */
const UNIT_GRAMS: Readonly<Record<string, number>> = {
  Vinyl: 230,
  CD: 100,
  CDr: 100,
  Cassette: 60,
  DVD: 110,
  DVDr: 110,
  'Blu-ray': 110,
  SACD: 100,
  Minidisc: 50,
  'Reel-To-Reel': 400,
  Shellac: 200,
  Flexi: 20,
  Lathe: 150,
  File: 0,
  'Box Set': 0,
  'All Media': 100,
};

const VINYL_SIZE_GRAMS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^7"$/, 40],
  [/^10"$/, 130],
  [/^12"$/, 230],
  [/^LP$/, 230],
];

/** The number of physical items of a release: the sum of its formats' quantities (at least 1 per format). */
export function formatQuantity(formats: readonly Format[]): number {
  return formats.reduce((sum, f) => sum + Math.max(1, Number.parseInt(f.qty, 10) || 1), 0);
}

/**
 * An estimate of the shipping weight in grams: per format, the unit weight (vinyl by its size description) times
 * its quantity. Digital files weigh nothing.
 */
export function estimatedWeight(formats: readonly Format[]): number {
  return formats.reduce((sum, f) => {
    const qty = Math.max(1, Number.parseInt(f.qty, 10) || 1);
    let unit = UNIT_GRAMS[f.name] ?? 100;
    if (f.name === 'Vinyl') {
      const size = VINYL_SIZE_GRAMS.find(([re]) => f.descriptions.some((d) => re.test(d)));
      if (size) unit = size[1];
    }
    return sum + unit * qty;
  }, 0);
}
