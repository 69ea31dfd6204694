import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryContributionRepository } from '../../adapters/in-memory/in-memory-contribution-repository.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import { MikroOrmContributionRepository } from '../../adapters/persistence/contributions/mikro-orm-contribution-repository.js';
import { SqlContributionReader } from '../../adapters/persistence/contributions/sql-contribution-reader.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { MikroOrmRequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { MikroOrmUnitOfWork, query } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { CONTRIBUTION_SORTS } from '../../application/contributions/read-models.js';
import type { ContributionReader } from '../../application/ports/contribution-reader.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { Contribution } from '../../domain/contributions/contribution.js';
import type { ContributionRepository } from '../../domain/contributions/contribution-repository.js';
import { Refusal } from '../../domain/shared/refusal.js';
import {
  CONTRIBUTION_CATALOGUE,
  CONTRIBUTION_HISTORY,
  OTHER_CONTRIBUTIONS,
  OWNER_CONTRIBUTIONS,
  OWNER_SUBMISSIONS,
} from '../support/contribution-fixtures.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { rejection } from '../support/rejection.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly history: ContributionRepository;
  /** The history's reads joined to the catalogue (the same object in memory). */
  readonly reader: ContributionReader;
  readonly uow: UnitOfWork;
  /** Runs work as a request would (its own scope), where the adapter needs one. */
  readonly scoped: <T>(work: () => Promise<T>) => Promise<T>;
  /** The ids of the two users the history is about (and of a third without any). */
  readonly owner: number;
  readonly other: number;
  readonly nobody: number;
}

let sequence = 0;
const entry = (userId: number, kind: string, catalogueId: number, action: string, at: Date, comment = '') =>
  Contribution.record({ id: `c-${++sequence}`, userId, kind, catalogueId, action, at, comment });

const T = new Date('2026-03-01T10:00:00.000Z');

