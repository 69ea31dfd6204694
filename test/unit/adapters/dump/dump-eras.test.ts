import path from 'node:path';
import { expect } from 'chai';
import type { ArtistCredit } from '../../../../domain/catalogue/credit.js';
import type { Release } from '../../../../domain/catalogue/release.js';
import { demo, readDump, SINGLE, SMALL } from '../../../support/dump-fixtures.js';

const credit = (c: Partial<ArtistCredit> & { id: number; name: string }): ArtistCredit => ({
  anv: '',
  join: '',
  role: '',
  tracks: '',
  ...c,
});

/** Release 40299 as both the 2023 and the 2025 dumps give it (the parts that did not change). */
function expectRelease40299Common(r: Release): void {
  expect(r.id).to.equal(40299);
  expect(r.status).to.equal('Accepted');
  expect(r.title).to.equal('New Beat - Take 4');
  expect(r.artists).to.deep.equal([credit({ id: 194, name: 'Various' })]);
  expect(r.labels).to.deep.equal([
    { id: 9789, name: 'Subway Dance', catno: 'Subway Dance 4000', entityType: '1', entityTypeName: 'Label' },
    { id: 9789, name: 'Subway Dance', catno: 'SD 4000-LP', entityType: '1', entityTypeName: 'Label' },
  ]);
  expect(r.extraartists).to.deep.equal([
    credit({ id: 118541, name: 'Maurice Engelen', anv: 'The Maurice Engelen', role: 'Compiled By' }),
    credit({ id: 501662, name: 'Tejo De Roeck', role: 'Cover' }),
    credit({ id: 11701904, name: 'Boy Toy (6)', role: 'Model' }),
    credit({ id: 3601091, name: 'Annick Wets', role: 'Photography By [Photo]' }),
  ]);
  expect(r.formats).to.deep.equal([{ name: 'Vinyl', qty: '1', text: '', descriptions: ['LP', 'Compilation'] }]);
  expect(r.genres).to.deep.equal(['Electronic']);
  expect(r.styles).to.deep.equal(['Acid', 'New Beat']);
  expect(r.country).to.equal('Belgium');
  expect(r.released).to.equal('1989');
  expect(r.notes).to.equal('Made in Belgium.');
  expect(r.dataQuality).to.equal('Needs Vote');
  expect(r.masterId).to.equal(35574);
  expect(r.isMainRelease).to.equal(true);
  expect(r.tracklist).to.deep.equal([
    {
      position: 'A1',
      type: 'track',
      title: 'Tanzen',
      duration: '3:37',
      artists: [credit({ id: 7542, name: 'Tragic Error' })],
      extraartists: [credit({ id: 116415, name: 'Patrick De Meyer', anv: 'P. De Meyer', role: 'Written-By' })],
      subTracks: [],
    },
    {
      position: 'A2',
      type: 'track',
      title: 'New Beat, A Musical Phenomenon',
      duration: '3:40',
      artists: [credit({ id: 32087, name: 'The Brotherhood Of Sleep' })],
      extraartists: [
        credit({ id: 221853, name: 'Joey Morton', anv: 'Morton', role: 'Written-By' }),
        credit({ id: 25528, name: 'Sherman', role: 'Written-By' }),
      ],
      subTracks: [],
    },
  ]);
  expect(r.identifiers).to.deep.equal([
    { type: 'Rights Society', value: 'SABAM-BIEM', description: '' },
    { type: 'Matrix / Runout', value: 'SD 4000-A2', description: 'Side A' },
    { type: 'Matrix / Runout', value: 'SD 4000-B1 FOON', description: 'Side B' },
  ]);
  expect(r.videos[0]).to.deep.equal({
    uri: 'https://www.youtube.com/watch?v=Txq736EVa80',
    title: 'Tragic Error - Tanzen (1989)',
    description: 'A Belgian New Beat classic!\r\n\r\nTrack produced and written by Patrick De Meyer.',
    duration: 181,
    embed: true,
  });
  expect(r.companies).to.deep.equal([
    { id: 216650, name: "BE's Songs", catno: '', entityType: '21', entityTypeName: 'Published By' },
    { id: 57563, name: 'Music Man Import', catno: '', entityType: '21', entityTypeName: 'Published By' },
  ]);
}

