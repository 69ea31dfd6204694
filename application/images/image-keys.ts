import type { ImageOwner } from '../ports/image-links.js';

/** The key of an image file without its extension: `release/1/0`, or `release/1/0-150` for the thumbnail. */
export function imageBase(owner: ImageOwner, id: number, position: number, thumbnail: boolean): string {
  return `${owner}/${id}/${position}${thumbnail ? '-150' : ''}`;
}

/** A key as the image route takes it: owner, a positive id, a file of digits, `-150` maybe, and jpg or png. */
export const IMAGE_KEY = /^(release|master|artist|label)\/([1-9][0-9]{0,9})\/([0-9]{1,4})(-150)?\.(jpg|png)$/;
