import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { inMemoryCatalogue } from '../../../../adapters/in-memory/in-memory-catalogue.js';
import { InMemoryCatalogueSearch } from '../../../../adapters/in-memory/in-memory-catalogue-search.js';
import { InMemoryContributionRepository } from '../../../../adapters/in-memory/in-memory-contribution-repository.js';
import { InMemoryReleasePeople } from '../../../../adapters/in-memory/in-memory-release-people.js';
import { InMemoryStorage } from '../../../../adapters/in-memory/in-memory-storage.js';
import type { DumpBatch } from '../../../../application/ports/dump-reader.js';
import type { HoldingCounts } from '../../../../application/ports/community-figures.js';
import { NO_PEOPLE } from '../../../../application/ports/release-people.js';
import { Contribution } from '../../../../domain/contributions/contribution.js';
import { aCredit, aMaster, anArtist, aRelease } from '../../../support/builders/catalogue-builders.js';

const clock = new FixedClock('2026-01-01T00:00:00Z');

/** Holding counts from a table of release → [have, want] (zeros elsewhere). */
function holdings(table: Record<number, [number, number]>): HoldingCounts {
  const of = (ids: readonly number[]) =>
    Promise.resolve(
      new Map(ids.map((id) => [id, { community: { inCollection: table[id]?.[0] ?? 0, inWantlist: table[id]?.[1] ?? 0 }, user: null }])),
    );
  return { forReleases: of, forMasters: of };
}

