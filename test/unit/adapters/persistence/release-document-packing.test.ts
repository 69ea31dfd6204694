import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { BinaryCopyBuffer } from '../../../../adapters/persistence/catalogue/binary-copy-buffer.js';
import { RELEASE_DOCUMENT_DICTIONARY_1 } from '../../../../adapters/persistence/catalogue/release-document-dictionary-1.js';
import {
  packReleaseDocument,
  packReleaseDocumentAlone,
  packsThroughKeptStream,
  unpackReleaseDocument,
} from '../../../../adapters/persistence/catalogue/release-document-packing.js';
import { releaseTemplate, writeReleaseTemplate } from '../../../../application/catalogue/release-document.js';
import type { Release } from '../../../../domain/catalogue/release.js';
import { demo, readDump } from '../../../support/dump-fixtures.js';

/** The bytea value a COPY row holds after its length (one value written alone into the buffer). */
function copiedValue(out: BinaryCopyBuffer): Buffer {
  const view = Buffer.from(out.view());
  expect(view.readInt32BE(0)).to.equal(view.length - 4);
  return view.subarray(4);
}

describe('Packed release document templates (ADR 0066)', function () {
  this.timeout(60_000);
  let releases: Release[];

  before(async () => {
    releases = await readDump(demo('releases'), 'releases');
  });

  it('give back every sample template, written in place into a COPY row and packed there', () => {
    const out = new BinaryCopyBuffer();
    const digest = crypto.createHash('sha256');
    let packedBytes = 0;
    let textBytes = 0;
    for (const release of releases) {
      out.clear();
      writeReleaseTemplate(out.beginJson(), release);
      const packed = copiedValue(out.endJsonAs(packReleaseDocument));
      digest.update(packed);
      const template = releaseTemplate(release);
      expect(unpackReleaseDocument(packed)).to.equal(template);
      packedBytes += packed.length;
      textBytes += Buffer.byteLength(template);
    }
    // What the dictionary is for: the samples' templates at about a fifth of their size.
    expect(packedBytes / textBytes).to.be.below(0.25);
    // The bytes packed since format 1 was made (Node 20's zlib): other bytes would make a re-import count every
    // release as changed once (a zlib that compresses differently does that too: then say so in ADR 0066).
    expect(digest.digest('hex')).to.equal('6c8b7430e5aa3a26653941564a875d274f7c8ec2e8c013c5db998316757e416d');
  });

  it('are the same bytes every time (the import finds unchanged releases by comparing them)', () => {
    for (const release of releases.slice(0, 50)) {
      const utf8 = Buffer.from(releaseTemplate(release));
      expect(packReleaseDocument(utf8).equals(packReleaseDocument(utf8))).to.equal(true);
    }
  });

  it('are the bytes deflateRawSync makes with a stream per template, though the import packs through one kept stream', () => {
    // Node still has the stream parts the kept stream drives: when an upgrade takes them away, this fails and the
    // import falls back to deflateRawSync (a stream per template, ADR 0066's "Later: the packing's import CPU").
    expect(packsThroughKeptStream()).to.equal(true);
    const out = new BinaryCopyBuffer();
    // Random letters beyond the stream's first 64 KB of output (it grows), and an empty template, among the samples.
    const noise = crypto.createHash('shake256', { outputLength: 150_000 }).update('letters').digest();
    const letters = Buffer.from(Array.from(noise, (b) => String.fromCharCode(33 + (b % 90))).join(''));
    const utf8s = releases.map((release) => {
      out.clear();
      writeReleaseTemplate(out.beginJson(), release);
      return Buffer.from(out.view().subarray(4));
    });
    utf8s.splice(500, 0, letters, Buffer.alloc(0));
    for (const utf8 of utf8s) expect(packReleaseDocument(utf8).equals(packReleaseDocumentAlone(utf8))).to.equal(true);
    expect(packReleaseDocument(letters).length).to.be.above(64 * 1024);
    expect(unpackReleaseDocument(packReleaseDocument(letters))).to.equal(letters.toString());
  });

  it('fall back to deflateRawSync when node:zlib no longer has the stream parts the kept stream drives', async () => {
    const original = Object.getOwnPropertyDescriptor(zlib, 'createDeflateRaw')!;
    const createDeflateRaw = zlib.createDeflateRaw;
    let made = 0;
    Object.defineProperty(zlib, 'createDeflateRaw', {
      ...original,
      value: (options?: zlib.ZlibOptions) => {
        made++;
        const stream = createDeflateRaw(options);
        Object.defineProperty(stream, '_writeState', { value: undefined });
        return stream;
      },
    });
    try {
      // A module instance of its own, which has made no stream yet.
      const packing = (await import(
        new URL('../../../../adapters/persistence/catalogue/release-document-packing.js?fallback', import.meta.url).href
      )) as typeof import('../../../../adapters/persistence/catalogue/release-document-packing.js');
      expect(packing.packsThroughKeptStream()).to.equal(false);
      for (const release of releases.slice(0, 20)) {
        const utf8 = Buffer.from(releaseTemplate(release));
        expect(packing.packReleaseDocument(utf8).equals(packReleaseDocumentAlone(utf8))).to.equal(true);
      }
      expect(made).to.be.above(0);
    } finally {
      Object.defineProperty(zlib, 'createDeflateRaw', original);
    }
  });

  it('stay readable and packed alike: a value packed in format 1 when it was made, and its dictionary unchanged', () => {
    const made = Buffer.from('AYN2rbEPNcDTfEl+cnZGfk4utiEFQ12EdC0A', 'base64');
    const template = '{"id":1,"status":"Accepted","title":"Stockholm","uri":"\u0001W/release/1-Stockholm"}';
    expect(unpackReleaseDocument(made)).to.equal(template);
    // Packed again today, the same bytes (the import finds unchanged releases by comparing stored packed values).
    expect(packReleaseDocument(Buffer.from(template)).equals(made)).to.equal(true);
    expect(crypto.createHash('sha256').update(RELEASE_DOCUMENT_DICTIONARY_1).digest('hex')).to.equal(
      'b4ba45d0513f49967b9707a6df988eaa18e62b6c0cea2ac637188eb5f2861f08',
    );
  });

  it('refuse a format they do not know', () => {
    const packed = packReleaseDocument(Buffer.from('{"id":1}'));
    packed[0] = 2;
    expect(() => unpackReleaseDocument(packed)).to.throw('a packed release document in an unknown format (2)');
  });
});
