import type { Image, NamedRef } from './media.js';

/** A label (or company) as loaded from the dumps, with its parent and sublabels. */
export interface Label {
  readonly id: number;
  readonly name: string;
  readonly contactInfo: string;
  readonly profile: string;
  readonly dataQuality: string;
  readonly urls: readonly string[];
  readonly parentLabel: NamedRef | null;
  readonly sublabels: readonly NamedRef[];
  readonly images: readonly Image[];
}
