import { createHash } from 'node:crypto';

/** The bytes a user's default images are drawn from: the same user, the same pictures, on every instance. */
function seedBytes(seed: string): Buffer {
  return createHash('sha256').update(seed, 'utf8').digest();
}

/**
 * A user's default avatar when none is set: an identicon (a 5 × 5 grid mirrored left to right, 15 cells on or off and
 * a hue, from the SHA-256 of the login name) as an SVG of 500 × 500, the size of the public API's avatars.
 */
export function defaultAvatarSvg(seed: string): string {
  const bytes = seedBytes(seed);
  const hue = ((bytes[0]! << 8) | bytes[1]!) % 360;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const bit = row * 3 + col;
      if (((bytes[2 + (bit >> 3)]! >> (bit & 7)) & 1) === 0) continue;
      cells.push(`<rect x="${col}" y="${row}" width="1" height="1"/>`);
      if (col < 2) cells.push(`<rect x="${4 - col}" y="${row}" width="1" height="1"/>`);
    }
  }
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="-0.5 -0.5 6 6" shape-rendering="crispEdges">' +
    `<rect x="-0.5" y="-0.5" width="6" height="6" fill="hsl(${hue},20%,94%)"/>` +
    `<g fill="hsl(${hue},55%,45%)">${cells.join('')}</g></svg>`
  );
}

/** A user's default banner when none is set: a band of two hues from the same hash, as an SVG of 1200 × 300. */
export function defaultBannerSvg(seed: string): string {
  const bytes = seedBytes(seed);
  const from = ((bytes[0]! << 8) | bytes[1]!) % 360;
  const to = (from + 40 + (bytes[4]! % 80)) % 360;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${from},45%,55%)"/>` +
    `<stop offset="1" stop-color="hsl(${to},45%,35%)"/></linearGradient></defs>` +
    '<rect width="1200" height="300" fill="url(#g)"/></svg>'
  );
}
