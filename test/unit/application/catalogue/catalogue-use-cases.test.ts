import { expect } from 'chai';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { NoListingsMarketFigures } from '../../../../adapters/in-memory/no-listings-market-figures.js';
import { GetArtist } from '../../../../application/catalogue/get-artist.js';
import { GetLabel } from '../../../../application/catalogue/get-label.js';
import { GetMaster } from '../../../../application/catalogue/get-master.js';
import { GetRelease } from '../../../../application/catalogue/get-release.js';
import { ListArtistReleases } from '../../../../application/catalogue/list-artist-releases.js';
import { ListLabelReleases } from '../../../../application/catalogue/list-label-releases.js';
import { ListMasterVersions } from '../../../../application/catalogue/list-master-versions.js';
import { NotFound } from '../../../../application/errors.js';
import type { MarketFigures } from '../../../../application/ports/market-figures.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import { aCredit, aLabel, aMaster, anArtist, aRelease } from '../../../support/builders/catalogue-builders.js';

const WEB = 'https://web.test';
const FIXED = new Date('2026-01-02T03:04:05Z');

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('catalogue use cases (in-memory adapters)', () => {
  let catalogue: InMemoryCatalogueReader;
  let text: TextRenderer;
  const market = new NoListingsMarketFigures();

  beforeEach(() => {
    catalogue = new InMemoryCatalogueReader(() => FIXED);
    text = new TextRenderer(catalogue, WEB);
    catalogue.putArtist(anArtist(1, { name: 'Someone', profile: 'Signed to [l7], see [r10].' }));
    catalogue.putLabel(aLabel(7, { name: 'Seven Records', profile: '[b]Since[/b] 1990 with [a1].' }));
    catalogue.putMaster(aMaster(5, { title: 'The Work', mainRelease: 10 }));
    catalogue.putRelease(aRelease(10, { title: 'First Press', masterId: 5, notes: 'By [a=Someone] on [l7].', tracklist: [{ position: 'A', type: 'track', title: 'Side', duration: '3:00', artists: [], extraartists: [], subTracks: [] }] }));
    catalogue.putRelease(aRelease(11, { title: 'Reissue', masterId: 5, released: '2010', labels: [{ id: 7, name: 'Seven Records', catno: 'SEV 1', entityType: '1', entityTypeName: 'Label' }] }));
  });

  describe('GetRelease', () => {
    it('returns the release, its dates, market figures and notes in the asked format', async () => {
      const view = await new GetRelease(catalogue, market, text).execute({ releaseId: 10, currency: 'EUR', textFormat: 'plaintext' });
      expect(view.release.title).to.equal('First Press');
      expect(view.notes).to.equal('By Someone on Seven Records.');
      expect(view.market).to.deep.equal({ lowestPrice: null, numForSale: 0 });
      expect(view.currency).to.equal('EUR');
      expect(view.dateAdded).to.deep.equal(FIXED);
      const markup = await new GetRelease(catalogue, market, text).execute({ releaseId: 10, currency: 'USD', textFormat: 'markup' });
      expect(markup.notes).to.equal('By [a=Someone] on [l7].');
    });

    it('asks the marketplace in the requested currency', async () => {
      const asked: string[] = [];
      const figures: MarketFigures = {
        forRelease: async (id, currency) => (asked.push(`${id}:${currency}`), { lowestPrice: 12.5, numForSale: 3 }),
        forMaster: async () => ({ lowestPrice: null, numForSale: 0 }),
      };
      const view = await new GetRelease(catalogue, figures, text).execute({ releaseId: 11, currency: 'JPY', textFormat: 'markup' });
      expect(view.market).to.deep.equal({ lowestPrice: 12.5, numForSale: 3 });
      expect(asked).to.deep.equal(['11:JPY']);
    });

    it('refuses an unknown release with "Release not found."', async () => {
      const err = await rejection(new GetRelease(catalogue, market, text).execute({ releaseId: 99, currency: 'USD', textFormat: 'markup' }));
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
      const page = await new ListMasterVersions(catalogue).execute({ masterId: 5, query: { page: 1, perPage: 50, sortOrder: 'desc' } });
      expect(page.items.map((v) => v.id)).to.deep.equal([11, 10]);
      const err = await rejection(new ListMasterVersions(catalogue).execute({ masterId: 99, query: { page: 1, perPage: 50, sortOrder: 'asc' } }));
      expect(err.message).to.equal('Master Release not found.');
    });

    it("lists an artist's releases grouped under the master and refuses an unknown artist", async () => {
      const page = await new ListArtistReleases(catalogue).execute({ artistId: 1, query: { page: 1, perPage: 50, sortOrder: 'asc' } });
      expect(page.items).to.deep.equal([
        { type: 'master', id: 5, title: 'The Work', year: 2001, thumb: '', artist: 'Someone', role: 'Main', mainRelease: 10 },
      ]);
      const err = await rejection(new ListArtistReleases(catalogue).execute({ artistId: 2, query: { page: 1, perPage: 50, sortOrder: 'asc' } }));
      expect(err.message).to.equal('Artist not found.');
    });

    it("lists a label's releases and refuses an unknown label", async () => {
      const page = await new ListLabelReleases(catalogue).execute({ labelId: 7, page: { page: 1, perPage: 50 } });
      expect(page.items.map((e) => [e.id, e.catno, e.year])).to.deep.equal([[11, 'SEV 1', 2010]]);
      const err = await rejection(new ListLabelReleases(catalogue).execute({ labelId: 8, page: { page: 1, perPage: 50 } }));
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
    let now = new Date('2026-01-01T00:00:00Z');
    const store = new InMemoryCatalogueReader(() => now);
    store.putArtist(anArtist(3));
    now = new Date('2026-02-01T00:00:00Z');
    store.putArtist(anArtist(3));
    expect((await store.artist(3))!.dateChanged).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    now = new Date('2026-03-01T00:00:00Z');
    store.putArtist(anArtist(3, { profile: 'new' }));
    const stored = (await store.artist(3))!;
    expect(stored.dateAdded).to.deep.equal(new Date('2026-01-01T00:00:00Z'));
    expect(stored.dateChanged).to.deep.equal(now);
  });
});
