import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { NoListingsMarketFigures } from '../../../../adapters/in-memory/no-listings-market-figures.js';
import { CommunityFromParts } from '../../../../application/catalogue/community-from-parts.js';
import { GetRelease } from '../../../../application/catalogue/get-release.js';
import type { CatalogueReader, StoredReleaseDocument } from '../../../../application/ports/catalogue-reader.js';
import {
  ratingSummaryOf,
  type CommunityFigures,
  type Holding,
  type HoldingCounts,
  type RatingCounts,
  type RatingSummary,
} from '../../../../application/ports/community-figures.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import { aRelease } from '../../../support/builders/catalogue-builders.js';

describe('ratingSummaryOf', () => {
  const cases: Array<[count: number, sum: number, average: number | null]> = [
    [0, 0, null],
    [1, 5, 5],
    [2, 9, 4.5],
    [3, 7, 2.33],
    [3, 8, 2.67],
    [8, 33, 4.13], // 4.125: a half rounds up
    [8, 31, 3.88], // 3.875
    [6, 25, 4.17],
    [7, 30, 4.29],
    [1000, 4005, 4.01], // 4.005
    [1000, 4004, 4],
    [200_000, 999_999, 5], // 4.999995
  ];
  for (const [count, sum, average] of cases) {
    it(`${count} ratings summing to ${sum}: average ${average}`, () => {
      expect(ratingSummaryOf({ count, sum })).to.deep.equal({ count, average });
    });
  }
});

const holding = (have: number, mine: number | null): Holding => ({
  community: { inCollection: have, inWantlist: have + 1 },
  user: mine === null ? null : { inCollection: mine, inWantlist: 0 },
});

/** Parts that answer from tables keyed by id: releases positive, masters their own table. */
const holdings: HoldingCounts = {
  forReleases: async (ids, userId) => new Map(ids.filter((id) => id !== 404).map((id) => [id, holding(id, userId === null ? null : 1)])),
  forMasters: async (ids, userId) => new Map(ids.map((id) => [id, holding(100 + id, userId === null ? null : 2)])),
};
const ratings: RatingCounts = {
  forReleases: async (ids) => new Map(ids.filter((id) => id !== 404).map((id): [number, RatingSummary] => [id, { count: id, average: 3.5 }])),
  forMasters: async (ids) => new Map(ids.map((id): [number, RatingSummary] => [id, { count: 10 * id, average: 4.25 }])),
};

describe('CommunityFromParts', () => {
  it('puts the collection counts and the ratings of each release together, and counts nothing a part leaves out', async () => {
    const figures = await new CommunityFromParts(holdings, ratings).forReleases([3, 404], 'u-1');
    expect(figures.get(3)).to.deep.equal({ community: { inCollection: 3, inWantlist: 4 }, rating: { count: 3, average: 3.5 }, user: { inCollection: 1, inWantlist: 0 } });
    expect(figures.get(404)).to.deep.equal({ community: { inCollection: 0, inWantlist: 0 }, rating: { count: 0, average: null }, user: { inCollection: 0, inWantlist: 0 } });
  });

  it("asks each part for masters as masters", async () => {
    const figures = await new CommunityFromParts(holdings, ratings).forMasters([5], null);
    expect(figures.get(5)).to.deep.equal({ community: { inCollection: 105, inWantlist: 106 }, rating: { count: 50, average: 4.25 }, user: null });
  });

  it('counts nothing for a part no module binds', async () => {
    const onlyRatings = await new CommunityFromParts(undefined, ratings).forReleases([2], null);
    expect(onlyRatings.get(2)).to.deep.equal({ community: { inCollection: 0, inWantlist: 0 }, rating: { count: 2, average: 3.5 }, user: null });
    const onlyHoldings = await new CommunityFromParts(holdings).forMasters([1], 'u-1');
    expect(onlyHoldings.get(1)).to.deep.equal({ community: { inCollection: 101, inWantlist: 102 }, rating: { count: 0, average: null }, user: { inCollection: 2, inWantlist: 0 } });
  });
});

describe('GetRelease: community figures from the row or from the port', () => {
  const clock = new FixedClock('2026-01-01T00:00:00Z');
  const memory = new InMemoryCatalogueReader(clock);
  memory.putRelease(aRelease(7, { title: 'Seven' }));
  const text = new TextRenderer(memory, 'https://web.test');
  const asked: number[] = [];
  const community: CommunityFigures = {
    forReleases: async (ids) => (asked.push(...ids), new CommunityFromParts(holdings, ratings).forReleases(ids, null)),
    forMasters: async () => new Map(),
  };
  /** The in-memory reader's document with the row's figures a SQL reader gives (or only some of them). */
  const withRow = (extra: Partial<StoredReleaseDocument>): CatalogueReader =>
    Object.assign(Object.create(memory) as CatalogueReader, {
      releaseDocument: async (id: number) => {
        const stored = await memory.releaseDocument(id);
        return stored && { ...stored, ...extra };
      },
    });
  const read = (reader: CatalogueReader) =>
    new GetRelease(reader, new NoListingsMarketFigures(), community, text).execute({ releaseId: 7, currency: 'USD', textFormat: 'markup' });

  beforeEach(() => (asked.length = 0));

  it('takes the counts and the rating totals the row gives, asking nobody', async () => {
    const view = await read(withRow({ holdings: { inCollection: 12, inWantlist: 3 }, ratings: { count: 3, sum: 7 } }));
    expect(view.community).to.deep.equal({ community: { inCollection: 12, inWantlist: 3 }, rating: { count: 3, average: 2.33 }, user: null });
    expect(asked).to.deep.equal([]);
  });

  it('asks the community figures when the reader keeps no figures, or only some', async () => {
    expect((await read(memory)).community.rating).to.deep.equal({ count: 7, average: 3.5 });
    expect((await read(withRow({ holdings: { inCollection: 12, inWantlist: 3 } }))).community).to.deep.equal({
      community: { inCollection: 7, inWantlist: 8 },
      rating: { count: 7, average: 3.5 },
      user: null,
    });
    expect(asked).to.deep.equal([7, 7]);
  });
});
