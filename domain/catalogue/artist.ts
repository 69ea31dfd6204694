import type { Image, NamedRef } from './media.js';

/** An artist (person or group) as loaded from the dumps. Members are set for groups, groups for members. */
export interface Artist {
  readonly id: number;
  readonly name: string;
  readonly realname: string;
  readonly profile: string;
  readonly dataQuality: string;
  readonly urls: readonly string[];
  readonly namevariations: readonly string[];
  readonly aliases: readonly NamedRef[];
  readonly groups: readonly NamedRef[];
  readonly members: readonly NamedRef[];
  readonly images: readonly Image[];
}