/** The ContributionRepository and ContributionReader contract, the same for every adapter. */
function contract(name: string, open: () => Promise<{ subject: Subject; reset(): Promise<void> }>): void {
  describe(`ContributionRepository and ContributionReader contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    let reset: () => Promise<void>;
    before(async () => ({ subject: s, reset } = await open()));
    beforeEach(() => reset());

    const add = (e: Contribution) => s.scoped(() => s.uow.run(() => s.history.add(e)));
    const addHistory = async () => {
      for (const line of CONTRIBUTION_HISTORY) await add(entry(line.who === 'owner' ? s.owner : s.other, line.kind, line.id, line.action, line.at));
    };

    it("keeps entries as given and gives a user's history oldest first, and each record's submitter", async () => {
      const later = entry(s.owner, 'release', 21, 'edited', new Date(T.getTime() + 1000), 'Fixed the tracklist');
      const first = entry(s.owner, 'release', 21, 'submitted', T, 'From my copy');
      const theirs = entry(s.other, 'label', 7, 'edited', T);
      for (const e of [later, first, theirs]) await add(e);
      const mine = await s.scoped(() => s.history.ofUser(s.owner));
      expect(mine.map((e) => [e.id, e.kind, e.catalogueId, e.action, e.at.toISOString(), e.comment])).to.deep.equal([
        [first.id, 'release', 21, 'submitted', T.toISOString(), 'From my copy'],
        [later.id, 'release', 21, 'edited', later.at.toISOString(), 'Fixed the tracklist'],
      ]);
      expect((await s.scoped(() => s.history.ofUser(s.other))).map((e) => e.id)).to.deep.equal([theirs.id]);
      expect(await s.scoped(() => s.history.ofUser(s.nobody))).to.deep.equal([]);
      expect(await s.scoped(() => s.history.submitterOf('release', 21))).to.equal(s.owner);
      expect(await s.scoped(() => s.history.submitterOf('label', 7))).to.equal(null);
      expect(await s.scoped(() => s.history.submitterOf('artist', 21))).to.equal(null);
    });

    it('gives a record one submitter: a second submission is refused and stores nothing, an edit is fine', async () => {
      await add(entry(s.owner, 'release', 21, 'submitted', T));
      for (const who of [s.owner, s.other]) {
        const refused = await rejection(add(entry(who, 'release', 21, 'submitted', T)));
        expect(refused).to.be.instanceOf(Refusal).that.includes({
          kind: 'conflict',
          code: 'already submitted',
          message: 'Release 21 has a submitter already; record an edit instead.',
        });
      }
      await add(entry(s.other, 'release', 21, 'edited', T));
      // The same id of another kind is another record.
      await add(entry(s.other, 'master', 21, 'submitted', T));
      expect((await s.scoped(() => s.history.ofUser(s.other))).map((e) => [e.kind, e.action])).to.deep.equal([
        ['release', 'edited'],
        ['master', 'submitted'],
      ]);
      expect(await s.scoped(() => s.history.ofUser(s.owner))).to.have.length(1);
    });

    it('rolls an entry back with the unit of work it was added in', async () => {
      class Boom extends Error {}
      const failed = await rejection(
        s.scoped(() =>
          s.uow.run(async () => {
            await s.history.add(entry(s.owner, 'release', 22, 'edited', T));
            throw new Boom();
          }),
        ),
      );
      expect(failed).to.be.instanceOf(Boom);
      expect(await s.scoped(() => s.history.ofUser(s.owner))).to.deep.equal([]);
    });

    it('lets exactly one of simultaneous submissions of a record through', async () => {
      const results = await Promise.allSettled(
        [s.owner, s.other, s.owner, s.other].map((who) => add(entry(who, 'artist', 1, 'submitted', T))),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect(r.reason).to.be.instanceOf(Refusal).with.property('code', 'already submitted');
      }
    });

    it('lists the artists, labels and releases a user submitted that the catalogue holds, as one paginated list', async () => {
      await addHistory();
      const all = await s.scoped(() => s.reader.submissions(s.owner, { page: 1, perPage: 50 }));
      expect(all).to.deep.equal({ items: OWNER_SUBMISSIONS, total: 5, page: 1, perPage: 50 });
      const pages = [];
      for (let page = 1; page <= 4; page++) pages.push(await s.scoped(() => s.reader.submissions(s.owner, { page, perPage: 2 })));
      expect(pages.map((p) => p.items)).to.deep.equal([OWNER_SUBMISSIONS.slice(0, 2), OWNER_SUBMISSIONS.slice(2, 4), OWNER_SUBMISSIONS.slice(4), []]);
      expect(pages.map((p) => p.total)).to.deep.equal([5, 5, 5, 5]);
      expect((await s.scoped(() => s.reader.submissions(s.other, { page: 1, perPage: 50 }))).items).to.deep.equal([{ kind: 'release', id: 24 }]);
      expect(await s.scoped(() => s.reader.submissions(s.nobody, { page: 1, perPage: 50 }))).to.deep.equal({
        items: [], total: 0, page: 1, perPage: 50,
      });
    });

    for (const sort of CONTRIBUTION_SORTS) {
      it(`lists a user's distinct contributed releases by ${sort}, both ways, ties by id`, async () => {
        await addHistory();
        const asc = await s.scoped(() => s.reader.contributedReleases(s.owner, { page: 1, perPage: 50, sort, sortOrder: 'asc' }));
        expect(asc).to.deep.equal({ items: OWNER_CONTRIBUTIONS[sort], total: 4, page: 1, perPage: 50 });
        const desc = await s.scoped(() => s.reader.contributedReleases(s.owner, { page: 1, perPage: 50, sort, sortOrder: 'desc' }));
        expect(desc.items).to.deep.equal([...OWNER_CONTRIBUTIONS[sort]].reverse());
      });
    }

    it('orders contributions by when they were first made unless told otherwise, a page at a time', async () => {
      await addHistory();
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await s.scoped(() => s.reader.contributedReleases(s.owner, { page, perPage: 3, sortOrder: 'asc' })));
      expect(pages.map((p) => [p.items, p.total])).to.deep.equal([
        [OWNER_CONTRIBUTIONS.added.slice(0, 3), 4],
        [OWNER_CONTRIBUTIONS.added.slice(3), 4],
        [[], 4],
      ]);
      expect((await s.scoped(() => s.reader.contributedReleases(s.other, { page: 1, perPage: 50, sortOrder: 'asc' }))).items).to.deep.equal(
        OTHER_CONTRIBUTIONS,
      );
    });

    it('counts the distinct releases a user contributed that the catalogue holds', async () => {
      expect(await s.scoped(() => s.reader.releasesContributed(s.owner))).to.equal(0);
      await addHistory();
      expect(await s.scoped(() => s.reader.releasesContributed(s.owner))).to.equal(4);
      expect(await s.scoped(() => s.reader.releasesContributed(s.other))).to.equal(2);
      expect(await s.scoped(() => s.reader.releasesContributed(s.nobody))).to.equal(0);
    });
  });
}

