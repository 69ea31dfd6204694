import { rejection } from '../../../support/rejection.js';
import { releaseTemplate, templateNotes } from '../../../../application/catalogue/release-document.js';
import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { NoListingsMarketFigures } from '../../../../adapters/in-memory/no-listings-market-figures.js';
import { NoUsersCommunityFigures } from '../../../../adapters/in-memory/no-users-community-figures.js';
import { GetArtist } from '../../../../application/catalogue/get-artist.js';
import { GetLabel } from '../../../../application/catalogue/get-label.js';
import { GetMaster } from '../../../../application/catalogue/get-master.js';
import { GetRelease } from '../../../../application/catalogue/get-release.js';
import { ListArtistReleases } from '../../../../application/catalogue/list-artist-releases.js';
import { ListLabelReleases } from '../../../../application/catalogue/list-label-releases.js';
import { ListMasterVersions } from '../../../../application/catalogue/list-master-versions.js';
import { NotFound } from '../../../../application/errors.js';
import type { CommunityFigures, CommunitySummary } from '../../../../application/ports/community-figures.js';
import type { MarketFigures } from '../../../../application/ports/market-figures.js';
import type { Caller } from '../../../../application/shared/caller.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import { Money } from '../../../../domain/marketplace/money.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease } from '../../../support/builders/catalogue-builders.js';

const WEB = 'https://web.test';
const FIXED = new Date('2026-01-02T03:04:05Z');


const A_USER: Caller = { kind: 'user', userId: 'u-1', username: 'someone', via: 'token' };

/** Figures that tell which item (masters negative) and which user they were read for. */
function figuresFor(item: number, userId: string | null): CommunitySummary {
  const n = Math.abs(item);
  return {
    community: { inCollection: n, inWantlist: item < 0 ? 100 + n : 200 + n },
    rating: { count: 3, average: item < 0 ? 4 : 3.5 },
    user: userId === null ? null : { inCollection: 1, inWantlist: 0 },
  };
}

/** Community figures that record each question asked. */
function recording(asked: string[]): CommunityFigures {
  const answer = (ids: readonly number[], userId: string | null, sign: number) =>
    new Map(ids.map((id) => [id, figuresFor(sign * id, userId)] as const));
  return {
    forReleases: async (ids, userId) => (asked.push(`releases ${ids.join(',')} for ${userId ?? 'nobody'}`), answer(ids, userId, 1)),
    forMasters: async (ids, userId) => (asked.push(`masters ${ids.join(',')} for ${userId ?? 'nobody'}`), answer(ids, userId, -1)),
  };
}

