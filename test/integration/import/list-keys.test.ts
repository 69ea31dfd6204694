import { expect } from 'chai';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { MikroOrmCatalogueReader } from '../../../adapters/persistence/catalogue/mikro-orm-catalogue-reader.js';
import { preparedRows } from '../../../adapters/persistence/catalogue/sql-rows.js';
import type { Database } from '../../../adapters/persistence/database.js';
import { ARTIST_RELEASE_SORTS, VERSION_SORTS } from '../../../application/catalogue/read-models.js';
import type { CatalogueReader } from '../../../application/ports/catalogue-reader.js';
import type { SortOrder } from '../../../application/shared/page.js';
import type { Master } from '../../../domain/catalogue/master.js';
import type { Release } from '../../../domain/catalogue/release.js';
import { aCredit, aMaster, aRelease, aTrack, onLabel } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { openTestDatabase } from '../../support/test-database.js';
import { emptyCatalogue, sql, staleListKeys } from './import-support.js';

/*
 * The list pages are cut from indexes over keys the import keeps with the link rows (the master, year, title and
 * format an artist's entries sort by). Whatever the order in which masters, their releases and their main releases
 * are written, and however they change, every page of every sort and direction must be what the in-memory reader
 * derives from the records themselves.
 */

const ARTISTS = [7, 8];
/** Lists longer than this are long: both artists' lists, so that deep pages start from anchors. */
const LONG_LIST = 6;
const FORMATS = [
  { name: 'Vinyl', qty: '1', text: '', descriptions: ['LP'] },
  { name: 'CD', qty: '2', text: '', descriptions: ['Album'] },
  { name: 'Cassette', qty: '1', text: 'Red', descriptions: [] },
  { name: 'File', qty: '1', text: '', descriptions: ['MP3', 'EP'] },
];

/** Release k of a family with title and year ties, several roles per artist, masters stored or not. */
function release(id: number, more: Partial<Release> = {}): Release {
  const k = id - 1000;
  return aRelease(id, {
    title: `R${k % 11}`,
    released: `${1985 + (k % 9)}-0${1 + (k % 9)}-00`,
    masterId: k % 3 === 0 ? null : 100 + (k % 40),
    artists: [k % 4 === 0 ? aCredit(8, 'Eight') : aCredit(7, 'Seven')],
    extraartists: k % 2 === 1 ? [aCredit(7, 'Seven', { role: k % 5 === 0 ? 'Producer, Mixed By' : 'Producer' })] : [],
    tracklist: k % 7 === 0 ? [aTrack('A1', 'Song', { extraartists: [aCredit(7, 'Seven', { role: 'Vocals' })], artists: [aCredit(8, 'Eight')] })] : [],
    formats: [FORMATS[k % 4]!],
    labels: [onLabel(50 + (k % 2), 'Label', `CAT ${k % 13}`), onLabel(50, 'Label', `ALT ${k}`)],
    country: ['UK', 'US', 'Germany'][k % 3]!,
    ...more,
  });
}

