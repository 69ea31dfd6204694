import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { XmlDumpReader } from '../../../../adapters/catalogue/dump/xml-dump-reader.js';
import { InvalidDump } from '../../../../application/catalogue/invalid-dump.js';
import { Invalid } from '../../../../application/errors.js';
import { demo, readDump, Scratch } from '../../../support/dump-fixtures.js';

async function failure(file: string): Promise<InvalidDump> {
  try {
    const dump = await new XmlDumpReader().open(file);
    try {
      for await (const batch of dump.batches()) void batch;
    } finally {
      await dump.close();
    }
  } catch (err) {
    expect(err).to.be.instanceOf(InvalidDump);
    expect(err).to.be.instanceOf(Invalid);
    return err as InvalidDump;
  }
  throw new Error(`${file} was read without an error`);
}

describe('Dump reader: input', () => {
  const scratch = new Scratch();
  after(() => scratch.cleanup());

  it('removes control characters, raw or as references, and keeps tab, CR and LF', async () => {
    const file = scratch.write(
      'control.xml',
      '<releases><release id="1" status="Accepted"><title>A\x03B\x07C&#3;D&#x1F;E</title>' +
        '<notes>tab\there&#13;\nline\x0bend</notes></release></releases>',
    );
    const [r] = await readDump(file, 'releases');
    expect(r!.title).to.equal('ABCDE');
    expect(r!.notes).to.equal('tab\there\r\nlineend');
  });

  it('gives defaults for every missing element and attribute', async () => {
    const [r] = await readDump(scratch.write('bare.xml', '<releases><release id="7"/></releases>'), 'releases');
    expect(r).to.deep.equal({
      id: 7,
      status: '',
      title: '',
      artists: [],
      extraartists: [],
      labels: [],
      series: [],
      companies: [],
      formats: [],
      genres: [],
      styles: [],
      country: '',
      released: '',
      notes: '',
      dataQuality: '',
      masterId: null,
      isMainRelease: false,
      tracklist: [],
      identifiers: [],
      videos: [],
      images: [],
    });
    const [a] = await readDump(scratch.write('bare-artist.xml', '<artists><artist><id>3</id></artist></artists>'), 'artists');
    expect(a).to.deep.equal({
      id: 3,
      name: '',
      realname: '',
      profile: '',
      dataQuality: '',
      urls: [],
      namevariations: [],
      aliases: [],
      groups: [],
      members: [],
      images: [],
    });
    const [l] = await readDump(scratch.write('bare-label.xml', '<labels><label><id>4</id></label></labels>'), 'labels');
    expect(l).to.include({ id: 4, name: '', contactInfo: '', parentLabel: null });
    const [m] = await readDump(scratch.write('bare-master.xml', '<masters><master id="5"/></masters>'), 'masters');
    expect(m).to.deep.equal({
      id: 5,
      mainRelease: 0,
      title: '',
      year: 0,
      artists: [],
      genres: [],
      styles: [],
      dataQuality: '',
      videos: [],
      images: [],
    });
  });

  it('reads unlinked credits (no id) as id 0 and tolerates elements it does not know', async () => {
    const file = scratch.write(
      'unlinked.xml',
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment -->\n<releases><release id="1"><future>x</future>' +
        '<artists><artist><name>Nobody</name></artist></artists><title><![CDATA[A & B]]></title></release>' +
        '<unexpected><release id="99"/></unexpected></releases>\n',
    );
    const records = await readDump(file, 'releases');
    expect(records.map((r) => r.id)).to.deep.equal([1]);
    expect(records[0]!.artists[0]).to.include({ id: 0, name: 'Nobody' });
    expect(records[0]!.title).to.equal('A & B');
  });

  it('tells gzip from plain XML by the magic bytes, not the file name', async () => {
    const xml = '<labels><label><id>1</id><name>Planet E</name></label></labels>';
    const gzipNamedXml = scratch.write('labels.xml', zlib.gzipSync(xml));
    const plainNamedGz = scratch.write('labels.xml.gz', xml);
    expect((await readDump(gzipNamedXml, 'labels'))[0]!.name).to.equal('Planet E');
    expect((await readDump(plainNamedGz, 'labels'))[0]!.name).to.equal('Planet E');
  });

  it('yields batches of at most the batch size and reports how far it has read', async () => {
    const dump = await new XmlDumpReader({ batchSize: 64 }).open(demo('masters'));
    expect(dump.kind).to.equal('masters');
    expect(dump.name).to.equal('discogs_20200806_masters.xml.gz');
    const sizes: number[] = [];
    for await (const batch of dump.batches()) sizes.push(batch.records.length);
    await dump.close();
    expect(Math.max(...sizes)).to.equal(64);
    expect(sizes.reduce((a, b) => a + b, 0)).to.equal(1000);
    expect(dump.position().bytesRead).to.equal(fs.statSync(demo('masters')).size);
    expect(dump.position().totalBytes).to.equal(fs.statSync(demo('masters')).size);

    const plain = scratch.write('masters.xml', zlib.gunzipSync(fs.readFileSync(demo('masters'))));
    const plainDump = await new XmlDumpReader({ batchSize: 64, chunkBytes: 4096 }).open(plain);
    let records = 0;
    for await (const batch of plainDump.batches()) records += batch.records.length;
    await plainDump.close();
    expect(records).to.equal(1000);
    expect(plainDump.position().bytesRead).to.equal(fs.statSync(plain).size);
  });

  describe('bad input', () => {
    it('refuses a file whose root element is not a dump', async () => {
      const err = await failure(scratch.write('feed.xml', '<rss><channel/></rss>'));
      expect(err.message).to.equal('feed.xml is not a Discogs data dump (root element <rss>)');
    });

    it('refuses a file that is not XML at all, or empty', async () => {
      expect((await failure(scratch.write('notes.txt', 'just some text'))).message).to.match(
        /^notes\.txt is not a Discogs data dump \(not XML: text before the root element at line 1, column 1\)$/,
      );
      expect((await failure(scratch.write('empty.xml', ''))).message).to.match(
        /^empty\.xml is not a Discogs data dump \(not XML: the document has no root element/,
      );
    });

    it('refuses a missing file', async () => {
      expect((await failure(scratch.write('x', '') + '-missing')).message).to.match(/-missing does not exist$/);
    });

    it('refuses a truncated gzip file part-way', async () => {
      const whole = fs.readFileSync(demo('releases'));
      const file = scratch.write('truncated.xml.gz', whole.subarray(0, Math.floor(whole.length / 2)));
      const err = await failure(file);
      expect(err.message).to.equal('truncated.xml.gz cannot be read: the gzip data is truncated');
    });

    it('refuses corrupt gzip data', async () => {
      const whole = Buffer.from(fs.readFileSync(demo('labels')));
      for (let i = 2000; i < 2400; i++) whole[i] = 0x55;
      const err = await failure(scratch.write('corrupt.xml.gz', whole));
      expect(err.message).to.match(/^corrupt\.xml\.gz cannot be read: the gzip data is corrupt/);
    });

    it('refuses XML that breaks part-way, saying where', async () => {
      const xml = zlib.gunzipSync(fs.readFileSync(demo('releases'))).toString('utf8');
      const at = xml.indexOf('<release id="4497848"');
      const broken = `${xml.slice(0, at)}<release id="1"><title>x</titel>${xml.slice(at)}`;
      const err = await failure(scratch.write('broken.xml', broken));
      const line = xml.slice(0, at).split('\n').length;
      expect(err.message).to.equal(
        `broken.xml is not well-formed XML at line ${line}, column 25: end tag </titel> does not match <title>`,
      );
    });

    it('refuses plain XML that stops part-way', async () => {
      const xml = zlib.gunzipSync(fs.readFileSync(demo('artists'))).toString('utf8');
      const err = await failure(scratch.write('cut.xml', xml.slice(0, Math.floor(xml.length / 2))));
      expect(err.message).to.match(/^cut\.xml is not well-formed XML at line \d+, column \d+: unexpected end of input/);
    });
  });
});
