import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { Contribution } from '../../../domain/contributions/contribution.js';
import { CONTRIBUTION_SORTS } from '../../../application/contributions/read-models.js';
import { CONTRIBUTIONS } from '../../../composition/contributions/contributions-tokens.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { PERSISTENCE } from '../../../composition/persistence/persistence-tokens.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import {
  CONTRIBUTION_CATALOGUE,
  CONTRIBUTION_HISTORY,
  OTHER_CONTRIBUTIONS,
  OWNER_CONTRIBUTIONS,
} from '../../support/contribution-fixtures.js';
import { aUser, emptyIdentity, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, BASE_URL, testContainer } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

type Body = Record<string, unknown>;
const ids = (records: unknown): number[] => (records as Array<{ id: number }>).map((r) => r.id);

describe('Submissions and contributions over HTTP: GET /s/{name}/submissions and /s/{name}/contributions', function () {
  this.timeout(60_000);
  let storage: TestStorage;
  let container: Container;
  let app: Koa;
  let owner: TestUser;
  let other: TestUser;

  before(async () => {
    storage = await openTestStorage();
    container = testContainer(storage, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(storage);
    owner = await aUser(container, 'Contributor');
    other = await aUser(container, 'other-contributor');
    await aUser(container, 'no-history');
    await seedCatalogue(storage, CONTRIBUTION_CATALOGUE);
    const names = { owner: owner.name, other: other.name };
    const record = container.get(CONTRIBUTIONS.RecordContribution);
    for (const line of CONTRIBUTION_HISTORY) {
      const user = line.who === 'owner' ? owner : other;
      if ((line.kind === 'artist' && line.id === 99) || (line.kind === 'release' && line.id === 26)) {
        // History of records the catalogue no longer holds (as after a dump import): kept, but neither listed nor counted.
        const entry = Contribution.record({ id: `gone-${line.id}`, userId: user.id, kind: line.kind, catalogueId: line.id, action: line.action, at: line.at });
        await container.get(PERSISTENCE.UnitOfWork).run(() => container.get(CONTRIBUTIONS.Repository).add(entry));
        continue;
      }
      await record.execute({ user: names[line.who], kind: line.kind, catalogueId: line.id, action: line.action, at: line.at });
    }
  });
  after(() => storage.close());

  const get = (path: string, as?: TestUser, onApp: Koa = app, brand = 'Service') => {
    const r = request(onApp.callback()).get(path).set('User-Agent', AGENT);
    return as ? r.set('Authorization', `${brand} token=${as.token}`) : r;
  };

  describe('submissions', () => {
    it('lists the artists, labels and releases the user submitted, each exactly as its own endpoint shows it', async () => {
      for (const as of [undefined, owner, other]) {
        const res = await get('/s/contributor/submissions', as).expect(200);
        expect(res.type).to.equal('application/json');
        expect(Object.keys(res.body)).to.deep.equal(['pagination', 'submissions']);
        expect(res.body.pagination).to.deep.equal({ page: 1, pages: 1, per_page: 50, items: 5, urls: {} });
        const { artists, labels, releases } = res.body.submissions as Record<string, Body[]>;
        expect(Object.keys(res.body.submissions)).to.deep.equal(['artists', 'labels', 'releases']);
        expect([ids(artists), ids(labels), ids(releases)]).to.deep.equal([[2, 1], [7], [21, 23]]);
        expect(artists).to.deep.equal([(await get('/artists/2', as).expect(200)).body, (await get('/artists/1', as).expect(200)).body]);
        expect(labels).to.deep.equal([(await get('/labels/7', as).expect(200)).body]);
        expect(labels[0]).to.have.property('_info', 'seven@label.test');
        expect(releases).to.deep.equal([(await get('/releases/21', as).expect(200)).body, (await get('/releases/23', as).expect(200)).body]);
        expect(res.text).to.not.include('example.test');
      }
      const theirs = (await get('/users/OTHER-CONTRIBUTOR/submissions').expect(200)).body;
      expect(theirs.pagination.items).to.equal(1);
      expect([ids(theirs.submissions.artists), ids(theirs.submissions.labels), ids(theirs.submissions.releases)]).to.deep.equal([[], [], [24]]);
    });

    it('paginates the three lists as one: artists, then labels, then releases', async () => {
      const pages: Body[] = [];
      for (let page = 1; page <= 4; page++) pages.push((await get(`/s/Contributor/submissions?per_page=2&page=${page}`).expect(200)).body);
      const kinds = (b: Body) => {
        const s = b.submissions as Record<string, unknown[]>;
        return [ids(s.artists), ids(s.labels), ids(s.releases)];
      };
      expect(pages.map(kinds)).to.deep.equal([
        [[2, 1], [], []],
        [[], [7], [21]],
        [[], [], [23]],
        [[], [], []],
      ]);
      const base = `${BASE_URL}/s/Contributor/submissions`;
      expect(pages[1]!.pagination).to.deep.equal({
        page: 2,
        pages: 3,
        per_page: 2,
        items: 5,
        urls: {
          first: `${base}?per_page=2&page=1`,
          prev: `${base}?per_page=2&page=1`,
          next: `${base}?per_page=2&page=3`,
          last: `${base}?per_page=2&page=3`,
        },
      });
      const res = await get('/s/Contributor/submissions?per_page=2&page=3').expect(200);
      expect(res.headers.link).to.equal(`<${base}?per_page=2&page=1>; rel="first", <${base}?per_page=2&page=2>; rel="prev"`);
    });

    it('answers an empty list for a user with no submissions', async () => {
      const res = await get('/s/no-history/submissions').expect(200);
      expect(res.body).to.deep.equal({
        pagination: { page: 1, pages: 1, per_page: 50, items: 0, urls: {} },
        submissions: { artists: [], labels: [], releases: [] },
      });
    });
  });

  describe('contributions', () => {
    it("lists the user's distinct releases, each exactly as GET /releases/{id} shows it, in the order contributed", async () => {
      for (const as of [undefined, owner]) {
        const res = await get('/s/Contributor/contributions', as).expect(200);
        expect(res.type).to.equal('application/json');
        expect(Object.keys(res.body)).to.deep.equal(['pagination', 'contributions']);
        expect(res.body.pagination).to.deep.equal({ page: 1, pages: 1, per_page: 50, items: 4, urls: {} });
        expect(ids(res.body.contributions)).to.deep.equal(OWNER_CONTRIBUTIONS.added);
        const single = await Promise.all(OWNER_CONTRIBUTIONS.added.map(async (id) => (await get(`/releases/${id}`, as).expect(200)).body));
        expect(res.body.contributions).to.deep.equal(single);
      }
      expect(ids((await get('/users/other-contributor/contributions').expect(200)).body.contributions)).to.deep.equal(OTHER_CONTRIBUTIONS);
    });

    for (const sort of CONTRIBUTION_SORTS) {
      it(`sorts by ${sort}, ascending and descending`, async () => {
        const asc = (await get(`/s/Contributor/contributions?sort=${sort}`).expect(200)).body;
        expect(ids(asc.contributions)).to.deep.equal(OWNER_CONTRIBUTIONS[sort]);
        expect(ids((await get(`/s/Contributor/contributions?sort=${sort}&sort_order=asc`).expect(200)).body.contributions)).to.deep.equal(
          OWNER_CONTRIBUTIONS[sort],
        );
        const desc = (await get(`/s/Contributor/contributions?sort=${sort}&sort_order=desc`).expect(200)).body;
        expect(ids(desc.contributions)).to.deep.equal([...OWNER_CONTRIBUTIONS[sort]].reverse());
      });
    }

    it('paginates, keeping the sort in the links', async () => {
      const res = await get('/s/Contributor/contributions?sort=title&sort_order=desc&per_page=3&page=2').expect(200);
      expect(ids(res.body.contributions)).to.deep.equal([...OWNER_CONTRIBUTIONS.title].reverse().slice(3));
      const base = `${BASE_URL}/s/Contributor/contributions?sort=title&sort_order=desc&per_page=3`;
      expect(res.body.pagination).to.deep.equal({
        page: 2,
        pages: 2,
        per_page: 3,
        items: 4,
        urls: { first: `${base}&page=1`, prev: `${base}&page=1` },
      });
      expect(res.headers.link).to.equal(`<${base}&page=1>; rel="first", <${base}&page=1>; rel="prev"`);
      const past = await get('/s/Contributor/contributions?per_page=3&page=9').expect(200);
      expect([past.body.contributions, past.body.pagination.items, past.body.pagination.pages]).to.deep.equal([[], 4, 2]);
      expect(ids((await get('/s/Contributor/contributions?per_page=1000').expect(200)).body.contributions)).to.have.length(4);
    });
  });

  it('shows the count on the profile: releases_contributed, the distinct releases the catalogue holds', async () => {
    expect((await get('/s/Contributor').expect(200)).body.releases_contributed).to.equal(4);
    expect((await get('/s/other-contributor', other).expect(200)).body.releases_contributed).to.equal(2);
    expect((await get('/s/no-history').expect(200)).body.releases_contributed).to.equal(0);
  });

  it('renders text fields in the negotiated format', async () => {
    const [first] = CONTRIBUTION_CATALOGUE.artists;
    await seedCatalogue(storage, { artists: [{ ...first, profile: 'Plays [b]loud[/b].' }] });
    const html = await get('/s/Contributor/submissions').set('Accept', 'application/vnd.service.v2.html+json').expect(200);
    expect(html.body.submissions.artists[1].profile).to.equal('Plays <b>loud</b>.');
    const plain = await get('/s/Contributor/submissions').set('Accept', 'application/vnd.service.v2.plaintext+json').expect(200);
    expect(plain.body.submissions.artists[1].profile).to.equal('Plays loud.');
  });

  it('uses the Discogs words and paths with the Discogs brand', async () => {
    const discogs = testContainer(storage, { BRAND: 'Discogs', RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' }).get(HTTP.HttpApp) as unknown as Koa;
    const subs = await get('/users/Contributor/submissions?per_page=3', owner, discogs, 'Discogs').expect(200);
    const label = subs.body.submissions.labels[0];
    expect(label).to.have.property('contact_info', 'seven@label.test');
    expect(label).to.not.have.property('_info');
    expect(subs.body.pagination.urls.next).to.equal(`${BASE_URL}/users/Contributor/submissions?per_page=3&page=2`);
    const html = await get('/s/Contributor/submissions', undefined, discogs).set('Accept', 'application/vnd.discogs.v2.html+json').expect(200);
    expect(html.body.submissions.artists[1].profile).to.equal('Plays <b>loud</b>.');
    const contributions = await get('/users/Contributor/contributions?sort=artist&per_page=2', undefined, discogs).expect(200);
    expect(ids(contributions.body.contributions)).to.deep.equal(OWNER_CONTRIBUTIONS.artist.slice(0, 2));
    expect(contributions.body.pagination.urls.next).to.equal(`${BASE_URL}/users/Contributor/contributions?sort=artist&per_page=2&page=2`);
    expect(contributions.body.contributions[0].resource_url).to.equal(`${BASE_URL}/releases/${OWNER_CONTRIBUTIONS.artist[0]}`);
  });

  describe('a release’s community: submitter and contributors from the edit history', () => {
    const person = (name: string, dialect: 'spec' | 'discogs' = 'spec') => ({
      ...(dialect === 'spec' ? { name } : {}),
      username: name,
      resource_url: `${BASE_URL}/${dialect === 'spec' ? 's' : 'users'}/${name}`,
    });

    it('names the submitter and every contributor once, in the order of their first entry; nobody for a release without history', async () => {
      const people = async (id: number) => {
        const { community } = (await get(`/releases/${id}`).expect(200)).body as { community: Body };
        return [community.submitter, community.contributors];
      };
      // Submitted by the owner; edited by the other user in the same hour: the submitter comes first.
      expect(await people(21)).to.deep.equal([person('Contributor'), [person('Contributor'), person('other-contributor')]]);
      // Edited twice, never submitted.
      expect(await people(22)).to.deep.equal([null, [person('Contributor')]]);
      // Edited by the owner, later submitted by the other user (as an operator may record past history).
      expect(await people(24)).to.deep.equal([person('other-contributor'), [person('Contributor'), person('other-contributor')]]);
      // An imported release nobody submitted or edited here.
      expect(await people(25)).to.deep.equal([null, []]);
    });

    it('shows the same people in the contributions and submissions lists, and a new entry on the very next read', async () => {
      const listed = (await get('/s/contributor/contributions?sort=title').expect(200)).body.contributions as Body[];
      for (const release of listed) expect(release).to.deep.equal((await get(`/releases/${String(release.id)}`).expect(200)).body);
      const before = (await get('/releases/23').expect(200)).body.community as Body;
      expect(before.contributors).to.deep.equal([person('Contributor')]);
      await container.get(CONTRIBUTIONS.RecordContribution).execute({ user: 'no-history', kind: 'release', catalogueId: 23, action: 'edited' });
      const after = (await get('/releases/23').expect(200)).body.community as Body;
      expect(after.submitter).to.deep.equal(person('Contributor'));
      expect(after.contributors).to.deep.equal([person('Contributor'), person('no-history')]);
      const submitted = (await get('/s/contributor/submissions').expect(200)).body.submissions.releases as Body[];
      expect(submitted.find((r) => r.id === 23)).to.deep.equal((await get('/releases/23').expect(200)).body);
    });

    it('counts entries committed at once: every editor shows (the release row is locked before its people are counted)', async () => {
      const editors = await Promise.all(Array.from({ length: 8 }, (_, i) => aUser(container, `editor-${i}`)));
      const record = container.get(CONTRIBUTIONS.RecordContribution);
      await Promise.all(editors.map((e) => record.execute({ user: e.name, kind: 'release', catalogueId: 25, action: 'edited' })));
      const { community } = (await get('/releases/25').expect(200)).body as { community: { submitter: unknown; contributors: Body[] } };
      expect(community.submitter).to.equal(null);
      expect(community.contributors.map((c) => c.username).sort()).to.deep.equal(editors.map((e) => e.name).sort());
    });

    it('writes the login as username alone in the Discogs dialect', async () => {
      const discogs = testContainer(storage, { BRAND: 'Discogs' }).get(HTTP.HttpApp) as unknown as Koa;
      const { community } = (await get('/releases/21', undefined, discogs).expect(200)).body as { community: Body };
      expect(community.submitter).to.deep.equal(person('Contributor', 'discogs'));
      expect(community.contributors).to.deep.equal([person('Contributor', 'discogs'), person('other-contributor', 'discogs')]);
    });
  });

  it('answers an empty list for a user with no contributions', async () => {
    const res = await get('/s/no-history/contributions?sort=year&sort_order=desc').expect(200);
    expect(res.body).to.deep.equal({ pagination: { page: 1, pages: 1, per_page: 50, items: 0, urls: {} }, contributions: [] });
  });

  it('answers 404 for an unknown user', async () => {
    for (const path of ['/s/nobody-here/submissions', '/s/nobody-here/contributions', '/users/nobody-here/contributions?sort=year']) {
      for (const as of [undefined, owner]) {
        const res = await get(path, as).expect(404);
        expect(res.text).to.equal('{"message": "User not found."}');
      }
    }
  });

  it('ignores an unknown sort or sort_order (the default order), takes known ones in any case', async () => {
    const ids = (body: { contributions: Array<{ id: number }> }) => body.contributions.map((c) => c.id);
    const byDefault = ids((await get('/s/Contributor/contributions').expect(200)).body);
    for (const query of ['sort=price', 'sort_order=down', 'sort=price&sort_order=down']) {
      expect(ids((await get(`/s/Contributor/contributions?${query}`).expect(200)).body), query).to.deep.equal(byDefault);
    }
    const byTitle = ids((await get('/s/Contributor/contributions?sort=title&sort_order=desc').expect(200)).body);
    expect(ids((await get('/s/Contributor/contributions?sort=Title&sort_order=DESC').expect(200)).body)).to.deep.equal(byTitle);
  });

  it('answers 422 naming a bad page or per_page', async () => {
    const bad: Array<[string, string]> = [
      ['/s/Contributor/contributions?page=0', 'Invalid page: expected a whole number of at least 1, got "0".'],
      ['/s/Contributor/contributions?per_page=x', 'Invalid per_page: expected a whole number of at least 1, got "x".'],
      ['/s/Contributor/submissions?page=-1', 'Invalid page: expected a whole number of at least 1, got "-1".'],
      ['/s/Contributor/submissions?per_page=0', 'Invalid per_page: expected a whole number of at least 1, got "0".'],
    ];
    for (const [path, message] of bad) {
      const res = await get(path).expect(422);
      expect(res.body, path).to.deep.equal({ message });
    }
  });

  it('wraps the lists for JSONP like every other body', async () => {
    const res = await get('/s/Contributor/contributions?callback=cb&per_page=1').expect(200);
    expect(res.type).to.equal('text/javascript');
    const data = JSON.parse(/^\/\*\*\/ cb\((.*)\)$/s.exec(res.text)![1]!).data;
    expect(ids(data.contributions)).to.deep.equal([OWNER_CONTRIBUTIONS.added[0]]);
  });
});