describe('Dump reader: every era', () => {
  describe('2023-10 (pretty-printed, empty elements written as whitespace)', () => {
    it('reads release 40299 field by field; whitespace-only elements become empty strings', async () => {
      const [r, ...rest] = await readDump(path.join(SINGLE, 'release_40299_20231001.xml'), 'releases');
      expect(rest).to.have.length(0);
      expectRelease40299Common(r!);
      expect(r!.series).to.deep.equal([]);
      expect(r!.videos).to.have.length(1);
      expect(r!.images).to.deep.equal([
        { type: 'primary', uri: '', uri150: '', width: 600, height: 595 },
        { type: 'secondary', uri: '', uri150: '', width: 600, height: 614 },
        { type: 'secondary', uri: '', uri150: '', width: 589, height: 600 },
      ]);
    });

    it('reads artist 2: realname, a whitespace-only profile, members given both as <id> and <name id>', async () => {
      const [a] = await readDump(path.join(SINGLE, 'artist_2_20231001.xml'), 'artists');
      expect(a).to.deep.equal({
        id: 2,
        name: 'Mr. James Barth & A.D.',
        realname: 'Cari Lekebusch & Alexi Delano',
        profile: '',
        dataQuality: 'Correct',
        urls: [],
        namevariations: ['MR JAMES BARTH & A. D.', 'Mr Barth & A.D.', 'Mr. Barth & A.D.', 'Mr. James Barth & A. D.'],
        aliases: [
          { id: 2470, name: 'Puente Latino' },
          { id: 19536, name: 'Yakari & Delano' },
          { id: 103709, name: 'Crushed Insect & The Sick Puppy' },
          { id: 384581, name: 'ADCL' },
          { id: 1779857, name: 'Alexi Delano & Cari Lekebusch' },
        ],
        groups: [],
        members: [
          { id: 26, name: 'Alexi Delano' },
          { id: 27, name: 'Cari Lekebusch' },
        ],
        images: [],
      });
    });

    it('reads artist 26: images, urls, groups and a profile that keeps its \\r\\n', async () => {
      const [a] = await readDump(path.join(SINGLE, 'artist_26_20231001.xml'), 'artists');
      expect(a!.name).to.equal('Alexi Delano');
      expect(a!.realname).to.equal('');
      expect(a!.profile.startsWith('Alexi Delano ‘s music production')).to.equal(true);
      expect(a!.profile).to.include('contemporary music scene.\r\nBorn in Chile');
      expect(a!.profile.endsWith('with each new release.')).to.equal(true);
      expect(a!.urls).to.deep.equal([
        'https://www.facebook.com/alexidelanomusic',
        'http://www.soundcloud.com/alexidelano',
        'http://twitter.com/AlexiDelano',
      ]);
      expect(a!.namevariations).to.deep.equal(['A Delano', 'A. D.']);
      expect(a!.aliases).to.deep.equal([
        { id: 50, name: 'ADNY' },
        { id: 937, name: 'G.O.L.' },
      ]);
      expect(a!.groups).to.deep.equal([
        { id: 2, name: 'Mr. James Barth & A.D.' },
        { id: 254, name: 'ADNY & The Persuader' },
      ]);
      expect(a!.images).to.deep.equal([
        { type: 'primary', uri: '', uri150: '', width: 600, height: 269 },
        { type: 'secondary', uri: '', uri150: '', width: 600, height: 400 },
      ]);
    });

    it('reads label 1000: contact info, parent label, sublabels, urls, images', async () => {
      const [l] = await readDump(path.join(SINGLE, 'label_1000_20231001.xml'), 'labels');
      expect(l!.id).to.equal(1000);
      expect(l!.name).to.equal('Warner Bros. Records');
      expect(l!.contactInfo).to.equal('3300 Warner Boulevard\r\nBurbank, CA 91505-4964\r\nUSA');
      expect(l!.profile.startsWith('Label Code: LC 0392 / LC 00392\r\n\r\nFounded in 1958')).to.equal(true);
      expect(l!.profile).to.include('AT&T/WarnerMedia');
      expect(l!.dataQuality).to.equal('Needs Vote');
      expect(l!.parentLabel).to.deep.equal({ id: 90718, name: 'Warner Bros. Records Inc.' });
      expect(l!.urls).to.deep.equal(['http://www.warnerrecords.com', 'http://myspace.com/warnerbrosrecords']);
      expect(l!.sublabels).to.deep.equal([
        { id: 29742, name: 'Warner Resound' },
        { id: 41256, name: 'Warner Special Products' },
      ]);
      expect(l!.images).to.have.length(2);
    });

    it('reads master 830352: credits with whitespace-only anv/join, genres, styles, year, videos', async () => {
      const [m] = await readDump(path.join(SINGLE, 'master_830352_20231001.xml'), 'masters');
      expect(m!.id).to.equal(830352);
      expect(m!.mainRelease).to.equal(1671981);
      expect(m!.title).to.equal('What Is The Time, Mr. Templar? / The Real Jazz');
      expect(m!.year).to.equal(2009);
      expect(m!.artists).to.deep.equal([
        credit({ id: 239, name: 'Jesper Dahlbäck', join: '/' }),
        credit({ id: 1654, name: 'DK', anv: 'Dahlbäck & Krome' }),
      ]);
      expect(m!.genres).to.deep.equal(['Electronic']);
      expect(m!.styles).to.deep.equal(['Techno', 'Tech House']);
      expect(m!.dataQuality).to.equal('Correct');
      expect(m!.images).to.have.length(2);
      expect(m!.videos).to.have.length(2);
      expect(m!.videos[1]).to.deep.equal({
        uri: 'https://www.youtube.com/watch?v=IWRv_Ye03cU',
        title: 'J Dahlbäck - The Persuader - What Is The Time, Mr Templar?',
        description:
          'From the LP: J. Dahlbäck - The Persuader - Label: Svek - Released: 1997\n\n' +
          'Problem with the video? Please tell me and it will be removed immediately!',
        duration: 315,
        embed: true,
      });
    });
  });

  describe('2025-05 (empty elements omitted, series, no images)', () => {
    it('reads release 40299: omitted elements are empty, series are read, the second video is there', async () => {
      const [r] = await readDump(path.join(SINGLE, 'release_40299_20250501.xml'), 'releases');
      expectRelease40299Common(r!);
      expect(r!.series).to.deep.equal([
        { id: 183060, name: 'Take', catno: '4', entityType: '22', entityTypeName: 'Series' },
        { id: 475876, name: 'A.B.-Sounds', catno: '', entityType: '22', entityTypeName: 'Series' },
      ]);
      expect(r!.images).to.deep.equal([]);
      expect(r!.videos.map((v) => v.uri)).to.deep.equal([
        'https://www.youtube.com/watch?v=Txq736EVa80',
        'https://www.youtube.com/watch?v=6KwqUVPJ-xc',
      ]);
    });

    it('reads artist 2: no realname or profile element, members as <name id> only', async () => {
      const [a2023] = await readDump(path.join(SINGLE, 'artist_2_20231001.xml'), 'artists');
      const [a2025] = await readDump(path.join(SINGLE, 'artist_2_20250501.xml'), 'artists');
      expect(a2025).to.deep.equal({ ...a2023, realname: '' });
    });
  });

  describe('2020-08 (one record per line, <anv/> empty elements, character references)', () => {
    it('reads 1,000 records of each kind', async () => {
      for (const kind of ['artists', 'labels', 'masters', 'releases'] as const) {
        expect(await readDump(demo(kind), kind), kind).to.have.length(1000);
      }
    });

    it('reads release 1: character references decoded, empty elements empty, notes with line breaks', async () => {
      const releases = await readDump(demo('releases'), 'releases');
      const r = releases.find((x) => x.id === 1)!;
      expect(r.title).to.equal('Stockholm');
      expect(r.artists).to.deep.equal([credit({ id: 1, name: 'The Persuader' })]);
      expect(r.extraartists).to.deep.equal([
        credit({ id: 239, name: 'Jesper Dahlbäck', role: 'Music By [All Tracks By]' }),
      ]);
      expect(r.labels).to.deep.equal([
        { id: 5, name: 'Svek', catno: 'SK032', entityType: '1', entityTypeName: 'Label' },
      ]);
      expect(r.formats).to.deep.equal([{ name: 'Vinyl', qty: '2', text: '', descriptions: ['12"', '33 ⅓ RPM'] }]);
      expect(r.released).to.equal('1999-03-00');
      expect(r.notes.startsWith("The song titles are the names of six of Stockholm's 82 districts.\n\n")).to.equal(true);
      expect(r.masterId).to.equal(1660109);
      expect(r.isMainRelease).to.equal(true);
      expect(r.tracklist.map((t) => `${t.position} ${t.title} ${t.duration}`)).to.deep.equal([
        'A Östermalm 4:45',
        'B1 Vasastaden 6:11',
        'B2 Kungsholmen 2:49',
        'C1 Södermalm 5:38',
        'C2 Norrmalm 4:52',
        'D Gamla Stan 5:16',
      ]);
      expect(r.identifiers).to.have.length(5);
      expect(r.companies.map((c) => [c.id, c.entityType, c.entityTypeName])).to.deep.equal([
        [271046, '23', 'Recorded At'],
        [56025, '17', 'Pressed By'],
      ]);
    });

    it('derives track types: headings (no position, no duration) and index tracks (with sub-tracks)', async () => {
      const releases = await readDump(demo('releases'), 'releases');
      const r = releases.find((x) => x.id === 3019999)!;
      expect(r.tracklist[0]).to.include({ position: '', title: '1984', duration: '', type: 'heading' });
      expect(r.tracklist[1]).to.include({ position: '1-1', title: 'Radio-Activity', type: 'track' });
      const medley = r.tracklist.find((t) => t.title === 'Medley')!;
      expect(medley.type).to.equal('index');
      expect(medley.subTracks.map((t) => `${t.position} ${t.title} ${t.type}`)).to.deep.equal([
        '1-5.1 Blues For L.W. track',
        '1-5.2 It\'s The Pits track',
        '1-5.3 Living On The Crest Of A Wave track',
        '1-5.4 Jozy track',
        '1-5.5 Pacific Express track',
        '1-5.6 Mitch Match track',
        '1-5.7 Mitch Match (Reprise) track',
      ]);
    });

    it('reads artist 2 as the 2023 dump has it, with an empty <profile/>', async () => {
      const artists = await readDump(demo('artists'), 'artists');
      const a = artists.find((x) => x.id === 2)!;
      const [a2023] = await readDump(path.join(SINGLE, 'artist_2_20231001.xml'), 'artists');
      // The 2020 dump lists the name variations in another order.
      expect({ ...a, namevariations: [...a.namevariations].sort() }).to.deep.equal({
        ...a2023,
        namevariations: [...a2023!.namevariations].sort(),
      });
    });

    it('leaves out the empty <label/> sublabels of the 2020 labels sample', async () => {
      const labels = await readDump(demo('labels'), 'labels');
      const planetE = labels.find((l) => l.id === 1)!;
      expect(planetE.name).to.equal('Planet E');
      expect(planetE.sublabels).to.deep.equal([]);
      expect(planetE.contactInfo.split('\r\n')).to.have.length(8);
      expect(planetE.urls).to.have.length(13);
    });
  });

  describe('2019 small files (one record per line, empty elements as <anv></anv>)', () => {
    it('reads every record of the small files', async () => {
      expect(await readDump(path.join(SMALL, 'artists.xml'), 'artists')).to.have.length(27);
      expect(await readDump(path.join(SMALL, 'labels.xml'), 'labels')).to.have.length(5);
      expect(await readDump(path.join(SMALL, 'masters.xml'), 'masters')).to.have.length(46);
      expect((await readDump(path.join(SMALL, 'releases.xml'), 'releases')).map((r) => r.id)).to.deep.equal([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
    });

    it('reads real sublabels and release 2 with a two-role credit', async () => {
      const [planetE] = await readDump(path.join(SMALL, 'labels.xml'), 'labels');
      expect(planetE!.sublabels[0]).to.deep.equal({ id: 86537, name: 'Antidote (4)' });
      expect(planetE!.sublabels).to.have.length(8);
      const releases = await readDump(path.join(SMALL, 'releases.xml'), 'releases');
      const r2 = releases.find((r) => r.id === 2)!;
      expect(r2.extraartists[0]).to.deep.equal(credit({ id: 26, name: 'Alexi Delano', role: 'Producer, Recorded By' }));
      expect(r2.labels.map((l) => l.catno)).to.deep.equal(['SK 026', 'SK026']);
    });

    it('reads masters with their main release and artist 1 with realname', async () => {
      const [m] = await readDump(path.join(SMALL, 'masters.xml'), 'masters');
      expect(m).to.include({ id: 18500, mainRelease: 155102, title: 'New Soil', year: 2001, dataQuality: 'Correct' });
      expect(m!.artists).to.deep.equal([credit({ id: 212070, name: 'Samuel L Session', anv: 'Samuel L' })]);
      expect(m!.videos).to.have.length(7);
      const [a1] = await readDump(path.join(SMALL, 'artists.xml'), 'artists');
      expect(a1).to.include({ id: 1, name: 'The Persuader', realname: 'Jesper Dahlbäck', profile: '' });
    });
  });
});
