import { expect } from 'chai';
import { FixedClock } from '../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryRatingStore } from '../../adapters/in-memory/in-memory-rating-store.js';
import { InMemoryUnitOfWork } from '../../adapters/in-memory/in-memory-unit-of-work.js';
import type { Database } from '../../adapters/persistence/database.js';
import { MikroOrmUserRepository } from '../../adapters/persistence/identity/mikro-orm-identity-repositories.js';
import { MikroOrmUnitOfWork } from '../../adapters/persistence/mikro-orm-unit-of-work.js';
import { MikroOrmReleaseRatingRepository } from '../../adapters/persistence/ratings/mikro-orm-release-rating-repository.js';
import { SqlRatingCounts } from '../../adapters/persistence/ratings/sql-rating-counts.js';
import { ratingSummaryOf, type RatingCounts } from '../../application/ports/community-figures.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { Release } from '../../domain/catalogue/release.js';
import { ReleaseRating } from '../../domain/ratings/release-rating.js';
import type { ReleaseRatingRepository } from '../../domain/ratings/release-rating-repository.js';
import { aMaster, aRelease } from '../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { emptyIdentity } from '../support/identity-fixtures.js';
import { openTestDatabase } from '../support/test-database.js';

interface Subject {
  readonly uow: UnitOfWork;
  readonly ratings: ReleaseRatingRepository;
  readonly counts: RatingCounts;
  /** Twelve users who exist. */
  readonly users: readonly number[];
}

/** Releases 401 and 402 are versions of master 70; 403 has no master. */
const RELEASES: Release[] = [aRelease(401, { masterId: 70 }), aRelease(402, { masterId: 70 }), aRelease(403, {})];
const AT = (s: number) => new Date(Date.UTC(2026, 10, 22, 0, 0, s));
const rate = (user: number, release: number, value: number, at = 0) => ReleaseRating.given(user, release, value, AT(at));

