import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import type { Database } from '../../../adapters/persistence/database.js';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { AGENT, BASE_URL, WEB_URL, testContainer } from '../../support/test-app.js';
import { openTestDatabase } from '../../support/test-database.js';

describe('Profiles over HTTP: GET and POST /s/{name}', function () {
  this.timeout(60_000);
  let db: Database;
  let container: Container;
  let app: Koa;
  let owner: TestUser;
  let other: TestUser;
  let client: TestApplication;

  before(async () => {
    db = await openTestDatabase();
    container = testContainer(db, { RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    owner = await aUser(container, 'Profiled');
    other = await aUser(container, 'someone-else');
    client = await anApplication(container, 'Profiled', 'Profile App');
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);


  it('shows every field in the spec dialect, the email to the user alone', async () => {
    const mine = await as(owner).get('/s/profiled');
    expect(mine.status, mine.text).to.equal(200);
    const resource = `${BASE_URL}/s/Profiled`;
    expect(mine.body).to.deep.equal({
      profile: '',
      wantlist_url: `${resource}/wants`,
      rank: 0,
      num_pending: 0,
      id: owner.id,
      num_for_sale: 0,
      home_page: '',
      location: '',
      collection_folders_url: `${resource}/collection/folders`,
      name: 'Profiled',
      username: 'Profiled',
      collection_fields_url: `${resource}/collection/fields`,
      releases_contributed: 0,
      registered: mine.body.registered,
      rating_avg: 0,
      num_collection: 0,
      releases_rated: 0,
      num_lists: 0,
      real_name: '',
      num_wantlist: 0,
      inventory_url: `${resource}/inventory`,
      avatar_url: '',
      banner_url: '',
      uri: `${WEB_URL}/user/Profiled`,
      resource_url: resource,
      buyer_rating: null,
      buyer_rating_stars: null,
      buyer_num_ratings: 0,
      seller_rating: null,
      seller_rating_stars: null,
      seller_num_ratings: 0,
      curr_abbr: 'USD',
      email: 'Profiled@example.test',
    });
    expect(mine.body.registered).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    for (const who of [other, 'app', 'anonymous'] as const) {
      const theirs = await as(who).get('/users/Profiled');
      expect(theirs.status).to.equal(200);
      expect(theirs.body).to.not.have.property('email');
      expect(theirs.text).to.not.include('example.test');
      expect(theirs.body.username).to.equal('Profiled');
    }
    expect((await as('anonymous').get('/s/nobody-here')).status).to.equal(404);
  });

  it('lets the user edit their profile, only the fields sent, and shows the profile text in the asked format', async () => {
    const res = await as(owner).post('/s/Profiled', {
      name: 'Pro Filed',
      home_page: 'https://profiled.example',
      location: 'Göteborg',
      profile: 'I like [a=Someone] and [b]bold[/b] things.',
      curr_abbr: 'sek',
    });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ real_name: 'Pro Filed', home_page: 'https://profiled.example', location: 'Göteborg', curr_abbr: 'SEK' });
    const partial = await as(owner).post('/s/Profiled', { location: 'Malmö' });
    expect(partial.body).to.include({ real_name: 'Pro Filed', location: 'Malmö', curr_abbr: 'SEK' });
    const html = await as('anonymous').get('/s/Profiled').set('Accept', 'application/vnd.service.v2.html+json');
    expect(html.body.profile).to.include('<b>bold</b>');
    const plain = await as('anonymous').get('/s/Profiled').set('Accept', 'application/vnd.service.v2.plaintext+json');
    expect(plain.body.profile).to.equal('I like Someone and bold things.');
    expect((await as(owner).post('/s/Profiled', {})).status).to.equal(200);
  });

  it('refuses other users (403), applications and anonymous callers (401/403), and bad fields (422), changing nothing', async () => {
    const before = (await as(owner).get('/s/Profiled')).body;
    expect((await as(other).post('/s/Profiled', { location: 'x' })).status).to.equal(403);
    expect((await as('app').post('/s/Profiled', { location: 'x' })).status).to.equal(403);
    const anonymous = await as('anonymous').post('/s/Profiled', { location: 'x' });
    expect(anonymous.status).to.equal(401);
    const bad: Array<[unknown, string]> = [
      [{ curr_abbr: 'XYZ' }, 'curr_abbr must be a currency the service knows, got "XYZ".'],
      [{ home_page: 'javascript:alert(1)' }, 'home_page must be an http or https URL.'],
      [{ location: 'x'.repeat(201) }, 'location is at most 200 characters long.'],
      [{ profile: 42 }, 'profile must be a string.'],
      [{ location: 'ok', curr_abbr: 'nope' }, 'curr_abbr must be a currency the service knows, got "nope".'],
    ];
    for (const [body, message] of bad) {
      const res = await as(owner).post('/s/Profiled', body);
      expect([res.status, res.body], JSON.stringify(body)).to.deep.equal([422, { message }]);
    }
    const malformed = await request(app.callback())
      .post('/s/Profiled')
      .set('User-Agent', AGENT)
      .set('Authorization', `Service token=${owner.token}`)
      .set('Content-Type', 'application/json')
      .send('{"location": ');
    expect(malformed.status).to.equal(422);
    expect((await as(owner).get('/s/Profiled')).body).to.deep.equal(before);
  });

  it('uses the Discogs words with the Discogs brand', async () => {
    const discogs = testContainer(db, { BRAND: 'Discogs' }).get(HTTP.HttpApp) as unknown as Koa;
    const res = await request(discogs.callback()).get('/users/Profiled').set('User-Agent', AGENT).set('Authorization', `Discogs token=${owner.token}`);
    expect(res.body).to.include({ username: 'Profiled', name: 'Pro Filed' });
    expect(res.body).to.not.have.property('real_name');
    expect(res.body.resource_url).to.equal(`${BASE_URL}/users/Profiled`);
  });
});
