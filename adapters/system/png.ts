import zlib from 'node:zlib';

/** One PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `width` × `height` from its header's colour type, the chunks between header and pixels, and the deflated pixels. */
function png(width: number, height: number, colourType: number, chunks: readonly Buffer[], deflated: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(colourType, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...chunks,
    chunk('IDAT', deflated),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Rows of `bytesPerPixel`-byte pixels as a PNG's IDAT holds them: each row after its filter byte (0, none), deflated. */
function deflateRows(width: number, height: number, bytesPerPixel: number, pixels: Uint8Array, level: number): Buffer {
  const stride = width * bytesPerPixel;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return zlib.deflateSync(raw, { level });
}

/**
 * A truecolour PNG (8 bits per channel, no alpha) of `width` × `height` from its rows of pixels (3 bytes each): a tiny
 * encoder (signature, IHDR, one zlib-compressed IDAT, IEND).
 */
export function encodePngRows(width: number, height: number, rgb: Buffer, level = 6): Buffer {
  return png(width, height, 2, [], deflateRows(width, height, 3, rgb, level));
}

/** A PNG from `pixel(x, y)` → [r, g, b]. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly [number, number, number]): Buffer {
  const rgb = Buffer.alloc(width * height * 3);
  let at = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rgb[at++] = r;
      rgb[at++] = g;
      rgb[at++] = b;
    }
  }
  return encodePngRows(width, height, rgb);
}

/** Which part of a cover each pixel is (0 sleeve, 1 label, 2 and 3 the grooves), per size: the same for every cover. */
const REGIONS = new Map<number, Uint8Array>();

function regions(size: number): Uint8Array {
  let map = REGIONS.get(size);
  if (map) return map;
  map = new Uint8Array(size * size);
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - c, y - c) / (size / 2);
      map[y * size + x] = r > 0.92 || r < 0.05 ? 0 : r < 0.33 ? 1 : Math.floor(r * 40) % 2 === 0 ? 2 : 3;
    }
  }
  REGIONS.set(size, map);
  return map;
}

function hsl(h: number, l: number): [number, number, number] {
  const a = 0.5 * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * The deflated pixels of a cover of each size: an index into the cover's palette per pixel (its region), the same for
 * every cover, so compressed once per size however many covers are made.
 */
const COVER_PIXELS = new Map<number, Buffer>();

function coverPixels(size: number): Buffer {
  let deflated = COVER_PIXELS.get(size);
  if (!deflated) {
    deflated = deflateRows(size, size, 1, regions(size), 6);
    COVER_PIXELS.set(size, deflated);
  }
  return deflated;
}

/**
 * A demo cover for a release: a record on a sleeve, in colours of its own (drawn from its id). An indexed-colour PNG:
 * the release's four colours in its palette (PLTE), and the pixels every cover of the size shares.
 */
export function demoCover(id: number, size: number): Buffer {
  const hue = (id * 137) % 360;
  const palette = [hsl(hue, 0.55), hsl((hue + 180) % 360, 0.6), [24, 24, 24], [40, 40, 40]] as const;
  return png(size, size, 3, [chunk('PLTE', Buffer.from(palette.flat()))], coverPixels(size));
}
