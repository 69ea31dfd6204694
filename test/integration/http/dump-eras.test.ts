import path from 'node:path';
import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import { runImport, seedDemoData } from '../../support/catalogue-import.js';
import { FIXTURES } from '../../support/catalogue-fixtures.js';
import { AGENT, BASE_URL, testApp } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

/**
 * Records of every dump era, imported and read back through the API, compared field by field with their XML
 * (test/fixtures/dumps and composition/demo-data).
 */
describe('dump eras through the API', () => {
  let storage: TestStorage;
  let app: Koa;
  const get = async (p: string) => (await request(app.callback()).get(p).set('User-Agent', AGENT).expect(200)).body;
  const single = (name: string) => path.join(FIXTURES, 'dumps/single-records', name);
  const small = (name: string) => path.join(FIXTURES, 'dumps/small', name);

  before(async () => {
    storage = await openTestStorage();
    app = testApp(storage, { RATE_LIMIT_ANONYMOUS: '100000' });
  });
  after(() => storage.close());

  it('2020 (one record per line): release 1 as in discogs_20200806_releases.xml.gz', async () => {
    await seedDemoData(storage, { progress: 'none' });
    const r = await get('/releases/1');
    expect(r).to.include({ id: 1, title: 'Stockholm', status: 'Accepted', country: 'Sweden', released: '1999-03-00', year: 1999, data_quality: 'Needs Vote', master_id: 1660109 });
    expect(r.released_formatted).to.equal('Mar 1999');
    expect(r.artists_sort).to.equal('Persuader, The');
    expect(r.artists).to.deep.equal([{ id: 1, name: 'The Persuader', anv: '', join: '', role: '', tracks: '', resource_url: `${BASE_URL}/artists/1` }]);
    expect(r.extraartists).to.deep.equal([
      { id: 239, name: 'Jesper Dahlbäck', anv: '', join: '', role: 'Music By [All Tracks By]', tracks: '', resource_url: `${BASE_URL}/artists/239` },
    ]);
    expect(r.labels).to.deep.equal([{ id: 5, name: 'Svek', catno: 'SK032', entity_type: '1', entity_type_name: 'Label', resource_url: `${BASE_URL}/labels/5` }]);
    expect(r.formats).to.deep.equal([{ name: 'Vinyl', qty: '2', descriptions: ['12"', '33 ⅓ RPM'] }]);
    expect(r.genres).to.deep.equal(['Electronic']);
    expect(r.styles).to.deep.equal(['Deep House']);
    expect(r.notes).to.match(/^The song titles are the names of six of Stockholm's 82 districts\.\n\nTitle on label: - Stockholm -\n/);
    expect(r.tracklist.map((t: { position: string; title: string; duration: string }) => [t.position, t.title, t.duration])).to.deep.equal([
      ['A', 'Östermalm', '4:45'],
      ['B1', 'Vasastaden', '6:11'],
      ['B2', 'Kungsholmen', '2:49'],
      ['C1', 'Södermalm', '5:38'],
      ['C2', 'Norrmalm', '4:52'],
      ['D', 'Gamla Stan', '5:16'],
    ]);
    expect(r.identifiers[0]).to.deep.equal({ type: 'Matrix / Runout', value: 'MPO SK 032 A1', description: 'A-Side Runout' });
    expect(r.identifiers).to.have.length(5);
    expect(r.videos[0]).to.deep.include({ uri: 'https://www.youtube.com/watch?v=MpmbntGDyNE', duration: 296, embed: true, title: 'The Persuader - Östermalm' });
    expect(r.images).to.have.length(4);
    expect(r.images[0]).to.deep.include({ type: 'primary', width: 600, height: 600 });
    const a = await get('/artists/2');
    expect(a).to.include({ name: 'Mr. James Barth & A.D.', realname: 'Cari Lekebusch & Alexi Delano', profile: '', data_quality: 'Correct' });
    expect(a.members.map((m: { id: number; name: string }) => [m.id, m.name])).to.deep.equal([[26, 'Alexi Delano'], [27, 'Cari Lekebusch']]);
    expect(a.aliases.map((m: { id: number }) => m.id)).to.deep.equal([2470, 19536, 103709, 384581, 1779857]);
    const l = await get('/labels/1');
    expect(l._info).to.equal('Planet E Communications\r\nP.O. Box 27218\r\nDetroit, Michigan, MI 48227\r\nUSA\r\n\r\nPhone: +1 313 874 8729\r\nFax: +1 313 874 8732\r\nEmail: info@Planet-e.net');
    expect(l.profile).to.equal("[a=Carl Craig]'s classic techno label founded in 1991.\r\n\r\nOn at least 1 release, Planet E is listed as publisher.");
  });

  it('2019 (pretty-printed sample): a master and a label with sublabels', async () => {
    await runImport(storage, [small('labels.xml'), small('masters.xml')], { progress: 'none' });
    const m = await get('/masters/18500');
    expect(m).to.include({ id: 18500, main_release: 155102, year: 2001, title: 'New Soil', data_quality: 'Correct' });
    expect(m.artists).to.deep.equal([{ id: 212070, name: 'Samuel L Session', anv: 'Samuel L', join: '', role: '', tracks: '', resource_url: `${BASE_URL}/artists/212070` }]);
    expect(m.styles).to.deep.equal(['Techno']);
    expect(m.videos[0]).to.deep.equal({ uri: 'https://www.youtube.com/watch?v=f05Ai921itM', title: 'Samuel L - Velvet', description: 'Samuel L - Velvet', duration: 489, embed: true });
    expect(m.images).to.deep.equal([{ type: 'primary', uri: '', uri150: '', resource_url: '', height: 588, width: 600 }]);
    const l = await get('/labels/1');
    expect(l.sublabels.length).to.be.greaterThan(0);
    for (const s of l.sublabels) expect(s.resource_url).to.equal(`${BASE_URL}/labels/${s.id}`);
  });

  it('2023-10 (pretty-printed, whitespace-only elements): release 40299, artist 2, label 1000, master 830352', async () => {
    await runImport(
      storage,
      ['label_1000_20231001.xml', 'artist_2_20231001.xml', 'artist_26_20231001.xml', 'master_830352_20231001.xml', 'release_40299_20231001.xml'].map(single),
      { progress: 'none' },
    );
    const r = await get('/releases/40299');
    expect(r).to.include({ title: 'New Beat - Take 4', country: 'Belgium', released: '1989', year: 1989, notes: 'Made in Belgium.', master_id: 35574 });
    expect(r.artists).to.deep.equal([{ id: 194, name: 'Various', anv: '', join: '', role: '', tracks: '', resource_url: `${BASE_URL}/artists/194` }]);
    expect(r.extraartists.map((c: { name: string; anv: string; role: string }) => [c.name, c.anv, c.role])).to.deep.equal([
      ['Maurice Engelen', 'The Maurice Engelen', 'Compiled By'],
      ['Tejo De Roeck', '', 'Cover'],
      ['Boy Toy (6)', '', 'Model'],
      ['Annick Wets', '', 'Photography By [Photo]'],
    ]);
    expect(r.labels.map((l: { catno: string }) => l.catno)).to.deep.equal(['Subway Dance 4000', 'SD 4000-LP']);
    expect(r.series).to.deep.equal([]);
    expect(r.images).to.have.length(3);
    expect(r.tracklist[0].extraartists[0]).to.deep.include({ id: 116415, name: 'Patrick De Meyer', anv: 'P. De Meyer', role: 'Written-By' });
    expect(r.companies.map((c: { name: string; catno: string; entity_type: string; entity_type_name: string }) => [c.name, c.catno, c.entity_type, c.entity_type_name])).to.deep.equal([
      ["BE's Songs", '', '21', 'Published By'],
      ['Music Man Import', '', '21', 'Published By'],
    ]);
    expect(r.videos[0].description).to.equal('A Belgian New Beat classic!\r\n\r\nTrack produced and written by Patrick De Meyer.');
    expect(r.identifiers[1]).to.deep.equal({ type: 'Matrix / Runout', value: 'SD 4000-A2', description: 'Side A' });
    const a = await get('/artists/2');
    expect(a.profile).to.equal('');
    expect(a.members.map((m: { id: number }) => m.id)).to.deep.equal([26, 27]);
    const a26 = await get('/artists/26');
    expect(a26.groups.map((g: { id: number; name: string }) => [g.id, g.name])).to.deep.equal([[2, 'Mr. James Barth & A.D.'], [254, 'ADNY & The Persuader']]);
    const l = await get('/labels/1000');
    expect(l).to.include({ name: 'Warner Bros. Records', data_quality: 'Needs Vote' });
    expect(l.parent_label).to.deep.equal({ id: 90718, name: 'Warner Bros. Records Inc.', resource_url: `${BASE_URL}/labels/90718` });
    expect(l.sublabels.map((s: { id: number }) => s.id)).to.deep.equal([29742, 41256]);
    expect(l._info).to.equal('3300 Warner Boulevard\r\nBurbank, CA 91505-4964\r\nUSA');
    const m = await get('/masters/830352');
    expect(m).to.include({ main_release: 1671981, year: 2009, title: 'What Is The Time, Mr. Templar? / The Real Jazz' });
    expect(m.artists.map((c: { name: string; anv: string; join: string }) => [c.name, c.anv, c.join])).to.deep.equal([
      ['Jesper Dahlbäck', '', '/'],
      ['DK', 'Dahlbäck & Krome', ''],
    ]);
  });

  it('2025-05 (omitted empty elements, series, no images) updates the 2023 records in place', async () => {
    const before = await get('/releases/40299');
    await runImport(storage, ['artist_2_20250501.xml', 'release_40299_20250501.xml'].map(single), { progress: 'none' });
    const r = await get('/releases/40299');
    expect(r.date_added).to.equal(before.date_added);
    expect(r.images).to.deep.equal([]);
    expect(r.series).to.deep.equal([
      { id: 183060, name: 'Take', catno: '4', entity_type: '22', entity_type_name: 'Series', resource_url: `${BASE_URL}/labels/183060` },
      { id: 475876, name: 'A.B.-Sounds', catno: '', entity_type: '22', entity_type_name: 'Series', resource_url: `${BASE_URL}/labels/475876` },
    ]);
    expect(r.artists).to.deep.equal([{ id: 194, name: 'Various', anv: '', join: '', role: '', tracks: '', resource_url: `${BASE_URL}/artists/194` }]);
    expect(r.extraartists[1]).to.deep.equal({ id: 501662, name: 'Tejo De Roeck', anv: '', join: '', role: 'Cover', tracks: '', resource_url: `${BASE_URL}/artists/501662` });
    expect(r.videos).to.have.length(2);
    expect(r.identifiers[0]).to.deep.equal({ type: 'Rights Society', value: 'SABAM-BIEM' });
    expect(r.companies[0]).to.deep.include({ name: "BE's Songs", catno: '' });
    const a = await get('/artists/2');
    expect(a.members.map((m: { id: number; name: string }) => [m.id, m.name])).to.deep.equal([[26, 'Alexi Delano'], [27, 'Cari Lekebusch']]);
    expect(a).not.to.have.property('realname', 'Cari Lekebusch & Alexi Delano');
    const series = await request(app.callback()).get('/labels/183060/releases').set('User-Agent', AGENT);
    expect(series.status).to.equal(404);
  });
});
