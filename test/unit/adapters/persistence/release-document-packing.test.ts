import crypto from 'node:crypto';
import { expect } from 'chai';
import { BinaryCopyBuffer } from '../../../../adapters/persistence/catalogue/binary-copy-buffer.js';
import { RELEASE_DOCUMENT_DICTIONARY_1 } from '../../../../adapters/persistence/catalogue/release-document-dictionary-1.js';
import { packReleaseDocument, unpackReleaseDocument } from '../../../../adapters/persistence/catalogue/release-document-packing.js';
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
    let packedBytes = 0;
    let textBytes = 0;
    for (const release of releases) {
      out.clear();
      writeReleaseTemplate(out.beginJson(), release);
      const packed = copiedValue(out.endJsonAs(packReleaseDocument));
      const template = releaseTemplate(release);
      expect(unpackReleaseDocument(packed)).to.equal(template);
      packedBytes += packed.length;
      textBytes += Buffer.byteLength(template);
    }
    // What the dictionary is for: the samples' templates at about a fifth of their size.
    expect(packedBytes / textBytes).to.be.below(0.25);
  });

  it('are the same bytes every time (the import finds unchanged releases by comparing them)', () => {
    for (const release of releases.slice(0, 50)) {
      const utf8 = Buffer.from(releaseTemplate(release));
      expect(packReleaseDocument(utf8).equals(packReleaseDocument(utf8))).to.equal(true);
    }
  });

  it('stay readable: a value packed in format 1 when it was made, and its dictionary unchanged', () => {
    const made = Buffer.from('AYN2rbEPNcDTfEl+cnZGfk4utiEFQ12EdC0A', 'base64');
    expect(unpackReleaseDocument(made)).to.equal('{"id":1,"status":"Accepted","title":"Stockholm","uri":"\u0001W/release/1-Stockholm"}');
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
