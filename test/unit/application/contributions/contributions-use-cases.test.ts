import { expect } from 'chai';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { InMemoryContributionRepository } from '../../../../adapters/in-memory/in-memory-contribution-repository.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { NoListingsMarketFigures } from '../../../../adapters/in-memory/no-listings-market-figures.js';
import { NoUsersCommunityFigures } from '../../../../adapters/in-memory/no-users-community-figures.js';
import { SequentialIdGenerator } from '../../../../adapters/in-memory/sequential-id-generator.js';
import { GetArtist } from '../../../../application/catalogue/get-artist.js';
import { GetLabel } from '../../../../application/catalogue/get-label.js';
import { GetRelease, type ReleaseView } from '../../../../application/catalogue/get-release.js';
import { ContributionFigures } from '../../../../application/contributions/contribution-figures.js';
import { ListContributions } from '../../../../application/contributions/list-contributions.js';
import { ListSubmissions } from '../../../../application/contributions/list-submissions.js';
import { RecordContribution } from '../../../../application/contributions/record-contribution.js';
import { NotFound } from '../../../../application/errors.js';
import { Refusal } from '../../../../domain/shared/refusal.js';
import type { ContributionReader } from '../../../../application/ports/contribution-reader.js';
import { mergedUserFigures } from '../../../../application/ports/user-figures.js';
import { ANONYMOUS } from '../../../../application/shared/caller.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import { GetProfile } from '../../../../application/users/get-profile.js';
import { CONTRIBUTION_CATALOGUE, CONTRIBUTION_HISTORY, OWNER_CONTRIBUTIONS } from '../../../support/contribution-fixtures.js';
import { rejection, refusalOf } from '../../../support/rejection.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');