function contract(name: string, open: () => Promise<Subject>): void {
  describe(`Release rating repository contract: ${name}`, function () {
    this.timeout(60_000);
    let s: Subject;
    beforeEach(async () => (s = await open()));

    it("stores one rating per user and release: a second replaces the first, a removal removes it", async () => {
      const [u, v] = s.users as [number, number];
      expect(await s.ratings.rating(u, 401)).to.equal(null);
      await s.uow.run(() => s.ratings.put(rate(u, 401, 3, 1)));
      await s.uow.run(() => s.ratings.put(rate(v, 401, 5, 2)));
      const stored = (await s.ratings.rating(u, 401))!;
      expect([stored.userId, stored.releaseId, stored.rating, stored.ratedAt.getTime()]).to.deep.equal([u, 401, 3, AT(1).getTime()]);
      await s.uow.run(() => s.ratings.put(rate(u, 401, 4, 3)));
      const replaced = (await s.ratings.rating(u, 401))!;
      expect([replaced.rating, replaced.ratedAt.getTime()]).to.deep.equal([4, AT(3).getTime()]);
      expect((await s.counts.forReleases([401])).get(401)).to.deep.equal({ count: 2, average: 4.5 });
      expect(await s.uow.run(() => s.ratings.remove(u, 401))).to.equal(true);
      expect(await s.uow.run(() => s.ratings.remove(u, 401))).to.equal(false);
      expect(await s.ratings.rating(u, 401)).to.equal(null);
      expect((await s.ratings.rating(v, 401))?.rating).to.equal(5);
      expect((await s.counts.forReleases([401])).get(401)).to.deep.equal({ count: 1, average: 5 });
    });

    it("counts what each user gave", async () => {
      const [u, v] = s.users as [number, number];
      expect(await s.ratings.givenBy(u)).to.deep.equal({ count: 0, sum: 0 });
      await s.uow.run(async () => {
        await s.ratings.put(rate(u, 401, 2));
        await s.ratings.put(rate(u, 402, 5));
        await s.ratings.put(rate(u, 403, 4));
        await s.ratings.put(rate(v, 403, 1));
      });
      expect(await s.ratings.givenBy(u)).to.deep.equal({ count: 3, sum: 11 });
      expect(await s.ratings.givenBy(v)).to.deep.equal({ count: 1, sum: 1 });
    });

    it("gives every release and master asked a summary, a master's over its versions, zero where nobody rated", async () => {
      const [a, b, c] = s.users as [number, number, number];
      await s.uow.run(async () => {
        await s.ratings.put(rate(a, 401, 5));
        await s.ratings.put(rate(b, 401, 4));
        await s.ratings.put(rate(c, 401, 4));
        await s.ratings.put(rate(a, 402, 1));
        await s.ratings.put(rate(b, 403, 3));
      });
      const releases = await s.counts.forReleases([401, 402, 403, 404]);
      expect([...releases]).to.deep.equal([
        [401, { count: 3, average: 4.33 }],
        [402, { count: 1, average: 1 }],
        [403, { count: 1, average: 3 }],
        [404, { count: 0, average: null }],
      ]);
      const masters = await s.counts.forMasters([70, 71]);
      expect([...masters]).to.deep.equal([
        [70, { count: 4, average: 3.5 }],
        [71, { count: 0, average: null }],
      ]);
      expect((await s.counts.forReleases([])).size).to.equal(0);
    });

    it('keeps the totals equal to the ratings under simultaneous ratings, re-ratings and removals of one release', async () => {
      const users = s.users;
      await Promise.all(users.map((u, i) => s.uow.run(() => s.ratings.put(rate(u, 402, (i % 5) + 1)))));
      // Everyone rates again at once (the same user twice at the same moment too), and a third of them take it back.
      await Promise.all([
        ...users.map((u, i) => s.uow.run(() => s.ratings.put(rate(u, 402, ((i + 2) % 5) + 1)))),
        ...users.map((u, i) => s.uow.run(() => s.ratings.put(rate(u, 402, ((i + 2) % 5) + 1)))),
        ...users.filter((_, i) => i % 3 === 0).map((u) => s.uow.run(() => s.ratings.remove(u, 402))),
      ]);
      const values = await Promise.all(users.map(async (u) => (await s.ratings.rating(u, 402))?.rating));
      const given = values.filter((v): v is number => v !== undefined);
      const sum = given.reduce((a, b) => a + b, 0);
      expect(given.length).to.be.within(users.length - Math.ceil(users.length / 3), users.length);
      expect((await s.counts.forReleases([402])).get(402)).to.deep.equal(ratingSummaryOf({ count: given.length, sum }));
    });

    it('puts the ratings and the totals back when a unit of work fails', async () => {
      const [u, v] = s.users as [number, number];
      await s.uow.run(() => s.ratings.put(rate(u, 403, 2)));
      await s.uow
        .run(async () => {
          await s.ratings.put(rate(u, 403, 5));
          await s.ratings.put(rate(v, 403, 5));
          await s.ratings.remove(u, 401);
          throw new Error('boom');
        })
        .catch(() => undefined);
      expect((await s.ratings.rating(u, 403))?.rating).to.equal(2);
      expect(await s.ratings.rating(v, 403)).to.equal(null);
      expect((await s.counts.forReleases([403])).get(403)).to.deep.equal({ count: 1, average: 2 });
    });
  });
}

const USERS = Array.from({ length: 12 }, (_, i) => i + 1);

contract('in memory', async () => {
  const uow = new InMemoryUnitOfWork();
  const catalogue = new InMemoryCatalogueReader(new FixedClock('2026-01-01T00:00:00Z'));
  for (const r of RELEASES) catalogue.putRelease(r);
  const store = new InMemoryRatingStore(uow, catalogue);
  return { uow, ratings: store.ratings, counts: store.counts, users: USERS };
});

describe('with the MikroORM adapters', () => {
  let db: Database;
  before(async () => {
    db = await openTestDatabase();
    await seedCatalogue(db, { masters: [aMaster(70, { mainRelease: 401 })], releases: RELEASES });
  });
  after(() => db.close());

  contract(`MikroORM on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, async () => {
    // Removing the users removes their ratings, and the triggers take them off the releases' totals.
    await emptyIdentity(db);
    const users = new MikroOrmUserRepository(db.orm);
    const uow = new MikroOrmUnitOfWork(db.orm);
    const ids: number[] = [];
    for (const n of USERS) {
      const name = `rater-${n}`;
      const user = await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@example.com`, passwordHash: 'x', registeredAt: AT(0), homePage: '', location: '', profile: '', currency: 'USD' }),
      );
      ids.push(user.id);
    }
    return { uow, ratings: new MikroOrmReleaseRatingRepository(db.orm), counts: new SqlRatingCounts(db.orm), users: ids };
  });
});
