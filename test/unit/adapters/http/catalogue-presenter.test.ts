import { releaseTemplate } from '../../../../application/catalogue/release-document.js';
import { expect } from 'chai';
import { NoUsersCommunityFigures } from '../../../../adapters/in-memory/no-users-community-figures.js';
import { CataloguePresenter } from '../../../../adapters/http/catalogue/catalogue-presenter.js';
import { ApiUrls } from '../../../../adapters/http/urls.js';
import type { ReleaseView } from '../../../../application/catalogue/get-release.js';
import type { MasterVersion } from '../../../../application/catalogue/read-models.js';
import type { CommunitySummary } from '../../../../application/ports/community-figures.js';
import type { MarketSummary } from '../../../../application/ports/market-figures.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { aMaster, aRelease } from '../../../support/builders/catalogue-builders.js';
import { NO_PEOPLE } from '../../../../application/ports/release-people.js';

const presenter = new CataloguePresenter(new ApiUrls('https://api.test', 'https://web.test', 'users'), 'spec');
const DATE = new Date('2026-01-02T03:04:05Z');
const NOTHING_FOR_SALE: MarketSummary = { lowestPrice: null, numForSale: 0 };

async function nobody(userId: string | null = null): Promise<CommunitySummary> {
  return (await new NoUsersCommunityFigures().forReleases([10], userId)).get(10)!;
}

const FIGURES: CommunitySummary = {
  community: { inCollection: 120, inWantlist: 45 },
  rating: { count: 7, average: 4.29 },
  user: { inCollection: 2, inWantlist: 1 },
};

function releaseView(market: MarketSummary, community: CommunitySummary): ReleaseView {
  return { template: releaseTemplate(aRelease(10)), notes: undefined, images: undefined, dateAdded: DATE, dateChanged: DATE, currency: market.lowestPrice?.currency ?? 'USD', market, community, people: NO_PEOPLE };
}

const version: MasterVersion = {
  id: 10, status: 'Accepted', title: 'T', label: 'L', catno: 'C 1', country: 'UK', format: 'LP', released: '2001', majorFormats: ['Vinyl'], thumb: '',
};

describe('CataloguePresenter figures', () => {
  describe('lowest_price shows Money as a number in major units', () => {
    const cases: Array<[Money | null, number | null]> = [
      [null, null],
      [Money.fromDecimal('12.35', 'USD'), 12.35],
      [Money.fromDecimal('0.05', 'EUR'), 0.05],
      [Money.fromDecimal('10', 'GBP'), 10],
      [Money.fromDecimal('1200', 'JPY'), 1200],
    ];
    for (const [price, shown] of cases) {
      it(`${price?.toString() ?? 'nothing for sale'} → ${shown}`, async () => {
        const market = { lowestPrice: price, numForSale: price ? 4 : 0 };
        const release = JSON.parse(presenter.release(releaseView(market, await nobody()))) as Record<string, unknown>;
        const master = presenter.master({ master: aMaster(5, { mainRelease: 10 }), images: [], tracklist: [], mostRecentRelease: null, currency: 'USD', market }) as Record<string, unknown>;
        for (const json of [release, master]) {
          expect(json.lowest_price).to.equal(shown);
          expect(json.num_for_sale).to.equal(price ? 4 : 0);
          const keys = Object.keys(json);
          expect(keys.indexOf('lowest_price')).to.equal(keys.indexOf('num_for_sale') + 1);
        }
      });
    }
  });

  it('writes exactly the JSON of before when nobody holds, wants or rated anything', async () => {
    const json = JSON.parse(presenter.release(releaseView(NOTHING_FOR_SALE, await nobody()))) as Record<string, unknown>;
    expect(JSON.stringify(json.community)).to.equal(
      '{"have":0,"want":0,"rating":{"count":0,"average":0},"submitter":null,"contributors":[],"data_quality":"Correct","status":"Accepted"}',
    );
    const before = '{"community":{"in_wantlist":0,"in_collection":0},"user":{"in_wantlist":0,"in_collection":0}}';
    for (const community of [await nobody(), await nobody('u-1')]) {
      expect(JSON.stringify((presenter.version({ version, community }) as Record<string, unknown>).stats)).to.equal(before);
      const entry = { type: 'master', id: 5, title: 'T', year: 2001, thumb: '', artist: 'A', role: 'Main', mainRelease: 10 } as const;
      expect(JSON.stringify((presenter.artistRelease({ entry, community }) as Record<string, unknown>).stats)).to.equal(before);
    }
  });

  it('shows the community figures it is given', () => {
    const json = JSON.parse(presenter.release(releaseView(NOTHING_FOR_SALE, FIGURES))) as { community: Record<string, unknown> };
    expect(json.community).to.deep.include({ have: 120, want: 45, rating: { count: 7, average: 4.29 } });
    const stats = { community: { in_wantlist: 45, in_collection: 120 }, user: { in_wantlist: 1, in_collection: 2 } };
    expect((presenter.version({ version, community: FIGURES }) as Record<string, unknown>).stats).to.deep.equal(stats);
    const entry = { type: 'release', id: 10, title: 'T', year: 2001, thumb: '', artist: 'A', role: 'Main', format: 'LP', label: 'L', status: 'Accepted' } as const;
    expect((presenter.artistRelease({ entry, community: FIGURES }) as Record<string, unknown>).stats).to.deep.equal(stats);
    const anonymous = { ...FIGURES, user: null };
    expect((presenter.version({ version, community: anonymous }) as { stats: { user: unknown } }).stats.user).to.deep.equal({ in_wantlist: 0, in_collection: 0 });
  });
});
