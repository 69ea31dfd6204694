import { rejection } from '../../../support/rejection.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { FolderImageStore } from '../../../../adapters/system/folder-image-store.js';
import { HmacImageSigner } from '../../../../adapters/system/hmac-image-signer.js';
import { demoCover, encodePng } from '../../../../adapters/system/png.js';
import { GetImage } from '../../../../application/images/get-image.js';
import { IMAGE_KEY } from '../../../../application/images/image-keys.js';
import { StoredImageLinks } from '../../../../application/images/stored-image-links.js';
import { NotFound, Unauthenticated } from '../../../../application/errors.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import type { Image } from '../../../../domain/catalogue/media.js';

const USER: Caller = { kind: 'user', userId: '1', username: 'u', via: 'token' };
const APP: Caller = { kind: 'application', applicationId: 'a' };


/** Reads a PNG back: its size, its palette (empty without one), and each chunk's CRC checked. */
function readPng(bytes: Buffer): { width: number; height: number; pixels: Buffer; palette: Buffer } {
  expect(bytes.subarray(0, 8)).to.deep.equal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  let width = 0;
  let height = 0;
  let palette: Buffer = Buffer.alloc(0);
  const data: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('ascii', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).to.equal(zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) >>> 0);
    if (type === 'IHDR') [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === 'PLTE') palette = body;
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  return { width, height, pixels: zlib.inflateSync(Buffer.concat(data)), palette };
}

describe('Images', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-images-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('encodes PNGs that read back (size, CRCs, pixels), and demo covers of both sizes', () => {
    const png = readPng(encodePng(2, 2, (x, y) => [x * 255, y * 255, 7]));
    expect([png.width, png.height]).to.deep.equal([2, 2]);
    expect([...png.pixels]).to.deep.equal([0, 0, 0, 7, 255, 0, 7, 0, 0, 255, 7, 255, 255, 7]);
    expect(readPng(demoCover(5, 600))).to.include({ width: 600, height: 600 });
    expect(readPng(demoCover(5, 150))).to.include({ width: 150, height: 150 });
    // The same record on a sleeve for every release (its pixels, one palette index each), in colours of its own.
    const [five, six] = [readPng(demoCover(5, 150)), readPng(demoCover(6, 150))];
    expect(five.pixels.length).to.equal(150 * 151);
    expect(five.pixels.equals(six.pixels)).to.equal(true);
    expect(five.palette.length).to.equal(12);
    expect(five.palette.equals(six.palette)).to.equal(false);
  });

  it('signs whole keys: any other key or signature fails', async () => {
    const signer = new HmacImageSigner(async () => 'x'.repeat(48));
    const sig = await signer.sign('release/1/0.jpg');
    expect(sig).to.match(/^[A-Za-z0-9_-]{32}$/);
    expect(await signer.verify('release/1/0.jpg', sig)).to.equal(true);
    expect(await signer.verify('release/1/0.png', sig)).to.equal(false);
    expect(await signer.verify('release/11/0.jpg', sig)).to.equal(false);
    expect(await signer.verify('release/1/0.jpg', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).to.equal(false);
    expect(await signer.verify('release/1/0.jpg', '')).to.equal(false);
    expect(await new HmacImageSigner(async () => 'y'.repeat(48)).verify('release/1/0.jpg', sig)).to.equal(false);
  });

  it('keeps files in its folder only', async () => {
    const store = new FolderImageStore(folder);
    await store.write('release/1/0.png', Buffer.from('png'));
    expect(await store.locate('release/1/0')).to.equal('release/1/0.png');
    expect(await store.locate('release/1/1')).to.equal(null);
    expect((await store.read('release/1/0.png'))?.contentType).to.equal('image/png');
    expect(await store.read('release/1/9.jpg')).to.equal(null);
    for (const bad of ['../x.png', 'release/../../etc/passwd.png', '/etc/x.png', 'release\\1.png', 'release/1/0.txt']) {
      expect(await rejection(store.read(bad)), bad).to.be.an('error');
    }
    expect(IMAGE_KEY.test('release/1/0.jpg')).to.equal(true);
    for (const bad of ['release/0/0.jpg', 'release/1/0.gif', 'users/1/0.jpg', 'release/1/../0.jpg', 'release/1/0-151.jpg']) {
      expect(IMAGE_KEY.test(bad), bad).to.equal(false);
    }
  });

  it('links images to authenticated callers where files exist, and to no one else', async () => {
    const store = new FolderImageStore(folder);
    await store.write('release/7/0.jpg', Buffer.from('full'));
    await store.write('release/7/0-150.png', Buffer.from('thumb'));
    await store.write('release/7/1.png', Buffer.from('second, no thumbnail'));
    const signer = new HmacImageSigner(async () => 's'.repeat(48));
    const links = new StoredImageLinks(store, signer, (sig, key) => `https://api.test/images/${sig}/${key}`);
    const images: Image[] = [0, 1, 2].map((n) => ({ type: n === 0 ? 'primary' : 'secondary', uri: 'dump', uri150: 'dump', width: 600, height: 600 }));
    for (const caller of [ANONYMOUS]) {
      expect((await links.links('release', 7, images, caller)).map((i) => [i.uri, i.uri150])).to.deep.equal([['', ''], ['', ''], ['', '']]);
    }
    for (const caller of [USER, APP]) {
      const linked = await links.links('release', 7, images, caller);
      expect(linked[0]!.uri).to.equal(`https://api.test/images/${await signer.sign('release/7/0.jpg')}/release/7/0.jpg`);
      expect(linked[0]!.uri150).to.equal(`https://api.test/images/${await signer.sign('release/7/0-150.png')}/release/7/0-150.png`);
      expect(linked[1]!.uri150).to.equal(linked[1]!.uri);
      expect([linked[2]!.uri, linked[2]!.uri150]).to.deep.equal(['', '']);
      expect(linked.map((i) => [i.type, i.width, i.height])).to.deep.equal(images.map((i) => [i.type, i.width, i.height]));
    }
    const get = new GetImage(store, signer);
    const sig = await signer.sign('release/7/0.jpg');
    expect((await get.execute({ caller: USER, signature: sig, key: 'release/7/0.jpg' })).bytes.toString()).to.equal('full');
    expect(await rejection(get.execute({ caller: ANONYMOUS, signature: sig, key: 'release/7/0.jpg' }))).to.be.instanceOf(Unauthenticated);
    expect(await rejection(get.execute({ caller: USER, signature: sig, key: 'release/7/1.png' }))).to.be.instanceOf(NotFound);
    const missing = await signer.sign('release/8/0.jpg');
    expect(await rejection(get.execute({ caller: USER, signature: missing, key: 'release/8/0.jpg' }))).to.be.instanceOf(NotFound);
  });
});
