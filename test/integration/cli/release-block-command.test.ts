import fs from 'node:fs';
import { expect } from 'chai';
import { createPinoLogger } from '../../../adapters/logging/pino-logger.js';
import { query } from '../../../adapters/persistence/mikro-orm-unit-of-work.js';
import { loadConfig } from '../../../composition/config.js';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { openSpindle, type Spindle } from '../../../composition/spindle.js';
import { aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser } from '../../support/identity-fixtures.js';
import { marketFixtures } from '../../support/market-fixtures.js';
import { commandPlace, runSpindle, runSpindleInProcess, type CommandPlace, type Run } from '../../support/spindle-cli.js';

/**
 * `spindle release-block` and `release-unblock` on the suite's database: in this process (`runCli`), the first block
 * started as its own process as an operator does.
 */
describe('spindle release-block / release-unblock (the commands, end to end)', function () {
  this.timeout(120_000);
  let place: CommandPlace;
  let listingIds: number[] = [];
  let sellerId = 0;

  /** The database as the commands see it, opened in this process between runs. */
  const withSpindle = async <T>(work: (s: Spindle) => Promise<T>): Promise<T> => {
    const spindle = await openSpindle(loadConfig(place.env), createPinoLogger('silent'));
    try {
      return await work(spindle);
    } finally {
      await spindle.close();
    }
  };
  const spindle = (...args: string[]): Promise<Run> => runSpindleInProcess(place, args);
  const state = () =>
    withSpindle(async (s) => ({
      blocked: (await query(s.db!.orm, 'select release_id, reason from blocked_release order by release_id')).map((r) => [Number(r.release_id), r.reason]),
      statuses: await Promise.all(listingIds.map(async (id) => (await s.container.get(MARKETPLACE.ListingRepository).byId(id))?.status)),
      figures: (await query(s.db!.orm, 'select id, num_for_sale from release order by id')).map((r) => [Number(r.id), Number(r.num_for_sale)]),
      // The listing events recorded (the fixtures put the listings in place without any): type, listing, status shown.
      events: (await query(s.db!.orm, `select type, user_id, resource_id, body->>'status' as status from event where resource_type = 'listing' order by id`)).map(
        (r) => [r.type, Number(r.user_id), Number(r.resource_id), r.status],
      ),
    }));

  before(async () => {
    place = await commandPlace('spindle-release-block-');
    await withSpindle(async (s) => {
      await seedCatalogue(s.db!, { releases: [aRelease(21, { title: 'Blocked soon' }), aRelease(22, { title: 'Left alone' })] });
      const seller = await aUser(s.container, 'blocker-seller');
      sellerId = seller.id;
      const fx = marketFixtures(s.container);
      listingIds = [
        (await fx.list(seller.id, 21, '10.00', 'USD')).id,
        (await fx.list(seller.id, 21, '12.00', 'EUR')).id,
        (await fx.list(seller.id, 21, '3.00', 'USD', 'Poor (P)', 'Draft')).id,
        (await fx.list(seller.id, 22, '5.00', 'USD')).id,
      ];
    });
  });
  after(() => fs.rmSync(place.dir, { recursive: true, force: true }));

  it('blocks a release with a reason and suspends its For Sale listings in the same unit of work, telling their seller', async () => {
    const run = await runSpindle(place, ['release-block', '21', '--reason', 'counterfeit pressing']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal('Blocked release 21 from sale; 2 listings suspended.\n');
    expect(await state()).to.deep.equal({
      blocked: [[21, 'counterfeit pressing']],
      statuses: ['Suspended', 'Suspended', 'Draft', 'For Sale'],
      figures: [[21, 0], [22, 1]],
      events: [
        ['listing.changed', sellerId, listingIds[0], 'Suspended'],
        ['listing.changed', sellerId, listingIds[1], 'Suspended'],
      ],
    });
  });

  it('says so when the release is blocked already', async () => {
    const run = await spindle('release-block', '21');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal('Already blocked: release 21 from sale; 0 listings suspended.\n');
    expect((await state()).events, 'no listing changed, no event').to.have.length(2);
  });

  it('refuses an unknown release or a malformed id with a clear message and changes nothing', async () => {
    for (const id of ['999', 'abc', '0']) {
      const run = await spindle('release-block', id);
      expect(run.code, id).to.not.equal(0);
      expect(run.stdout).to.equal('');
      expect(run.stderr).to.match(/Release not found/);
      expect(run.stderr).to.not.match(/\n\s+at /);
    }
    expect((await state()).blocked).to.deep.equal([[21, 'counterfeit pressing']]);
  });

  it('unblocks; the suspended listings stay suspended', async () => {
    const run = await spindle('release-unblock', '21');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal('Unblocked release 21; its suspended listings stay suspended.\n');
    expect(await state()).to.deep.include({ blocked: [], statuses: ['Suspended', 'Suspended', 'Draft', 'For Sale'], figures: [[21, 0], [22, 1]] });
    expect((await state()).events, 'unblocking changes no listing').to.have.length(2);
    const again = await spindle('release-unblock', '21');
    expect(again.stdout).to.equal('Release 21 was not blocked.\n');
  });
});