describe('catalogue use cases (in-memory adapters)', () => {
  let catalogue: InMemoryCatalogueReader;
  let text: TextRenderer;
  const market = new NoListingsMarketFigures();
  const community = new NoUsersCommunityFigures();

  beforeEach(() => {
    catalogue = new InMemoryCatalogueReader(new FixedClock(FIXED));
    text = new TextRenderer(catalogue, WEB);
    catalogue.putArtist(anArtist(1, { name: 'Someone', profile: 'Signed to [l7], see [r10].' }));
    catalogue.putLabel(aLabel(7, { name: 'Seven Records', profile: '[b]Since[/b] 1990 with [a1].' }));
    catalogue.putMaster(aMaster(5, { title: 'The Work', mainRelease: 10 }));
    catalogue.putRelease(aRelease(10, { title: 'First Press', masterId: 5, notes: 'By [a=Someone] on [l7].', tracklist: [{ position: 'A', type: 'track', title: 'Side', duration: '3:00', artists: [], extraartists: [], subTracks: [] }] }));
    catalogue.putRelease(aRelease(11, { title: 'Reissue', masterId: 5, released: '2010', labels: [{ id: 7, name: 'Seven Records', catno: 'SEV 1', entityType: '1', entityTypeName: 'Label' }] }));
  });

  describe('GetRelease', () => {
    it('returns the template of the release, its dates, market figures and notes in the asked format', async () => {
      const view = await new GetRelease(catalogue, market, community, text).execute({ releaseId: 10, currency: 'EUR', textFormat: 'plaintext' });
      expect(view.template).to.equal(releaseTemplate((await catalogue.release(10))!.record));
      expect(view.template).to.include('"title":"First Press"');
      expect(view.notes).to.equal('By Someone on Seven Records.');
      expect(view.market).to.deep.equal({ lowestPrice: null, numForSale: 0 });
      expect(view.currency).to.equal('EUR');
      expect(view.dateAdded).to.deep.equal(FIXED);
      const markup = await new GetRelease(catalogue, market, community, text).execute({ releaseId: 10, currency: 'USD', textFormat: 'markup' });
      // In markup, the notes stay as the template holds them.
      expect(markup.notes).to.equal(undefined);
      expect(templateNotes(markup.template)).to.equal('By [a=Someone] on [l7].');
    });

    it('asks the marketplace in the requested currency', async () => {
      const asked: string[] = [];
      const figures: MarketFigures = {
        forRelease: async (id, currency) => (asked.push(`${id}:${currency}`), { lowestPrice: Money.fromDecimal('1250', currency), numForSale: 3 }),
        forMaster: async () => ({ lowestPrice: null, numForSale: 0 }),
        fromStored: async () => {
          throw new Error('the in-memory reader keeps no market figures');
        },
      };
      const view = await new GetRelease(catalogue, figures, community, text).execute({ releaseId: 11, currency: 'JPY', textFormat: 'markup' });
      expect(view.market.numForSale).to.equal(3);
      expect(view.market.lowestPrice?.toString()).to.equal('1250 JPY');
      expect(asked).to.deep.equal(['11:JPY']);
    });

    it('refuses a lowest price in another currency than the one asked for', async () => {
      const figures: MarketFigures = {
        forRelease: async () => ({ lowestPrice: Money.fromDecimal('12.50', 'USD'), numForSale: 1 }),
        forMaster: async () => ({ lowestPrice: Money.fromDecimal('12.50', 'USD'), numForSale: 1 }),
        fromStored: async () => ({ lowestPrice: Money.fromDecimal('12.50', 'USD'), numForSale: 1 }),
      };
      const err = await rejection(new GetRelease(catalogue, figures, community, text).execute({ releaseId: 11, currency: 'EUR', textFormat: 'markup' }));
      expect(err.message).to.equal('MarketFigures answered in USD when asked for EUR');
      const masterErr = await rejection(new GetMaster(catalogue, figures).execute({ masterId: 5, currency: 'EUR' }));
      expect(masterErr.message).to.equal('MarketFigures answered in USD when asked for EUR');
    });

    it('reads the community figures of the release, for the asking user', async () => {
      const asked: string[] = [];
      const view = await new GetRelease(catalogue, market, recording(asked), text).execute({ releaseId: 10, currency: 'USD', textFormat: 'markup', caller: A_USER });
      expect(view.community).to.deep.equal(figuresFor(10, 'u-1'));
      expect(asked).to.deep.equal(['releases 10 for u-1']);
      const anonymous = await new GetRelease(catalogue, market, community, text).execute({ releaseId: 10, currency: 'USD', textFormat: 'markup' });
      expect(anonymous.community).to.deep.equal({ community: { inCollection: 0, inWantlist: 0 }, rating: { count: 0, average: null }, user: null });
    });

    it('refuses an unknown release with "Release not found."', async () => {
      const err = await rejection(new GetRelease(catalogue, market, community, text).execute({ releaseId: 99, currency: 'USD', textFormat: 'markup' }));
      expect(err).to.be.instanceOf(NotFound);
      expect(err.message).to.equal('Release not found.');
    });
  });

  describe('GetMaster', () => {
    it('borrows the tracklist of the main release', async () => {
      const view = await new GetMaster(catalogue, market).execute({ masterId: 5, currency: 'USD' });
      expect(view.tracklist.map((t) => t.title)).to.deep.equal(['Side']);
    });

    it('gives an empty tracklist when the main release is not in the catalogue', async () => {
      catalogue.putMaster(aMaster(6, { mainRelease: 404 }));
      expect((await new GetMaster(catalogue, market).execute({ masterId: 6, currency: 'USD' })).tracklist).to.deep.equal([]);
    });

    it('refuses an unknown master with "Master Release not found."', async () => {
      const err = await rejection(new GetMaster(catalogue, market).execute({ masterId: 99, currency: 'USD' }));
      expect(err.message).to.equal('Master Release not found.');
    });
  });

  describe('lists', () => {
    it('lists versions of a master and refuses an unknown master', async () => {
      const page = await new ListMasterVersions(catalogue, community).execute({ masterId: 5, query: { page: 1, perPage: 50, sortOrder: 'desc' } });
      expect(page.items.map((v) => v.version.id)).to.deep.equal([11, 10]);
      const err = await rejection(new ListMasterVersions(catalogue, community).execute({ masterId: 99, query: { page: 1, perPage: 50, sortOrder: 'asc' } }));
      expect(err.message).to.equal('Master Release not found.');
    });

    it("lists an artist's releases grouped under the master and refuses an unknown artist", async () => {
      const page = await new ListArtistReleases(catalogue, community).execute({ artistId: 1, query: { page: 1, perPage: 50, sortOrder: 'asc' } });
      expect(page.items.map((i) => i.entry)).to.deep.equal([
        { type: 'master', id: 5, title: 'The Work', year: 2001, thumb: '', artist: 'Someone', role: 'Main', mainRelease: 10 },
      ]);
      const err = await rejection(new ListArtistReleases(catalogue, community).execute({ artistId: 2, query: { page: 1, perPage: 50, sortOrder: 'asc' } }));
      expect(err.message).to.equal('Artist not found.');
    });

    it('gives each listed version its community figures, for the asking user', async () => {
      const asked: string[] = [];
      const page = await new ListMasterVersions(catalogue, recording(asked)).execute({ masterId: 5, query: { page: 1, perPage: 50, sortOrder: 'asc' }, caller: A_USER });
      expect(page.items.map((v) => v.community)).to.deep.equal([figuresFor(10, 'u-1'), figuresFor(11, 'u-1')]);
      expect(asked).to.deep.equal(['releases 10,11 for u-1']);
      const anonymous = await new ListMasterVersions(catalogue, community).execute({ masterId: 5, query: { page: 1, perPage: 50, sortOrder: 'asc' } });
      expect(anonymous.items.map((v) => v.community.user)).to.deep.equal([null, null]);
    });

    it("gives each entry of an artist's list the figures of its master or release", async () => {
      catalogue.putRelease(aRelease(12, { title: 'Single', artists: [aCredit(1, 'Someone')] }));
      const asked: string[] = [];
      const application: Caller = { kind: 'application', applicationId: 'app-1' };
      const page = await new ListArtistReleases(catalogue, recording(asked)).execute({ artistId: 1, query: { page: 1, perPage: 50, sortOrder: 'asc' }, caller: application });
      expect(page.items.map((i) => [i.entry.type, i.entry.id, i.community])).to.deep.equal([
        ['release', 12, figuresFor(12, null)],
        ['master', 5, figuresFor(-5, null)],
      ]);
      expect(asked).to.deep.equal(['masters 5 for nobody', 'releases 12 for nobody']);
    });

    it("lists a label's releases, each with its release's community figures for the asking user, and refuses an unknown label", async () => {
      const asked: string[] = [];
      const page = await new ListLabelReleases(catalogue, recording(asked)).execute({ labelId: 7, page: { page: 1, perPage: 50 }, caller: A_USER });
      expect(page.items.map(({ entry: e }) => [e.id, e.catno, e.year])).to.deep.equal([[11, 'SEV 1', 2010]]);
      expect(page.items.map((i) => i.community)).to.deep.equal([figuresFor(11, 'u-1')]);
      expect(asked).to.deep.equal(['releases 11 for u-1']);
      const err = await rejection(new ListLabelReleases(catalogue, community).execute({ labelId: 8, page: { page: 1, perPage: 50 } }));
      expect(err.message).to.equal('Label not found.');
    });
  });

  describe('GetArtist and GetLabel', () => {
    it('render profiles with names resolved in one batch', async () => {
      const artist = await new GetArtist(catalogue, text).execute({ artistId: 1, textFormat: 'html' });
      expect(artist.profile).to.equal(`Signed to <a href="${WEB}/label/7">Seven Records</a>, see <a href="${WEB}/release/10">First Press</a>.`);
      const label = await new GetLabel(catalogue, text).execute({ labelId: 7, textFormat: 'plaintext' });
      expect(label.profile).to.equal('Since 1990 with Someone.');
    });

    it('refuse unknown ids with the spec messages', async () => {
      expect((await rejection(new GetArtist(catalogue, text).execute({ artistId: 9, textFormat: 'markup' }))).message).to.equal('Artist not found.');
      expect((await rejection(new GetLabel(catalogue, text).execute({ labelId: 9, textFormat: 'markup' }))).message).to.equal('Label not found.');
    });
  });

  it('keeps dateAdded and moves dateChanged only when a record changes', async () => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const store = new InMemoryCatalogueReader(clock);
    store.putArtist(anArtist(3));
    clock.set('2026-02-01T00:00:00Z');
    store.putArtist(anArtist(3));
    expect((await store.artist(3))!.dateChanged).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    clock.set('2026-03-01T00:00:00Z');
    store.putArtist(anArtist(3, { profile: 'new' }));
    const stored = (await store.artist(3))!;
    expect(stored.dateAdded).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    expect(stored.dateChanged).to.deep.equal(clock.now());
  });
});

describe('NoUsersCommunityFigures', () => {
  const figures = new NoUsersCommunityFigures();
  const nobody = { community: { inCollection: 0, inWantlist: 0 }, rating: { count: 0, average: null } };

  it('answers every id asked with nothing, and nothing of the asking user either', async () => {
    expect([...(await figures.forReleases([3, 1, 2], null))]).to.deep.equal([[3, { ...nobody, user: null }], [1, { ...nobody, user: null }], [2, { ...nobody, user: null }]]);
    expect([...(await figures.forMasters([5], 'u-1'))]).to.deep.equal([[5, { ...nobody, user: { inCollection: 0, inWantlist: 0 } }]]);
    expect((await figures.forMasters([], null)).size).to.equal(0);
  });
});
