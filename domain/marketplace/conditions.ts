/** The media conditions a listing may state, best first, exactly as the spec spells them. */
export const MEDIA_CONDITIONS = [
  'Mint (M)',
  'Near Mint (NM or M-)',
  'Very Good Plus (VG+)',
  'Very Good (VG)',
  'Good Plus (G+)',
  'Good (G)',
  'Fair (F)',
  'Poor (P)',
] as const;

/** A media condition. */
export type MediaCondition = (typeof MEDIA_CONDITIONS)[number];

/** The sleeve conditions: the media conditions plus three that only a sleeve can have. */
export const SLEEVE_CONDITIONS = [...MEDIA_CONDITIONS, 'Generic', 'Not Graded', 'No Cover'] as const;

/** A sleeve condition. */
export type SleeveCondition = (typeof SLEEVE_CONDITIONS)[number];

/** Whether a value is one of the media conditions, spelled exactly. */
export function isMediaCondition(value: unknown): value is MediaCondition {
  return typeof value === 'string' && (MEDIA_CONDITIONS as readonly string[]).includes(value);
}

/** Whether a value is one of the sleeve conditions, spelled exactly. */
export function isSleeveCondition(value: unknown): value is SleeveCondition {
  return typeof value === 'string' && (SLEEVE_CONDITIONS as readonly string[]).includes(value);
}
