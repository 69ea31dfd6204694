import { expect } from 'chai';
import type { Database } from '../../../adapters/persistence/database.js';
import type { Release } from '../../../domain/catalogue/release.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease, onLabel } from '../../support/builders/catalogue-builders.js';
import { type CatalogueSeed, seedCatalogue } from '../../support/catalogue-seed.js';
import { rowsOf, tableDigests } from '../../support/table-digests.js';
import { openTestDatabase } from '../../support/test-database.js';
import { emptyCatalogue, searchPostings, sql, staleListKeys } from './import-support.js';

/*
 * A monthly re-import of a dump in which a few records changed rewrites only what those records make: the derived
 * rows (links, search entries, list keys) of the records that did not change stay as they are, row for row, and the
 * catalogue is the one a first import of the new dump makes.
 */

/** Lists longer than this are long: artist 7's from the first month, artist 9's once the second adds releases. */
const LONG_LIST = 8;
/** Records a batch (as the reader's workers encode them) and a round: rounds of several batches. */
const WRITE = { batch: 3, round: 9, longList: LONG_LIST } as const;
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * Release k of the first month: on master 100 + k % 6 (none for every fourth); artist 7's, but 1030…1036 artist 9's
 * (entries of their own or of a master: 7 of them); releases 1009…1011 without any link, so that a batch of them
 * holds no link rows, and 1022 (master 104's main release).
 */
function release(id: number, more: Partial<Release> = {}): Release {
  const k = id - 1000;
  const bare = (k >= 9 && k <= 11) || k === 22;
  return aRelease(id, {
    title: `R${k}`,
    released: `${1980 + (k % 10)}`,
    masterId: k % 4 === 0 ? null : 100 + (k % 6),
    artists: bare ? [] : [aCredit(k >= 30 && k < 37 ? 9 : 7, 'Artist')],
    extraartists: bare || k % 3 !== 0 ? [] : [aCredit(8, 'Eight', { role: 'Producer' })],
    labels: bare ? [] : [onLabel(50 + (k % 2), 'Label', `CAT ${k}`)],
    formats: [{ name: k % 2 === 1 ? 'CD' : 'Vinyl', qty: '1', text: '', descriptions: [] }],
    ...more,
  });
}

/** Each master's main release (one of its versions). */
const MAIN: Readonly<Record<number, number>> = { 100: 1006, 101: 1001, 102: 1002, 103: 1003, 104: 1022, 105: 1005 };
const master = (id: number, title = `M${id}`) => aMaster(id, { title, year: 1970 + (id % 7), mainRelease: MAIN[id]! });

const FIRST: CatalogueSeed = {
  artists: [7, 8, 9].map((id) => anArtist(id)),
  labels: [50, 51].map((id) => aLabel(id)),
  masters: range(100, 105).map((id) => master(id)),
  releases: range(1000, 1040).map((id) => release(id)),
};

/** The releases the second month changes, and its new ones (artist 9's, which make its list long). */
const CHANGED_RELEASES = [1001, 1003, 1012, 1022];
const NEW_RELEASES = range(1040, 1044);
const SECOND: CatalogueSeed = {
  artists: [anArtist(7, { profile: 'Edited' }), anArtist(8), anArtist(9)],
  labels: [aLabel(50, { profile: 'Edited' }), aLabel(51)],
  // Master 102 retitled (its versions' entries follow); master 105 new (its versions, stored, join it).
  masters: [...range(100, 105).map((id) => master(id, id === 102 ? 'Retitled' : `M${id}`)), master(105)],
  releases: [
    ...range(1000, 1040).map((id) =>
      id === 1001
        ? // The main release of master 101, in another format: its master's entries sort by it.
          release(id, { formats: [{ name: 'Box Set', qty: '1', text: '', descriptions: [] }] })
        : id === 1003
          ? release(id, { title: 'Retitled' })
          : id === 1012
            ? // Right after the round's batch without links.
              release(id, { artists: [aCredit(8, 'Eight')] })
            : id === 1022
              ? // Master 104's main release, without links, the only change of its round.
                release(id, { formats: [{ name: 'Acetate', qty: '1', text: '', descriptions: [] }] })
              : release(id),
    ),
    ...NEW_RELEASES.map((id) => release(id, { masterId: null, artists: [aCredit(9, 'Nine')] })),
  ],
};

/** Each row of a table by its key, with the row version that holds it (the transaction that wrote it, and where). */
async function rowVersions(db: Database, table: string, key: string): Promise<Map<string, string>> {
  const rows = await sql<{ key: string; version: string }>(
    db,
    `SELECT (${key})::text AS key, xmin::text || ' ' || ctid::text AS version FROM ${table}`,
  );
  return new Map(rows.map((r) => [r.key, r.version]));
}

/** The owners (the part of the key before the first comma) of rows written, removed or rewritten between two states. */
function rewritten(before: Map<string, string>, after: Map<string, string>): string[] {
  const owners = new Set<string>();
  // (A key is a row's text, "(1001,7,Main)": its first value is the owner.)
  const owner = (key: string): string => key.slice(1).split(',')[0]!;
  for (const [key, version] of after) if (before.get(key) !== version) owners.add(owner(key));
  for (const key of before.keys()) if (!after.has(key)) owners.add(owner(key));
  return [...owners].sort();
}

const TIMES = new Set(['date_added', 'date_changed']);
/** The catalogue, table by table; the search index's postings as lists (compaction writes them in other rows). */
const catalogue = async (db: Database): Promise<unknown> => ({
  tables: await tableDigests(rowsOf(db), {
    skipTable: (table) => table === 'search_posting' || table === 'search_word',
    skipColumn: (_, column) => TIMES.has(column),
  }),
  postings: await searchPostings(db),
});
const words = async (db: Database): Promise<string[]> =>
  (await sql<{ word: string }>(db, 'SELECT word FROM search_word ORDER BY word')).map((r) => r.word);

describe('Dump re-import: only what changed is rewritten', function () {
  this.timeout(120_000);
  let db: Database;

  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  it("leaves the derived rows of unchanged records as they are, and makes a first import's catalogue", async () => {
    await emptyCatalogue(db);
    await seedCatalogue(db, FIRST, WRITE);
    const links = '(release_id, artist_id, role)';
    const labels = '(release_id, position)';
    const entries = '(kind || id, kind)';
    const before = {
      links: await rowVersions(db, 'release_artist', links),
      labels: await rowVersions(db, 'release_label', labels),
      entries: await rowVersions(db, 'search_entry', entries),
    };
    expect(await sql(db, 'SELECT artist_id FROM artist_list ORDER BY 1')).to.deep.equal([{ artist_id: 7 }]);
    // An unchanged record stored without its search entry (as a catalogue imported without the index) gets one.
    await sql(db, `DELETE FROM search_entry WHERE kind || id = 'label51'`);
    before.entries.delete('(label51,label)');

    const counts = await seedCatalogue(db, SECOND, WRITE);
    expect(counts.releases).to.deep.equal({ inserted: NEW_RELEASES.length, updated: CHANGED_RELEASES.length, unchanged: 36 });
    expect(counts.masters).to.deep.equal({ inserted: 1, updated: 1, unchanged: 4 });

    // A release's links are written again when it is new or changed, or when its keys come from a master that is new
    // or changed or whose main release changed (101, 104: their main release's format; 102: its title; 105: new).
    const keyed = SECOND.releases!.filter((r) => r.artists.length > 0 && [101, 102, 104, 105].includes(r.masterId ?? 0)).map((r) => r.id);
    // (Of those, the ones with rows in the table.)
    const second = new Map(SECOND.releases!.map((r) => [r.id, r]));
    const written = (ids: number[], rows: (r: Release) => boolean) =>
      [...new Set(ids)].filter((id) => rows(second.get(id)!)).map(String).sort();
    expect(rewritten(before.links, await rowVersions(db, 'release_artist', links))).to.deep.equal(
      written([...CHANGED_RELEASES, ...NEW_RELEASES, ...keyed], (r) => r.artists.length > 0),
    );
    expect(rewritten(before.labels, await rowVersions(db, 'release_label', labels))).to.deep.equal(
      written([...CHANGED_RELEASES, ...NEW_RELEASES], (r) => r.labels.length > 0),
    );
    expect(rewritten(before.entries, await rowVersions(db, 'search_entry', entries))).to.deep.equal(
      ['artist7', 'label50', 'label51', 'master102', 'master105'].sort(),
    );
    expect(await staleListKeys(db)).to.deep.equal([]);
    // Artist 9's list is long now, with the links the import kept.
    expect(await sql(db, 'SELECT artist_id FROM artist_list ORDER BY 1')).to.deep.equal([{ artist_id: 7 }, { artist_id: 9 }]);
    expect(await sql(db, 'SELECT entries FROM artist_list WHERE artist_id = 9')).to.deep.equal([{ entries: 11 }]);
    const reimported = await catalogue(db);
    const reimportedWords = await words(db);

    await emptyCatalogue(db);
    await seedCatalogue(db, SECOND, WRITE);
    expect(reimported).to.deep.equal(await catalogue(db));
    // (The vocabulary keeps the words of the records' old versions.)
    expect(reimportedWords).to.include.members(await words(db));
  });
});
