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

/**
 * A truecolour PNG (8 bits per channel, no alpha) of `width` × `height` from its rows of pixels (3 bytes each): a tiny
 * encoder for the demo's generated covers (signature, IHDR, one zlib-compressed IDAT, IEND).
 */
export function encodePngRows(width: number, height: number, rgb: Buffer, level = 6): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) rgb.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride); // filter 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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

/** A demo cover for a release: a record on a sleeve, in colours of its own (drawn from its id). */
export function demoCover(id: number, size: number): Buffer {
  const hue = (id * 137) % 360;
  const palette = [hsl(hue, 0.55), hsl((hue + 180) % 360, 0.6), [24, 24, 24], [40, 40, 40]] as const;
  const map = regions(size);
  const rgb = Buffer.alloc(size * size * 3);
  for (let i = 0, at = 0; i < map.length; i++) {
    const colour = palette[map[i]!]!;
    rgb[at++] = colour[0];
    rgb[at++] = colour[1];
    rgb[at++] = colour[2];
  }
  return encodePngRows(size, size, rgb, 6);
}
