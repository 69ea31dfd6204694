import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import { seedDemoData } from '../../support/catalogue-import.js';
import { REPO_ROOT } from '../../support/repo-root.js';
import { seedDemoCollections } from '../../../composition/collection/demo-collections.js';
import { seedDemoRatings } from '../../../composition/ratings/demo-ratings.js';
import { marketplaceModule } from '../../../composition/marketplace/marketplace-module.js';
import { ordersModule } from '../../../composition/orders/orders-module.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

interface Example {
  readonly line: string;
  readonly agent: string;
  readonly accept?: string;
  /** An `Authorization` header, `$TOKEN` and `$SELLER_TOKEN` standing for the demo buyer's and seller's personal tokens. */
  readonly authorization?: string;
  readonly path: string;
}

/** The README's `curl` examples, parsed as a shell would read them (single quotes hold `&` and `?`). */
function readmeExamples(): Example[] {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  return readme
    .split('\n')
    .filter((line) => line.startsWith('curl '))
    .map((line) => {
      const command = line.replace(/\s+#.*$/, '');
      const words = [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
      const url = words.find((w) => w.startsWith('http://localhost:3000'));
      if (!url) throw new Error(`No URL in README example: ${line}`);
      if (/[&?]/.test(url) && !command.includes(`'${url}'`)) throw new Error(`Unquoted URL with & or ? in README: ${line}`);
      const header = words[words.indexOf('-H') + 1];
      return {
        line,
        agent: words[words.indexOf('-A') + 1]!,
        accept: words.includes('-H') && header?.startsWith('Accept:') ? header.slice('Accept:'.length).trim() : undefined,
        authorization:
          words.includes('-H') && header?.startsWith('Authorization:') ? header.slice('Authorization:'.length).trim() : undefined,
        path: url.slice('http://localhost:3000'.length),
      };
    });
}

/** Every README example runs as written against the demo data and shows data (or the error it says it shows). */
describe('README examples (on the demo data)', () => {
  let storage: TestStorage;
  let app: Koa;
  let token: string;
  let sellerToken: string;
  before(async () => {
    storage = await openTestStorage();
    await seedDemoData(storage, { progress: 'none' });
    const container = testContainer(storage, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(storage);
    // In the order `npm start` makes them: the seller's id is in the order ids the README reads (1-1).
    sellerToken = (await aUser(container, 'demo-seller')).token;
    token = (await aUser(container, 'demo-buyer')).token;
    await seedDemoCollections(container, () => undefined);
    await seedDemoRatings(container, () => undefined);
    await marketplaceModule.demo!(container, () => undefined); // the demo rates, then the demo seller
    await ordersModule.demo!(container, () => undefined); // the demo orders, then the demo cart
  });
  after(async () => {
    await storage?.close();
  });

  const examples = readmeExamples();
  it('finds the examples', () => expect(examples.length).to.be.greaterThan(5));

  for (const example of examples) {
    it(example.line, async () => {
      let req = request(app.callback()).get(example.path).set('User-Agent', example.agent);
      if (example.accept) req = req.set('Accept', example.accept);
      if (example.authorization) req = req.set('Authorization', example.authorization.replace('$SELLER_TOKEN', sellerToken).replace('$TOKEN', token));
      const res = await req;
      const says404 = /#\s*404/.test(example.line);
      expect(res.status, res.text).to.equal(says404 ? 404 : 200);
      if (says404) return;
      const body = example.path.includes('callback=')
        ? (JSON.parse(res.text.replace(/^[^(]*\(/, '').replace(/\)\s*;?\s*$/, '')) as { data: Record<string, unknown> }).data
        : (res.body as Record<string, unknown>);
      const list = body.versions ?? body.releases ?? body.wants ?? body.results ?? body.listings ?? body.sellers ?? body.orders ?? body.messages;
      if (list !== undefined) expect(list, 'a list example must show entries').to.be.an('array').that.is.not.empty;
      else if (example.path.startsWith('/marketplace/fee/')) expect(body.value, 'a fee example must show the fee').to.be.greaterThan(0);
      else if (example.path.startsWith('/marketplace/stats/')) expect(body.num_for_sale, 'a stats example must show copies for sale').to.be.greaterThan(0);
      else if (example.path.startsWith('/marketplace/orders/')) expect(body.id, 'an order example must show the order').to.match(/^\d+-\d+$/);
      else if (body.release_id !== undefined) {
        // A rating: the community's (`rating.count`) or a user's (`rating`), of a release the demo users rated.
        const rating = body.rating as number | { count: number };
        expect(typeof rating === 'number' ? rating : rating.count, 'a rating example must show a rating').to.be.greaterThan(0);
      } else expect(body.id, 'a record example must show the record').to.be.a('number');
      if (example.path === '/oauth/identity') expect(body.username).to.equal('demo-buyer');
    });
  }
});