contract('in memory', async () => {
  const catalogue = new InMemoryCatalogueReader(new FixedClock(T));
  for (const r of CONTRIBUTION_CATALOGUE.releases) catalogue.putRelease(r);
  for (const a of CONTRIBUTION_CATALOGUE.artists) catalogue.putArtist(a);
  for (const l of CONTRIBUTION_CATALOGUE.labels) catalogue.putLabel(l);
  for (const m of CONTRIBUTION_CATALOGUE.masters) catalogue.putMaster(m);
  let uow = new InMemoryUnitOfWork();
  let history = new InMemoryContributionRepository(uow, catalogue);
  const subject: Subject = {
    get history() { return history; },
    get reader() { return history; },
    get uow() { return uow; },
    scoped: (work) => work(),
    owner: 1,
    other: 2,
    nobody: 3,
  };
  return {
    subject,
    reset: async () => {
      uow = new InMemoryUnitOfWork();
      history = new InMemoryContributionRepository(uow, catalogue);
    },
  };
});

describe('with the MikroORM adapter', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.close());

  contract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    const scope = new MikroOrmRequestScope(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    await scope.run(() => emptyIdentity(db));
    await seedCatalogue(db, CONTRIBUTION_CATALOGUE);
    const users = new MikroOrmUserRepository(db.orm);
    const ids: number[] = [];
    for (const name of ['owner', 'other', 'nobody']) {
      const user = await scope.run(() =>
        uow.run(() =>
          users.add({ username: name, realName: '', email: `${name}@example.test`, passwordHash: 'h', registeredAt: T, homePage: '', location: '', profile: '', currency: 'USD' }),
        ),
      );
      ids.push(user.id);
    }
    return {
      subject: {
        history: new MikroOrmContributionRepository(db.orm),
        reader: new SqlContributionReader(db.orm),
        uow,
        scoped: (work) => scope.run(work),
        owner: ids[0]!,
        other: ids[1]!,
        nobody: ids[2]!,
      },
      reset: () => scope.run(async () => void (await query(db.orm, 'delete from contribution'))),
    };
  });

  it("deletes a user's history with the user", async () => {
    const scope = new MikroOrmRequestScope(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const history = new MikroOrmContributionRepository(db.orm);
    const user = await scope.run(() =>
      uow.run(() =>
        new MikroOrmUserRepository(db.orm).add({
          username: 'leaving', realName: '', email: 'leaving@example.test', passwordHash: 'h', registeredAt: T, homePage: '', location: '', profile: '', currency: 'USD',
        }),
      ),
    );
    await scope.run(() => uow.run(() => history.add(entry(user.id, 'release', 25, 'submitted', T))));
    expect(await query(db.orm, 'select id from contribution where user_id = ?', [user.id])).to.have.length(1);
    await query(db.orm, 'delete from app_user where id = ?', [user.id]);
    expect(await query(db.orm, 'select id from contribution where user_id = ?', [user.id])).to.deep.equal([]);
  });
});