/** Master m, with title and year ties; its main release one of its versions (or, for some, a release stored later). */
function master(id: number, more: Partial<Master> = {}): Master {
  const m = id - 100;
  return aMaster(id, { title: `M${m % 7}`, year: 1990 + (m % 5), mainRelease: 1000 + m + 40 * (m % 3), ...more });
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** Both sides of the comparison: the database and the in-memory catalogue, written with the same records. */
class Mirror {
  readonly memory = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
  constructor(
    private readonly db: Database,
    readonly reader: CatalogueReader,
  ) {}

  async masters(masters: Master[]): Promise<void> {
    await seedCatalogue(this.db, { masters }, { longList: LONG_LIST });
    for (const m of masters) this.memory.putMaster(m);
  }

  /** `batch`: releases a round (a later round's release sees the earlier ones stored, not the other way round). */
  async releases(releases: Release[], batch?: number): Promise<void> {
    await seedCatalogue(this.db, { releases }, { batch, longList: LONG_LIST });
    for (const r of releases) this.memory.putRelease(r);
  }

  /** Every page of every artist list, master's versions and label list, against the in-memory reader's. */
  async expectSameLists(): Promise<void> {
    expect(await staleListKeys(this.db)).to.deep.equal([]);
    // The anchored lists are the artists', with their lengths; each has anchors in every order and direction.
    const lists = await sql<{ artist_id: number; entries: number }>(this.db, 'SELECT artist_id, entries FROM artist_list ORDER BY 1');
    const lengths = await Promise.all(ARTISTS.map(async (a) => (await this.memory.artistReleases(a, { page: 1, perPage: 1, sortOrder: 'asc' })).total));
    expect(lists).to.deep.equal(ARTISTS.map((a, i) => ({ artist_id: a, entries: lengths[i] })));
    const [{ anchored }] = await sql<{ anchored: number }>(this.db, "SELECT count(DISTINCT (artist_id, sort, descending))::int AS anchored FROM artist_list_anchor");
    expect(anchored).to.equal(ARTISTS.length * 6);
    const orders: SortOrder[] = ['asc', 'desc'];
    for (const artist of ARTISTS) {
      for (const sort of [undefined, ...ARTIST_RELEASE_SORTS]) {
        for (const sortOrder of orders) {
          for (const perPage of [7, 100]) {
            for (let page = 1; ; page++) {
              const query = { page, perPage, sort, sortOrder };
              const got = await this.reader.artistReleases(artist, query);
              expect(got, JSON.stringify({ artist, ...query })).to.deep.equal(await this.memory.artistReleases(artist, query));
              if (got.items.length === 0) break;
            }
          }
        }
      }
    }
    for (const masterId of [100, 101, 102, 139]) {
      for (const sort of [undefined, ...VERSION_SORTS]) {
        for (const sortOrder of orders) {
          for (const page of [1, 2, 3]) {
            const query = { page, perPage: 3, sort, sortOrder };
            const got = await this.reader.masterVersions(masterId, query);
            expect(got, JSON.stringify({ masterId, ...query })).to.deep.equal(await this.memory.masterVersions(masterId, query));
          }
        }
      }
      for (const filter of [{ country: ['uk'] }, { format: ['cd'] }, { label: ['LABEL'], released: ['1990'] }, { released: ['1987'], sort: 'catno' as const }, { format: ['cd', 'LP'], released: ['1987', '1990'] }]) {
        const query = { page: 1, perPage: 50, sortOrder: 'desc' as const, ...filter };
        expect(await this.reader.masterVersions(masterId, query)).to.deep.equal(await this.memory.masterVersions(masterId, query));
        // The facets under the same filters, and the most recent version, alike in both readers.
        expect(await this.reader.masterVersionFacets(masterId, filter)).to.deep.equal(await this.memory.masterVersionFacets(masterId, filter));
      }
      expect(await this.reader.masterVersionFacets(masterId, {})).to.deep.equal(await this.memory.masterVersionFacets(masterId, {}));
      expect(await this.reader.mostRecentVersion(masterId)).to.equal(await this.memory.mostRecentVersion(masterId));
    }
    for (const label of [50, 51]) {
      for (const page of [1, 2, 30, 60, 61]) {
        const query = { page, perPage: 9 };
        expect(await this.reader.labelReleases(label, query)).to.deep.equal(await this.memory.labelReleases(label, query));
      }
    }
  }
}

describe('List pages over the keys kept with the link rows', function () {
  this.timeout(300_000);
  let db: Database;
  let mirror: Mirror;

  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());
  /** An empty catalogue on both sides. */
  const emptyMirror = async (): Promise<void> => {
    await emptyCatalogue(db);
    // On a server, lists as the catalogue module reads them there: prepared statements on the hot-read pool.
    const pool = db.hotReadPool();
    mirror = new Mirror(db, new MikroOrmCatalogueReader(db.orm, pool ? preparedRows(pool) : undefined));
  };

  describe('releases first, then their masters', () => {
    before(emptyMirror);

    it('lists releases whose masters are not stored as releases, in every order', async () => {
      await mirror.releases(range(1000, 1300).map((id) => release(id)));
      const page = await mirror.reader.artistReleases(7, { page: 1, perPage: 100, sortOrder: 'asc' });
      expect(page.items.every((e) => e.type === 'release')).to.equal(true);
      await mirror.expectSameLists();
    });

    it('groups them under their masters once the masters are imported', async () => {
      await mirror.masters(range(100, 130).map((id) => master(id)));
      await mirror.expectSameLists();
    });

    it('follows masters imported later and masters that change title, year and main release', async () => {
      await mirror.masters([
        ...range(130, 140).map((id) => master(id)),
        master(100, { title: 'Renamed', year: 1970 }),
        master(101, { mainRelease: 1061 }),
        master(102, { mainRelease: 999_999 }),
      ]);
      await mirror.expectSameLists();
    });

    it('follows releases re-imported with another master, title, year or format', async () => {
      await mirror.releases([
        release(1001, { masterId: 139 }),
        release(1002, { masterId: null, title: 'Alone', released: '1960' }),
        release(1003, { title: 'Retitled', released: '2010' }),
        // The main release of master 101: its master's entries sort by its format.
        release(1061, { formats: [{ name: 'Box Set', qty: '1', text: '', descriptions: [] }] }),
        // A main release, no longer on its master.
        release(1004, { masterId: 107 }),
      ]);
      await mirror.expectSameLists();
    });

    it('takes the format of a main release imported after its versions', async () => {
      await mirror.releases([release(1400, { masterId: 102, formats: [{ name: 'Flexi-disc', qty: '1', text: '', descriptions: [] }] })]);
      await mirror.masters([master(102, { mainRelease: 1400 })]);
      await mirror.releases([release(1400, { masterId: 102, formats: [{ name: 'Acetate', qty: '1', text: '', descriptions: [] }] })]);
      await mirror.expectSameLists();
    });
  });

  describe('masters first, then releases with main releases after their versions', () => {
    before(emptyMirror);

    it('lists every page as the records say, in every order', async () => {
      await mirror.masters(range(100, 140).map((id) => master(id)));
      // In one first import: each master's main release comes in a later round than some of its versions.
      await mirror.releases(range(1000, 1300).map((id) => release(id)), 40);
      const [{ n }] = await sql<{ n: number }>(db, 'SELECT count(*)::int AS n FROM release_artist WHERE master_entry');
      expect(n).to.be.above(0);
      await mirror.expectSameLists();
    });

    it('keeps them so through a second import of the same releases and a changed master', async () => {
      await mirror.releases(range(1000, 1300).map((id) => release(id, id % 10 === 0 ? { released: '1999' } : {})), 40);
      await mirror.masters([master(110, { title: 'Zed', year: 0, mainRelease: 1001 })]);
      await mirror.expectSameLists();
    });
  });
});
