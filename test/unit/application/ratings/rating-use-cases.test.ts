import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryRatingStore } from '../../../../adapters/in-memory/in-memory-rating-store.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { NoListingsMarketFigures } from '../../../../adapters/in-memory/no-listings-market-figures.js';
import { CommunityFromParts } from '../../../../application/catalogue/community-from-parts.js';
import { GetRelease } from '../../../../application/catalogue/get-release.js';
import { Forbidden, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { Refusal } from '../../../../domain/shared/refusal.js';
import { GetCommunityRating } from '../../../../application/ratings/get-community-rating.js';
import { GetUserRating } from '../../../../application/ratings/get-user-rating.js';
import { RateRelease } from '../../../../application/ratings/rate-release.js';
import { RatingFigures } from '../../../../application/ratings/rating-figures.js';
import { RemoveRating } from '../../../../application/ratings/remove-rating.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import { aMaster, aRelease } from '../../../support/builders/catalogue-builders.js';
import { rejection } from '../../../support/rejection.js';

describe('Ratings (use cases, in memory)', () => {
  const clock = new FixedClock('2026-11-22T12:00:00Z');
  const me: Caller = { kind: 'user', userId: '1', username: 'me', via: 'token' };
  const them: Caller = { kind: 'user', userId: '2', username: 'them', via: 'token' };
  const app: Caller = { kind: 'application', applicationId: 'a' };
  let uow: InMemoryUnitOfWork;
  let catalogue: InMemoryCatalogueReader;
  let store: InMemoryRatingStore;
  let users: InMemoryUserRepository;

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    catalogue = new InMemoryCatalogueReader(clock);
    catalogue.putMaster(aMaster(5, { mainRelease: 10 }));
    for (const id of [10, 11]) catalogue.putRelease(aRelease(id, { masterId: 5 }));
    catalogue.putRelease(aRelease(12));
    store = new InMemoryRatingStore(uow, catalogue);
    for (const name of ['me', 'them']) {
      await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency: 'USD' }),
      );
    }
  });

  const rate = (releaseId: number, rating: number, caller: Caller = me, name = 'me') =>
    new RateRelease(catalogue, users, store.ratings, uow, clock).execute({ releaseId, name, caller, body: () => ({ rating }) });
  const remove = (releaseId: number, caller: Caller = me, name = 'me') =>
    new RemoveRating(catalogue, users, store.ratings, uow).execute({ releaseId, name, caller });
  const mine = (releaseId: number, name = 'me') => new GetUserRating(catalogue, users, store.ratings).execute({ releaseId, name });
  const community = (releaseId: number) => new GetCommunityRating(catalogue, store.counts).execute({ releaseId });

  it('rates a release as the user, replacing the earlier rating, with the clock’s time', async () => {
    expect((await mine(10)).rating).to.equal(0);
    const given = await rate(10, 3);
    expect([given.user.username, given.releaseId, given.rating]).to.deep.equal(['me', 10, 3]);
    await rate(10, 5);
    expect((await mine(10)).rating).to.equal(5);
    expect((await store.ratings.rating(1, 10))?.ratedAt).to.deep.equal(clock.now());
    expect(await community(10)).to.deep.equal({ releaseId: 10, rating: { count: 1, average: 5 } });
  });

  it('refuses strangers by kind: 401 anonymous, 403 an application or another user', async () => {
    for (const [caller, kind] of [
      [ANONYMOUS, Unauthenticated],
      [app, Forbidden],
      [them, Forbidden],
    ] as const) {
      expect(await rejection(rate(10, 4, caller))).to.be.instanceOf(kind);
      expect(await rejection(remove(10, caller))).to.be.instanceOf(kind);
    }
    expect((await mine(10)).rating).to.equal(0);
  });

  it('answers 404 "Release not found." for an unknown release and the generic 404 for an unknown user', async () => {
    for (const attempt of [rate(99, 4), remove(99), mine(99), community(99)]) {
      const err = await rejection(attempt);
      expect([err.constructor, err.message]).to.deep.equal([NotFound, 'Release not found.']);
    }
    for (const attempt of [rate(10, 4, me, 'nobody'), remove(10, me, 'nobody'), mine(10, 'nobody')]) {
      const err = await rejection(attempt);
      expect([err.constructor, err.message]).to.deep.equal([NotFound, 'The requested resource was not found.']);
    }
  });

  it('refuses a value outside 1 to 5 as invalid, and keeps the earlier rating', async () => {
    await rate(11, 2);
    for (const bad of [0, 6, 2.5, -1]) {
      const err = await rejection(rate(11, bad));
      expect(err, String(bad)).to.be.instanceOf(Refusal).that.has.property('kind', 'invalid');
      expect(err.message).to.match(/^Invalid rating: /);
    }
    expect((await mine(11)).rating).to.equal(2);
  });

  it('removes a rating; removing one never given succeeds too', async () => {
    await rate(12, 4);
    await remove(12);
    expect((await mine(12)).rating).to.equal(0);
    await remove(12);
    expect(await community(12)).to.deep.equal({ releaseId: 12, rating: { count: 0, average: null } });
  });

  it('shows the same figures in the community rating, the release page, the master and the profile', async () => {
    await rate(10, 5);
    await rate(11, 4);
    await rate(10, 2, them, 'them');
    expect((await community(10)).rating).to.deep.equal({ count: 2, average: 3.5 });
    const figures = new CommunityFromParts(undefined, store.counts);
    const release = await new GetRelease(catalogue, new NoListingsMarketFigures(), figures, new TextRenderer(catalogue, 'https://web.test')).execute({
      releaseId: 10,
      currency: 'USD',
      textFormat: 'markup',
    });
    expect(release.community.rating).to.deep.equal({ count: 2, average: 3.5 });
    expect((await figures.forMasters([5], null)).get(5)?.rating).to.deep.equal({ count: 3, average: 3.67 });
    expect(await new RatingFigures(store.ratings).forUser(1)).to.deep.equal({ releasesRated: 2, ratingAverage: 4.5 });
    expect(await new RatingFigures(store.ratings).forUser(2)).to.deep.equal({ releasesRated: 1, ratingAverage: 2 });
  });

  it('gives a user who rated nothing no average', async () => {
    expect(await new RatingFigures(store.ratings).forUser(1)).to.deep.equal({ releasesRated: 0, ratingAverage: null });
  });
});