/** The release id a release view's document template begins with. */
const idOf = (view: ReleaseView): number => Number(/^\{"id":(\d+),/.exec(view.template)?.[1]);

describe('Contributions (use cases, in memory)', () => {
  const clock = new FixedClock(NOW);
  const catalogue = new InMemoryCatalogueReader(clock);
  for (const r of CONTRIBUTION_CATALOGUE.releases) catalogue.putRelease(r);
  for (const a of CONTRIBUTION_CATALOGUE.artists) catalogue.putArtist({ ...a, profile: a.id === 1 ? 'Plays [b]loud[/b].' : '' });
  for (const l of CONTRIBUTION_CATALOGUE.labels) catalogue.putLabel(l);
  for (const m of CONTRIBUTION_CATALOGUE.masters) catalogue.putMaster(m);
  const text = new TextRenderer(catalogue, 'https://web.test');
  const getRelease = new GetRelease(catalogue, new NoListingsMarketFigures(), new NoUsersCommunityFigures(), text);
  const getArtist = new GetArtist(catalogue, text);
  const getLabel = new GetLabel(catalogue, text);

  let uow: InMemoryUnitOfWork;
  let users: InMemoryUserRepository;
  let history: InMemoryContributionRepository;
  let record: RecordContribution;
  let ownerId: number;

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    history = new InMemoryContributionRepository(uow, catalogue);
    record = new RecordContribution(users, catalogue, history, uow, clock, new SequentialIdGenerator('c'));
    for (const name of ['owner', 'other']) {
      const user = await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: NOW, homePage: '', location: '', profile: '', currency: 'USD' }),
      );
      if (name === 'owner') ownerId = user.id;
    }
  });

  const recordHistory = async () => {
    for (const line of CONTRIBUTION_HISTORY) {
      // The fixture's artist 99 and release 26 are not in the catalogue: the use case refuses them (the lists' own
      // handling of absent records is the adapters' contract).
      if ((line.kind === 'artist' && line.id === 99) || (line.kind === 'release' && line.id === 26)) continue;
      await record.execute({ user: line.who, kind: line.kind, catalogueId: line.id, action: line.action, at: line.at });
    }
  };

  describe('RecordContribution', () => {
    it("stores an entry for the user, at the clock's time or the time given, the comment trimmed", async () => {
      const now = await record.execute({ user: 'OWNER', kind: 'release', catalogueId: 21, action: 'submitted', comment: '  From my copy ' });
      const past = new Date('2020-05-01T00:00:00.000Z');
      const then = await record.execute({ user: 'owner', kind: 'master', catalogueId: 5, action: 'edited', at: past });
      expect([now.id, now.userId, now.kind, now.catalogueId, now.action, now.at, now.comment]).to.deep.equal([
        'c-1', ownerId, 'release', 21, 'submitted', NOW, 'From my copy',
      ]);
      expect(then.at).to.deep.equal(past);
      expect((await history.ofUser(ownerId)).map((e) => e.id)).to.deep.equal(['c-2', 'c-1']);
    });

    const refusals: Array<[string, Parameters<RecordContribution['execute']>[0], string, string]> = [
      ['an unknown user', { user: 'nobody', kind: 'release', catalogueId: 21, action: 'edited' }, 'NotFound', 'There is no user "nobody".'],
      ['an unknown release', { user: 'owner', kind: 'release', catalogueId: 999, action: 'edited' }, 'NotFound', 'Release not found.'],
      ['an unknown master', { user: 'owner', kind: 'master', catalogueId: 999, action: 'edited' }, 'NotFound', 'Master Release not found.'],
      ['an unknown artist', { user: 'owner', kind: 'artist', catalogueId: 999, action: 'edited' }, 'NotFound', 'Artist not found.'],
      ['an unknown label', { user: 'owner', kind: 'label', catalogueId: 999, action: 'edited' }, 'NotFound', 'Label not found.'],
      ['an unknown kind', { user: 'owner', kind: 'track', catalogueId: 21, action: 'edited' }, 'Refusal invalid', 'The kind must be one of artist, label, master, release, got "track".'],
      ['an unknown action', { user: 'owner', kind: 'release', catalogueId: 21, action: 'deleted' }, 'Refusal invalid', 'The action must be submitted or edited, got "deleted".'],
      ['a catalogue id of 0', { user: 'owner', kind: 'release', catalogueId: 0, action: 'edited' }, 'Refusal invalid', 'The catalogue id must be a whole number from 1 to 2147483647, got 0.'],
      ['an over-long comment', { user: 'owner', kind: 'release', catalogueId: 21, action: 'edited', comment: 'x'.repeat(501) }, 'Refusal invalid', 'The comment is at most 500 characters long, got 501.'],
    ];
    for (const [what, input, type, message] of refusals) {
      it(`refuses ${what}, storing nothing`, async () => {
        const error = await rejection(record.execute(input));
        expect(refusalOf(error)).to.deep.equal([type, message]);
        expect(await history.ofUser(ownerId)).to.deep.equal([]);
      });
    }

    it('refuses a second submission of a record as a conflict, and takes an edit of it', async () => {
      await record.execute({ user: 'other', kind: 'release', catalogueId: 21, action: 'submitted' });
      const error = await rejection(record.execute({ user: 'owner', kind: 'release', catalogueId: 21, action: 'submitted' }));
      expect(error).to.be.instanceOf(Refusal).with.property('kind', 'conflict');
      expect(error.message).to.equal('Release 21 has a submitter already; record an edit instead.');
      await record.execute({ user: 'owner', kind: 'release', catalogueId: 21, action: 'edited' });
      expect((await history.ofUser(ownerId)).map((e) => e.action)).to.deep.equal(['edited']);
    });
  });

  describe('ListSubmissions', () => {
    it("gives a page of the user's submissions, each record as its own endpoint shows it, in the asked text format", async () => {
      await recordHistory();
      const list = new ListSubmissions(users, history, getArtist, getLabel, getRelease);
      const all = await list.execute({ name: 'Owner', page: { page: 1, perPage: 50 }, textFormat: 'html' });
      expect(all.artists.map((a) => a.artist.id)).to.deep.equal([2, 1]);
      expect(all.artists[1]!.profile).to.equal('Plays <b>loud</b>.');
      expect(all.labels.map((l) => l.label.id)).to.deep.equal([7]);
      expect(all.releases.map((r) => idOf(r))).to.deep.equal([21, 23]);
      expect([all.page.total, all.page.page, all.page.perPage]).to.deep.equal([5, 1, 50]);

      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push(await list.execute({ name: 'owner', page: { page, perPage: 2 }, textFormat: 'markup', caller: ANONYMOUS }));
      expect(pages.map((p) => [p.artists.map((a) => a.artist.id), p.labels.map((l) => l.label.id), p.releases.length])).to.deep.equal([
        [[2, 1], [], 0],
        [[], [7], 1],
        [[], [], 1],
      ]);
      expect(pages[0]!.artists[1]!.profile).to.equal('Plays [b]loud[/b].');

      const theirs = await list.execute({ name: 'other', page: { page: 1, perPage: 50 }, textFormat: 'markup' });
      expect([theirs.artists, theirs.labels, theirs.releases.map((r) => idOf(r))]).to.deep.equal([[], [], [24]]);
    });

    it('answers NotFound for an unknown user', async () => {
      const list = new ListSubmissions(users, history, getArtist, getLabel, getRelease);
      const error = await rejection(list.execute({ name: 'nobody', page: { page: 1, perPage: 50 }, textFormat: 'markup' }));
      expect([error.constructor, error.message]).to.deep.equal([NotFound, 'User not found.']);
    });
  });

  describe('ListContributions', () => {
    it("gives a page of the user's releases in the asked order, each as GET /releases/{id} shows it", async () => {
      await recordHistory();
      const list = new ListContributions(users, history, getRelease);
      const byTitle = await list.execute({ name: 'owner', query: { page: 1, perPage: 50, sort: 'title', sortOrder: 'desc' }, textFormat: 'markup' });
      expect(byTitle.items.map((v) => idOf(v))).to.deep.equal([...OWNER_CONTRIBUTIONS.title].reverse());
      expect([byTitle.total, byTitle.page, byTitle.perPage]).to.deep.equal([4, 1, 50]);
      const second = await list.execute({ name: 'owner', query: { page: 2, perPage: 3, sortOrder: 'asc' }, textFormat: 'markup' });
      expect(second.items.map((v) => idOf(v))).to.deep.equal(OWNER_CONTRIBUTIONS.added.slice(3));
      expect(second.items[0]!.currency).to.equal('USD');
    });

    it('leaves out a release gone since the page was read, and answers NotFound for an unknown user', async () => {
      const stale: ContributionReader = {
        submissions: async () => ({ items: [], total: 0, page: 1, perPage: 50 }),
        contributedReleases: async () => ({ items: [21, 999, 22], total: 3, page: 1, perPage: 50 }),
        releasesContributed: async () => 3,
      };
      const list = new ListContributions(users, stale, getRelease);
      const page = await list.execute({ name: 'owner', query: { page: 1, perPage: 50, sortOrder: 'asc' }, textFormat: 'markup' });
      expect(page.items.map((v) => idOf(v))).to.deep.equal([21, 22]);
      const error = await rejection(list.execute({ name: 'nobody', query: { page: 1, perPage: 50, sortOrder: 'asc' }, textFormat: 'markup' }));
      expect([error.constructor, error.message]).to.deep.equal([NotFound, 'User not found.']);
    });
  });

  describe('ContributionFigures', () => {
    it("counts the user's distinct contributed releases for the profile, from the history as it is now", async () => {
      const figures = new ContributionFigures(history);
      const profile = new GetProfile(users, text, mergedUserFigures([figures]));
      const shown = async () => (await profile.execute({ name: 'owner', caller: ANONYMOUS, textFormat: 'markup' })).figures.releasesContributed;
      expect(await shown()).to.equal(0);
      await recordHistory();
      expect(await shown()).to.equal(4);
      expect(await figures.forUser(ownerId)).to.deep.equal({ releasesContributed: 4 });
      await record.execute({ user: 'owner', kind: 'release', catalogueId: 25, action: 'edited' });
      await record.execute({ user: 'owner', kind: 'release', catalogueId: 25, action: 'edited' });
      expect(await shown()).to.equal(5);
    });
  });
});
