import { expect } from 'chai';
import type { Container } from 'inversify';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock.js';
import type { Listing } from '../../../domain/marketplace/listing.js';
import type { Who } from '../../support/api-as.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { aListing, aSeller } from '../../support/order-fixtures.js';
import { buyThroughCheckout, callerOf, clockedContainer } from '../../support/order-http.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

/*
 * A profile's `num_unread` over HTTP: the entries of a user's order logs the other party made since the user last
 * read that log (`GET /marketplace/orders/{id}/messages`), shown to the user alone, in both dialects.
 */
describe("Orders over HTTP: the profile's num_unread", function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let client: TestApplication;
  let sam: TestUser; // sells
  let bob: TestUser; // buys
  let carl: TestUser; // a third party
  const listings: Listing[] = [];

  before(async () => {
    db = await openTestStorage();
    const clock = new FixedClock('2026-03-02T09:00:00Z');
    container = clockedContainer(db, clock);
    await emptyIdentity(db);
    [sam, bob, carl] = [await aUser(container, 'sam'), await aUser(container, 'bob'), await aUser(container, 'carl')];
    client = await anApplication(container, 'bob', 'Unread App');
    await seedCatalogue(db, { releases: [aRelease(101, { title: 'One' })] });
    await aSeller(container, sam.id, 'USD');
    for (let i = 0; i < 2; i++) listings.push(await aListing(container, sam.id, 101, `${10 + i}.00`));
  });
  after(() => db.close());

  for (const brand of ['Service', 'Discogs'] as const) {
    describe(`in the ${brand} dialect`, () => {
      let as: ReturnType<typeof callerOf>;
      before(() => {
        as = callerOf(brand === 'Discogs' ? clockedContainer(db, new FixedClock('2026-03-03T09:00:00Z'), { BRAND: 'Discogs' }) : container, client, brand);
      });
      const profile = async (who: Who, name: string): Promise<Record<string, unknown>> => {
        const res = await as(who).get(`/${brand === 'Discogs' ? 'users' : 's'}/${name}`);
        expect(res.status, res.text).to.equal(200);
        return res.body as Record<string, unknown>;
      };
      const unread = async (u: TestUser): Promise<unknown> => (await profile(u, u.name)).num_unread;
      const say = async (who: TestUser, id: string, body: object) => {
        const res = await as(who).post(`/marketplace/orders/${id}/messages`, body);
        expect(res.status, res.text).to.equal(201);
      };
      const read = async (who: TestUser, id: string, query = '') => {
        const res = await as(who).get(`/marketplace/orders/${id}/messages${query}`);
        expect(res.status, res.text).to.equal(200);
      };

      it("counts bob's messages for sam until sam reads the order's log; bob's own never count for him", async () => {
        const [before, bobBefore] = [await unread(sam), await unread(bob)];
        const order = await buyThroughCheckout(as, bob, 'sam', [listings[brand === 'Service' ? 0 : 1]!]);
        const id = String(order.id);
        await say(bob, id, { message: 'Is the sleeve original?' });
        await say(bob, id, { message: 'And is it the first pressing?' });
        expect(await unread(sam)).to.equal(Number(before) + 2);
        expect(await unread(bob), "bob's own messages").to.equal(bobBefore);
        // The second page of one entry a page marks only the older message read.
        await read(sam, id, '?page=2&per_page=1');
        expect(await unread(sam)).to.equal(Number(before) + 1);
        await read(sam, id);
        expect(await unread(sam)).to.equal(before);
        // sam's answer and his status change are bob's to read; reading the log again changes nothing for sam.
        await say(sam, id, { message: 'Original, and yes.', status: brand === 'Discogs' ? 'Buyer Contacted' : 'Buyer ed' });
        expect([await unread(sam), await unread(bob)]).to.deep.equal([before, Number(bobBefore) + 1]);
        await read(bob, id);
        expect([await unread(sam), await unread(bob)]).to.deep.equal([before, bobBefore]);
      });

      it('never marks read an entry written while the log was being read: reads racing writes leave unread what no read returned', async () => {
        const order = await buyThroughCheckout(as, bob, 'sam', [await aListing(container, sam.id, 101, '30.00')]);
        const id = String(order.id);
        const base = Number(await unread(sam));
        let newestSeen = 0; // the number of bob's newest message any of sam's reads returned
        for (let k = 1; k <= 8; k++) {
          const [, page] = await Promise.all([
            say(bob, id, { message: `m${k}` }),
            as(sam).get(`/marketplace/orders/${id}/messages?per_page=${1 + (k % 3)}`),
          ]);
          expect(page.status, page.text).to.equal(200);
          const first = page.body.messages[0] as { message: string } | undefined;
          if (first) newestSeen = Math.max(newestSeen, Number(first.message.slice(1)));
          expect(await unread(sam), `round ${k}`).to.equal(base + k - newestSeen);
        }
      });

      it('shows num_unread, a number, to the user alone: not to another user, an application or anyone anonymous', async () => {
        const own = await profile(sam, 'sam');
        expect(own.num_unread).to.be.a('number');
        expect(Object.keys(own).slice(-2), 'after the email, as the public API orders them').to.deep.equal(['email', 'num_unread']);
        for (const who of [bob, carl, 'app', 'anonymous'] as const) expect(await profile(who, 'sam')).not.to.have.property('num_unread');
        expect(await unread(carl)).to.equal(0);
      });
    });
  }
});
