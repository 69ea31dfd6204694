import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { type FileChunks, openFileChunks, openStreamedGunzipChunks } from '../../../../adapters/catalogue/dump/file-chunks.js';
import { demo, Scratch } from '../../../support/dump-fixtures.js';

/** Everything a file's chunks give, copied as they come (each chunk is valid only until the next), or the error. */
async function readAll(open: () => Promise<FileChunks>): Promise<{ bytes: Buffer; chunks: number; read: number } | { error: NodeJS.ErrnoException }> {
  const chunks = await open();
  const parts: Buffer[] = [];
  try {
    for (let c = await chunks.next(); c !== null; c = await chunks.next()) parts.push(Buffer.from(c));
    // Asked again after the end, still the end.
    expect(await chunks.next()).to.equal(null);
    return { bytes: Buffer.concat(parts), chunks: parts.length, read: chunks.bytesRead };
  } catch (err) {
    return { error: err as NodeJS.ErrnoException };
  } finally {
    await chunks.close();
  }
}

describe('Dump reader: file chunks', () => {
  const scratch = new Scratch();
  after(() => scratch.cleanup());

  const whole = zlib.gunzipSync(fs.readFileSync(demo('labels')));
  // (A shorter file where chunks are a few bytes: a call per chunk.)
  const xml = whole.subarray(0, 40_000);
  const gz = zlib.gzipSync(xml);

  for (const chunkBytes of [1, 7, 4096, 256 * 1024]) {
    it(`gives a gzip file's bytes, as the stream API does, in chunks of ${chunkBytes} bytes used again`, async () => {
      const xml = chunkBytes < 64 ? whole.subarray(0, 40_000) : whole;
      const gz = zlib.gzipSync(xml);
      const file = scratch.write(`labels-${chunkBytes}.xml.gz`, gz);
      const reused = await readAll(() => openFileChunks(file, chunkBytes));
      const streamed = await readAll(() => openStreamedGunzipChunks(file, chunkBytes));
      expect(reused).to.have.property('bytes');
      expect((reused as { bytes: Buffer }).bytes.equals(xml)).to.equal(true);
      expect((streamed as { bytes: Buffer }).bytes.equals(xml)).to.equal(true);
      expect((reused as { read: number }).read).to.equal(gz.length);
    });
  }

  it('hands out views of the same memory, chunk after chunk (no buffer per chunk)', async () => {
    const chunks = await openFileChunks(scratch.write('same.xml.gz', gz), 4096);
    try {
      expect(chunks.gzip).to.equal(true);
      const first = await chunks.next();
      const second = await chunks.next();
      expect(first!.buffer).to.equal(second!.buffer);
      expect(first!.byteOffset).to.equal(second!.byteOffset);
    } finally {
      await chunks.close();
    }
  });

  it('reads a plain file in chunks of the same memory', async () => {
    const file = scratch.write('plain.xml', xml);
    expect(((await readAll(() => openFileChunks(file, 1000))) as { bytes: Buffer }).bytes.equals(xml)).to.equal(true);
    const chunks = await openFileChunks(file, 1000);
    try {
      expect(chunks.gzip).to.equal(false);
      const first = await chunks.next();
      const second = await chunks.next();
      expect(first!.buffer).to.equal(second!.buffer);
    } finally {
      await chunks.close();
    }
  });

  const cases: { name: string; bytes: () => Buffer }[] = [
    { name: 'several gzip members one after the other', bytes: () => Buffer.concat([zlib.gzipSync(xml.subarray(0, 5000)), zlib.gzipSync(xml.subarray(5000))]) },
    { name: 'zero bytes of padding after the data', bytes: () => Buffer.concat([gz, Buffer.alloc(1000)]) },
    { name: 'other bytes after the data', bytes: () => Buffer.concat([gz, Buffer.from('not gzip at all')]) },
    { name: 'a file cut part-way', bytes: () => gz.subarray(0, Math.floor(gz.length / 2)) },
    { name: 'a file cut in its header', bytes: () => gz.subarray(0, 5) },
    { name: 'an empty member', bytes: () => zlib.gzipSync(Buffer.alloc(0)) },
    {
      name: 'corrupt data',
      bytes: () => {
        const bad = Buffer.from(gz);
        for (let i = 1000; i < 1400; i++) bad[i] = 0x55;
        return bad;
      },
    },
  ];
  for (const c of cases) {
    for (const chunkBytes of [3, 1024, 256 * 1024]) {
      it(`reads ${c.name} as the stream API does (chunks of ${chunkBytes})`, async () => {
        const file = scratch.write(`case-${chunkBytes}.gz`, c.bytes());
        const reused = await readAll(() => openFileChunks(file, chunkBytes));
        const streamed = await readAll(() => openStreamedGunzipChunks(file, chunkBytes));
        if ('error' in streamed) {
          expect(reused).to.have.property('error');
          const error = (reused as { error: NodeJS.ErrnoException }).error;
          expect(error.code).to.equal(streamed.error.code);
          expect(error.message).to.equal(streamed.error.message);
        } else {
          expect(reused).to.have.property('bytes');
          expect((reused as { bytes: Buffer }).bytes.equals(streamed.bytes)).to.equal(true);
        }
      });
    }
  }

  it('gives the same errors on every call after one', async () => {
    const chunks = await openFileChunks(scratch.write('cut.gz', gz.subarray(0, 100)), 4096);
    try {
      let first: unknown;
      try {
        for (let c = await chunks.next(); c !== null; c = await chunks.next()) void c;
      } catch (err) {
        first = err;
      }
      expect((first as NodeJS.ErrnoException).code).to.equal('Z_BUF_ERROR');
      let again: unknown;
      await chunks.next().catch((err: unknown) => (again = err));
      expect(again).to.equal(first);
    } finally {
      await chunks.close();
    }
  });
});
