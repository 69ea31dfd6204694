import { expect } from 'chai';
import type { Container } from 'inversify';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { contributionsModule } from '../../../composition/contributions/contributions-module.js';
import { CONTRIBUTIONS } from '../../../composition/contributions/contributions-tokens.js';
import { DEMO_USERS } from '../../../composition/identity/identity-module.js';
import { IDENTITY } from '../../../composition/identity/identity-tokens.js';
import { aLabel, anArtist, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, sqlOf, type TestStorage } from '../../support/test-storage.js';

describe('Contributions demo data', function () {
  this.timeout(60_000);
  let storage: TestStorage;
  let container: Container;

  before(async () => {
    storage = await openTestStorage();
    container = testContainer(storage);
  });
  after(() => storage.close());
  beforeEach(async () => {
    if (isMemory(storage)) {
      // The memory family has no tables to empty: each test gets a storage of its own.
      storage = await openTestStorage();
      container = testContainer(storage);
      return;
    }
    await emptyIdentity(storage);
    for (const table of ['release', 'artist', 'label']) await query(sqlOf(storage).orm, `delete from "${table}"`);
  });

  const demo = async (): Promise<string[]> => {
    const lines: string[] = [];
    await contributionsModule.demo!(container, (line) => lines.push(line));
    return lines;
  };
  const userId = async (name: string): Promise<number> => (await container.get(IDENTITY.UserRepository).byLoginName(name))!.id;
  /** A user's history in the order of its times (then catalogue ids), as the rows the checks compare. */
  const historyOf = async (name: string) =>
    (await container.get(CONTRIBUTIONS.Repository).ofUser(await userId(name)))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.catalogueId - b.catalogueId)
      .map((e) => ({ kind: e.kind, catalogue_id: e.catalogueId, action: e.action }));

  it('gives each demo user a few entries over records the catalogue holds, once', async () => {
    for (const name of DEMO_USERS) await aUser(container, name);
    await seedCatalogue(storage, {
      artists: [anArtist(40), anArtist(41), anArtist(42)],
      labels: [aLabel(50), aLabel(51)],
      releases: [700, 701, 702, 703, 704, 705, 706].map((id) => aRelease(id)),
    });
    expect(await demo()).to.deep.equal([
      'contributions: demo-seller got 6 demo history entries',
      'contributions: demo-buyer got 5 demo history entries',
    ]);
    expect(await historyOf('demo-seller')).to.deep.equal([
      { kind: 'artist', catalogue_id: 40, action: 'submitted' },
      { kind: 'label', catalogue_id: 50, action: 'submitted' },
      { kind: 'release', catalogue_id: 700, action: 'submitted' },
      { kind: 'release', catalogue_id: 701, action: 'submitted' },
      { kind: 'release', catalogue_id: 702, action: 'edited' },
      { kind: 'release', catalogue_id: 703, action: 'edited' },
    ]);
    expect(await historyOf('demo-buyer')).to.deep.equal([
      { kind: 'artist', catalogue_id: 41, action: 'submitted' },
      { kind: 'release', catalogue_id: 704, action: 'submitted' },
      { kind: 'release', catalogue_id: 700, action: 'edited' },
      { kind: 'label', catalogue_id: 51, action: 'edited' },
      { kind: 'release', catalogue_id: 705, action: 'edited' },
    ]);
    const reader = container.get(CONTRIBUTIONS.Reader);
    const seller = await userId('demo-seller');
    expect(await reader.releasesContributed(seller)).to.equal(4);

    expect(await demo()).to.deep.equal([
      'contributions: demo-seller has history already; demo history left out',
      'contributions: demo-buyer has history already; demo history left out',
    ]);
    expect(await historyOf('demo-seller')).to.have.length(6);
  });

  it('makes what it can of a small catalogue, and says when there is nothing to make it over', async () => {
    expect(await demo()).to.deep.equal(['contributions: the catalogue holds no releases; no demo history']);
    await aUser(container, 'demo-buyer');
    await seedCatalogue(storage, { releases: [aRelease(900)] });
    expect(await demo()).to.deep.equal([
      'contributions: no user demo-seller; no demo history for it',
      'contributions: demo-buyer got 1 demo history entry',
    ]);
    expect(await historyOf('demo-buyer')).to.deep.equal([{ kind: 'release', catalogue_id: 900, action: 'edited' }]);
  });
});