describe('The in-memory catalogue: writer, search and the people of a release', () => {
  it('stores a session’s records at its commit only, with the counts of what it did, and nothing after a rollback', async () => {
    const { reader, writer } = inMemoryCatalogue(new InMemoryStorage(), clock);
    const first = await writer.begin('releases');
    await first.write({ kind: 'releases', records: [aRelease(1, { title: 'One' }), aRelease(2, { title: 'Two' })] });
    expect(await reader.release(1)).to.equal(null);
    expect(await first.commit()).to.deep.equal({ inserted: 2, updated: 0, unchanged: 0 });
    const second = await writer.begin('releases');
    await second.write({ kind: 'releases', records: [aRelease(1, { title: 'One again' }), aRelease(2, { title: 'Two' }), aRelease(3)] });
    expect(await second.commit()).to.deep.equal({ inserted: 1, updated: 1, unchanged: 1 });
    const third = await writer.begin('releases');
    await third.write({ kind: 'releases', records: [aRelease(4)] });
    await third.rollback();
    expect((await reader.release(1))?.record.title).to.equal('One again');
    expect(await reader.release(4)).to.equal(null);
    expect(await reader.lowestIds('release', 2)).to.deep.equal([1, 2]);
    expect(await reader.hasReleases()).to.equal(true);
    // The newest, as the SQL reader gives them (the home page's "recently added", checked on SQL in catalogue-pages.test.ts).
    expect((await reader.newestReleases(2)).map((r) => [r.id, r.title])).to.deep.equal([[3, aRelease(3).title], [2, 'Two']]);
  });

  it('runs sessions one at a time and remembers the newest dump of each kind (ties: the last committed)', async () => {
    const { writer } = inMemoryCatalogue(new InMemoryStorage(), clock);
    const first = await writer.begin('artists', { file: 'a_20240101.xml', date: '2024-01-01' });
    let secondBegun = false;
    const second = writer.begin('artists').then((s) => ((secondBegun = true), s));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondBegun).to.equal(false);
    expect(await first.latestDump()).to.equal(null);
    await first.commit();
    const session = await second;
    expect(await session.latestDump()).to.deep.equal({ file: 'a_20240101.xml', date: '2024-01-01' });
    await session.rollback();
    await (await writer.begin('artists', { file: 'b_20240101.xml', date: '2024-01-01' })).commit();
    await (await writer.begin('artists', { file: 'c_20230101.xml', date: '2023-01-01' })).commit();
    expect(await (await writer.begin('artists')).latestDump()).to.deep.equal({ file: 'b_20240101.xml', date: '2024-01-01' });
    expect(await (await inMemoryCatalogue(new InMemoryStorage(), clock).writer.begin('labels')).latestDump()).to.equal(null);
  });

  it('finds records by their new words once put again, and orders equal scores by their community release’s counts', async () => {
    const catalogue = inMemoryCatalogue(new InMemoryStorage(), clock);
    const put = async (batch: DumpBatch) => {
      const session = await catalogue.writer.begin(batch.kind);
      await session.write(batch);
      await session.commit();
    };
    await put({ kind: 'artists', records: [anArtist(1, { name: 'Quiet Fox' })] });
    await put({ kind: 'releases', records: [
      aRelease(10, { title: 'Fox Songs', artists: [aCredit(1, 'Quiet Fox')], masterId: 5 }),
      aRelease(11, { title: 'More Fox Songs', artists: [aCredit(1, 'Quiet Fox')] }),
    ] });
    await put({ kind: 'masters', records: [aMaster(5, { title: 'Fox Songs', mainRelease: 10, artists: [aCredit(1, 'Quiet Fox')] })] });
    const search = new InMemoryCatalogueSearch(catalogue, holdings({ 10: [2, 1], 11: [5, 5] }), { timeoutMs: 10_000 });
    const found = async (text: string) => (await search.search({ text, fields: {} }, { page: 1, perPage: 10 })).items;
    const songs = await found('songs');
    expect(songs.map((h) => `${h.kind}:${h.id}:${h.have}:${h.want}`)).to.deep.equal(['release:11:5:5', 'master:5:2:1', 'release:10:2:1']);
    expect((await found('fox')).map((h) => `${h.kind}:${h.id}`)).to.include('artist:1');
    // A misspelt word is corrected from the vocabulary.
    expect((await found('sogns')).map((h) => h.id)).to.deep.equal([11, 5, 10]);
    await put({ kind: 'releases', records: [aRelease(11, { title: 'Badger Tunes', artists: [aCredit(1, 'Quiet Fox')] })] });
    expect((await found('songs')).map((h) => `${h.kind}:${h.id}`)).to.deep.equal(['master:5', 'release:10']);
    expect((await found('badger')).map((h) => `${h.kind}:${h.id}`)).to.deep.equal(['release:11']);
  });

  it('names a release’s submitter and contributors in the order of their first entries, leaving out users not there', async () => {
    const storage = new InMemoryStorage();
    const history = new InMemoryContributionRepository(storage.unitOfWork, inMemoryCatalogue(storage, clock).reader);
    const names: Record<number, string> = { 1: 'bea', 2: 'al', 3: 'cy' };
    const users = { byId: async (id: number) => (names[id] ? ({ id, username: names[id] } as never) : null) };
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const entries = [
      { id: 'e1', userId: 2, catalogueId: 7, action: 'edited', at: at(5) },
      { id: 'e2', userId: 1, catalogueId: 7, action: 'submitted', at: at(5) },
      { id: 'e3', userId: 3, catalogueId: 7, action: 'edited', at: at(1) },
      { id: 'e4', userId: 2, catalogueId: 7, action: 'edited', at: at(0) },
      { id: 'e5', userId: 9, catalogueId: 7, action: 'edited', at: at(0) },
      { id: 'e6', userId: 1, catalogueId: 8, action: 'edited', at: at(0) },
    ];
    for (const e of entries) await history.add(Contribution.record({ ...e, kind: 'release' }));
    const people = await new InMemoryReleasePeople(history, users).forReleases([7, 8, 9]);
    expect(people.get(7)).to.deep.equal({ submitter: 'bea', contributors: ['al', 'cy', 'bea'] });
    expect(people.get(8)).to.deep.equal({ submitter: null, contributors: ['bea'] });
    expect(people.get(9)).to.equal(NO_PEOPLE);
    expect(await history.recordsOf(1, 'submitter')).to.deep.equal([{ kind: 'release', id: 7 }]);
    expect(await history.recordsOf(1, 'contributor')).to.deep.equal([
      { kind: 'release', id: 7 },
      { kind: 'release', id: 8 },
    ]);
  });
});

