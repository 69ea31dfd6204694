import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type request from 'supertest';
import { InMemoryRatingStore } from '../../../adapters/in-memory/in-memory-rating-store.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { RATING_STORE } from '../../../composition/ratings/ratings-memory.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { aCredit, aMaster, anArtist, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { isMemory, openTestStorage, skipInMemory, sqlOf, type TestStorage } from '../../support/test-storage.js';

const UNAUTHENTICATED = 'You must authenticate to access this resource.';
const FORBIDDEN = "You don't have permission to access this resource.";
const RANGE = 'expected a whole number from 1 to 5';

describe('Release ratings over HTTP', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let discogsApp: Koa;
  let ann: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  let client: TestApplication;

  before(async () => {
    db = await openTestStorage();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    discogsApp = testContainer(db, { BRAND: 'Discogs', RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' }).get(
      HTTP.HttpApp,
    ) as unknown as Koa;
    await emptyIdentity(db);
    ann = await aUser(container, 'ann');
    bob = await aUser(container, 'bob');
    carl = await aUser(container, 'carl');
    client = await anApplication(container, 'ann', 'Rating App');
    await seedCatalogue(db, {
      artists: [anArtist(1, { name: 'Alpha' })],
      masters: [aMaster(50, { mainRelease: 101 })],
      releases: [
        aRelease(101, { title: 'First', masterId: 50, artists: [aCredit(1, 'Alpha')] }),
        aRelease(102, { title: 'Second', masterId: 50, artists: [aCredit(1, 'Alpha')] }),
        aRelease(103, { title: 'Third' }),
        aRelease(104, { title: 'Fourth' }),
      ],
    });
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);
  const community = async (release: number) => (await as('anonymous').get(`/releases/${release}/rating`)).body as { rating: { count: number; average: number } };
  const profile = async (u: TestUser) => (await as('anonymous').get(`/s/${u.name}`)).body as { releases_rated: number; rating_avg: number };
  /**
   * The release row's totals against the ratings table's own count and sum. In memory there is no row apart from the
   * ratings: both are the totals the memory family counts the figures from.
   */
  const totals = async (release: number) => {
    if (isMemory(db)) {
      const counted = db.store(RATING_STORE, (uow) => new InMemoryRatingStore(uow)).totalsOf(release);
      return { row: counted, table: counted };
    }
    const [row] = await query(sqlOf(db).orm, 'select rating_count as n, rating_sum as s from release where id = ?', [release]);
    const [table] = await query(sqlOf(db).orm, 'select count(*)::int as n, coalesce(sum(rating), 0)::int as s from release_rating where release_id = ?', [release]);
    return { row: { count: Number(row!.n), sum: Number(row!.s) }, table: { count: Number(table!.n), sum: Number(table!.s) } };
  };

  describe('round trip of two users', () => {
    it('reads an unrated release as rating 0 and a community rating of nothing as count 0, average 0', async () => {
      const mine = await as('anonymous').get('/releases/101/rating/ann');
      expect(mine.status).to.equal(200);
      expect(mine.body).to.deep.equal({ name: 'ann', username: 'ann', release_id: 101, rating: 0 });
      const all = await as('anonymous').get('/releases/101/rating');
      expect(all.status).to.equal(200);
      expect(all.text).to.equal('{"rating":{"count":0,"average":0},"release_id":101}');
    });

    it('rates (body or query, numbers or digits), shows the same figures everywhere, replaces, and deletes', async () => {
      const put = await as(ann).put('/releases/101/rating/ann', { rating: 4 });
      expect(put.status, put.text).to.equal(200);
      expect(put.body).to.deep.equal({ name: 'ann', username: 'ann', release_id: 101, rating: 4 });
      const byQuery = await as(bob).put('/releases/101/rating/bob?rating=5');
      expect(byQuery.status, byQuery.text).to.equal(200);
      expect(byQuery.body.rating).to.equal(5);
      expect((await as(bob).put('/releases/102/rating/bob', { rating: '1' })).body.rating).to.equal(1);

      expect(await community(101)).to.deep.equal({ rating: { count: 2, average: 4.5 }, release_id: 101 });
      const release = await as('anonymous').get('/releases/101');
      expect(release.body.community.rating).to.deep.equal({ count: 2, average: 4.5 });
      expect(release.text).to.include('"rating":{"count":2,"average":4.5}');
      expect((await as(carl).get('/releases/101/rating/bob')).body).to.deep.include({ release_id: 101, rating: 5 });
      expect(await profile(ann)).to.deep.include({ releases_rated: 1, rating_avg: 4 });
      expect(await profile(bob)).to.deep.include({ releases_rated: 2, rating_avg: 3 });

      // A second PUT replaces the first: ann still counts once.
      expect((await as(ann).put('/releases/101/rating/ann', { rating: '2' })).body.rating).to.equal(2);
      expect((await community(101)).rating).to.deep.equal({ count: 2, average: 3.5 });
      expect((await as('anonymous').get('/releases/101')).body.community.rating).to.deep.equal({ count: 2, average: 3.5 });

      const gone = await as(ann).delete('/releases/101/rating/ann');
      expect(gone.status).to.equal(204);
      expect(gone.text).to.equal('');
      expect((await as(ann).get('/releases/101/rating/ann')).body.rating).to.equal(0);
      expect((await community(101)).rating).to.deep.equal({ count: 1, average: 5 });
      expect((await as('anonymous').get('/releases/101')).body.community.rating).to.deep.equal({ count: 1, average: 5 });
      expect(await profile(ann)).to.deep.include({ releases_rated: 0, rating_avg: 0 });
      // Deleting a rating that is not there is what the public API answers: 204.
      expect((await as(ann).delete('/releases/101/rating/ann')).status).to.equal(204);
      expect(await totals(101)).to.deep.equal({ row: { count: 1, sum: 5 }, table: { count: 1, sum: 5 } });
    });

    it('takes the body’s rating over the query’s, and the last of a repeated query value', async () => {
      expect((await as(carl).put('/releases/104/rating/carl?rating=1', { rating: 3 })).body.rating).to.equal(3);
      expect((await as(carl).put('/releases/104/rating/carl?rating=1&rating=2')).body.rating).to.equal(2);
      expect((await as(carl).put('/releases/104/rating/carl?rating=5', {})).body.rating).to.equal(5);
      await as(carl).delete('/releases/104/rating/carl');
    });

    it('answers on paths with a trailing slash and user names in any letter case, naming the user as stored', async () => {
      const res = await as(ann).put('/releases/103/rating/ANN/', { rating: 3 });
      expect(res.status, res.text).to.equal(200);
      expect(res.body).to.deep.equal({ name: 'ann', username: 'ann', release_id: 103, rating: 3 });
      expect((await as('anonymous').get('/releases/103/rating/Ann/')).body.rating).to.equal(3);
      expect((await as('anonymous').get('/releases/103/rating/')).body.rating.count).to.equal(1);
      expect((await as(ann).delete('/releases/103/rating/ann/')).status).to.equal(204);
    });

    it('names the rater by `username` alone in the Discogs dialect', async () => {
      const discogs = (who: Who) => apiAs(discogsApp, client, 'Discogs')(who);
      const put = await discogs(carl).put('/releases/102/rating/carl', { rating: 4 });
      expect(put.status, put.text).to.equal(200);
      expect(put.body).to.deep.equal({ username: 'carl', release_id: 102, rating: 4 });
      expect((await discogs('anonymous').get('/releases/102/rating/carl')).body).to.deep.equal({ username: 'carl', release_id: 102, rating: 4 });
      expect((await discogs('anonymous').get('/releases/102/rating')).body).to.deep.equal({ rating: { count: 2, average: 2.5 }, release_id: 102 });
      expect((await discogs(carl).delete('/releases/102/rating/carl')).status).to.equal(204);
    });
  });

  describe('refusals', () => {
    it('refuses every bad value with 422 naming it, and keeps the rating as it was', async () => {
      await as(bob).put('/releases/103/rating/bob', { rating: 4 });
      const cases: Array<[request.Test, string]> = [
        [as(bob).put('/releases/103/rating/bob', { rating: 0 }), `Invalid rating: ${RANGE}, got 0.`],
        [as(bob).put('/releases/103/rating/bob', { rating: 6 }), `Invalid rating: ${RANGE}, got 6.`],
        [as(bob).put('/releases/103/rating/bob', { rating: 2.5 }), `Invalid rating: ${RANGE}, got 2.5.`],
        [as(bob).put('/releases/103/rating/bob', { rating: -1 }), `Invalid rating: ${RANGE}, got -1.`],
        [as(bob).put('/releases/103/rating/bob', { rating: 'five' }), `Invalid rating: ${RANGE}, got "five".`],
        [as(bob).put('/releases/103/rating/bob', { rating: '2.5' }), `Invalid rating: ${RANGE}, got "2.5".`],
        [as(bob).put('/releases/103/rating/bob', { rating: '' }), `Invalid rating: ${RANGE}, got "".`],
        [as(bob).put('/releases/103/rating/bob', { rating: true }), `Invalid rating: ${RANGE}, got true.`],
        [as(bob).put('/releases/103/rating/bob', { rating: null }), `Invalid rating: ${RANGE}, got null.`],
        [as(bob).put('/releases/103/rating/bob', { rating: [4] }), `Invalid rating: ${RANGE}, got [4].`],
        [as(bob).put('/releases/103/rating/bob', { rating: { value: 4 } }), `Invalid rating: ${RANGE}, got {"value":4}.`],
        [as(bob).put('/releases/103/rating/bob', [4]), `Invalid rating: ${RANGE}, got [4].`],
        [as(bob).put('/releases/103/rating/bob?rating=0'), `Invalid rating: ${RANGE}, got "0".`],
        [as(bob).put('/releases/103/rating/bob?rating=five'), `Invalid rating: ${RANGE}, got "five".`],
        [as(bob).put('/releases/103/rating/bob', {}), 'Invalid rating: a rating is required, a whole number from 1 to 5.'],
        [as(bob).put('/releases/103/rating/bob'), 'Invalid rating: a rating is required, a whole number from 1 to 5.'],
        [as(bob).put('/releases/103/rating/bob', { stars: 4 }), 'Invalid rating: a rating is required, a whole number from 1 to 5.'],
      ];
      for (const [i, [req, message]] of cases.entries()) {
        const res = await req;
        expect(res.status, `case ${i}: ${res.text}`).to.equal(422);
        expect(res.text, `case ${i}`).to.equal(`{"message": ${JSON.stringify(message)}}`);
      }
      const malformed = await as(bob).put('/releases/103/rating/bob').set('Content-Type', 'application/json').send('{"rating": 4');
      expect(malformed.status).to.equal(422);
      expect((await as('anonymous').get('/releases/103/rating/bob')).body.rating).to.equal(4);
      expect((await community(103)).rating).to.deep.equal({ count: 1, average: 4 });
    });

    it('lets only the user rate as themselves: 401 without credentials, 403 for an application or another user', async () => {
      const cases: Array<[request.Test, number, string]> = [
        [as('anonymous').put('/releases/104/rating/bob', { rating: 3 }), 401, UNAUTHENTICATED],
        [as('app').put('/releases/104/rating/bob', { rating: 3 }), 403, FORBIDDEN],
        [as(ann).put('/releases/104/rating/bob', { rating: 3 }), 403, FORBIDDEN],
        [as('anonymous').delete('/releases/104/rating/bob'), 401, UNAUTHENTICATED],
        [as('app').delete('/releases/104/rating/bob'), 403, FORBIDDEN],
        [as(ann).delete('/releases/104/rating/bob'), 403, FORBIDDEN],
        // The caller is checked before the value: a stranger learns nothing about what is wrong with it.
        [as(ann).put('/releases/104/rating/bob', { rating: 9 }), 403, FORBIDDEN],
      ];
      for (const [i, [req, status, message]] of cases.entries()) {
        const res = await req;
        expect(res.status, `case ${i}: ${res.text}`).to.equal(status);
        expect(res.body.message, `case ${i}`).to.equal(message);
      }
      const unauthenticated = await as('anonymous').put('/releases/104/rating/bob', { rating: 3 });
      expect(unauthenticated.headers['www-authenticate']).to.match(/^OAuth realm=/);
      expect((await community(104)).rating.count).to.equal(0);
    });

    it('answers 404 for an unknown release ("Release not found.") or user (the generic message)', async () => {
      const release = 'Release not found.';
      const generic = 'The requested resource was not found.';
      const cases: Array<[request.Test, string]> = [
        [as('anonymous').get('/releases/999/rating'), release],
        [as('anonymous').get('/releases/abc/rating'), release],
        [as('anonymous').get('/releases/999/rating/ann'), release],
        [as(ann).put('/releases/999/rating/ann', { rating: 3 }), release],
        [as(ann).delete('/releases/999/rating/ann'), release],
        [as('anonymous').get('/releases/101/rating/nobody'), generic],
        [as(ann).put('/releases/101/rating/nobody', { rating: 3 }), generic],
        [as('anonymous').delete('/releases/101/rating/nobody'), generic],
      ];
      for (const [i, [req, message]] of cases.entries()) {
        const res = await req;
        expect(res.status, `case ${i}: ${res.text}`).to.equal(404);
        expect(res.body.message, `case ${i}`).to.equal(message);
      }
    });

    it('answers 405 to methods the rating paths do not take', async () => {
      const res = await as(ann).post('/releases/101/rating/ann', { rating: 3 });
      expect(res.status).to.equal(405);
      expect((await as(ann).put('/releases/101/rating', { rating: 3 })).status).to.equal(405);
    });
  });

  describe('release totals', () => {
    it('stay equal to the ratings when many users rate, re-rate and take back ratings of one release at once', async () => {
      const raters = await Promise.all(Array.from({ length: 12 }, (_, i) => aUser(container, `rater${i}`)));
      const first = await Promise.all(raters.map((u, i) => as(u).put(`/releases/104/rating/${u.name}`, { rating: (i % 5) + 1 })));
      expect(first.map((r) => r.status)).to.deep.equal(raters.map(() => 200));
      expect((await totals(104)).row).to.deep.equal({ count: 12, sum: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2].reduce((a, b) => a + b) });
      const second = await Promise.all([
        ...raters.map((u, i) => as(u).put(`/releases/104/rating/${u.name}`, { rating: ((i + 1) % 5) + 1 })),
        ...raters.map((u, i) => as(u).put(`/releases/104/rating/${u.name}?rating=${((i + 1) % 5) + 1}`)),
        ...raters.filter((_, i) => i % 4 === 0).map((u) => as(u).delete(`/releases/104/rating/${u.name}`)),
      ]);
      expect(second.every((r) => r.status === 200 || r.status === 204), second.map((r) => r.status).join()).to.equal(true);
      const { row, table } = await totals(104);
      expect(row).to.deep.equal(table);
      expect(row.count).to.be.within(9, 12);
      const summary = await community(104);
      expect(summary.rating.count).to.equal(row.count);
      expect(summary.rating.average).to.equal(Math.floor((200 * row.sum + row.count) / (2 * row.count)) / 100);
    });

    it('survive importing the release again, which never writes them', async () => {
      await as(ann).put('/releases/102/rating/ann', { rating: 5 });
      const before = await totals(102);
      expect(before.row.count).to.be.greaterThan(0);
      await seedCatalogue(db, { releases: [aRelease(102, { title: 'Second (Remastered)', masterId: 50, artists: [aCredit(1, 'Alpha')] })] });
      const release = await as('anonymous').get('/releases/102');
      expect(release.body.title).to.equal('Second (Remastered)');
      expect(await totals(102)).to.deep.equal(before);
      expect(release.body.community.rating.count).to.equal(before.row.count);
    });

    it('lose a removed user’s ratings with the user', async function () {
      skipInMemory(this); // removing a user is the database's (its foreign keys), not modelled in memory
      await as(carl).put('/releases/101/rating/carl', { rating: 1 });
      const with_ = await totals(101);
      await query(sqlOf(db).orm, 'delete from app_user where id = ?', [carl.id]);
      const without = await totals(101);
      expect(without.row).to.deep.equal({ count: with_.row.count - 1, sum: with_.row.sum - 1 });
      expect(without.row).to.deep.equal(without.table);
    });
  });
});
