import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { aUser, anApplication, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { apiAs, type Who } from '../../support/api-as.js';
import { AGENT, BASE_URL, WEB_URL, testContainer } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

describe('Profiles over HTTP: GET and POST /s/{name}', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let owner: TestUser;
  let other: TestUser;
  let client: TestApplication;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    owner = await aUser(container, 'Profiled');
    other = await aUser(container, 'someone-else');
    client = await anApplication(container, 'Profiled', 'Profile App');
  });
  after(() => db.close());

  const as = (who: Who) => apiAs(app, client)(who);


  it('shows every field in the spec dialect, the email and the unread count to the user alone', async () => {
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
      avatar_url: `${BASE_URL}/avatars/Profiled.svg`,
      banner_url: `${BASE_URL}/banners/Profiled.svg`,
      uri: `${WEB_URL}/user/Profiled`,
      resource_url: resource,
      buyer_rating: 0,
      buyer_rating_stars: 0,
      buyer_num_ratings: 0,
      seller_rating: 0,
      seller_rating_stars: 0,
      seller_num_ratings: 0,
      curr_abbr: 'USD',
      activated: true,
      marketplace_suspended: false,
      is_staff: false,
      email: 'Profiled@example.test',
      num_unread: 0,
    });
    expect(mine.body.registered).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    for (const who of [other, 'app', 'anonymous'] as const) {
      const theirs = await as(who).get('/users/Profiled');
      expect(theirs.status).to.equal(200);
      expect(theirs.body).to.not.have.property('email');
      expect(theirs.body).to.not.have.property('num_unread');
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
    expect((await as(other).post('/s/Profiled', { profile: 42 })).status, 'the caller before the body').to.equal(403);
    expect((await as('anonymous').post('/s/Profiled', [1])).status, 'the caller before the body').to.equal(401);
    expect((await as(owner).post('/s/nobody-here', { profile: 42 })).status, 'the user before the body').to.equal(404);
    expect((await as('app').post('/s/Profiled', { location: 'x' })).status).to.equal(403);
    const anonymous = await as('anonymous').post('/s/Profiled', { location: 'x' });
    expect(anonymous.status).to.equal(401);
    const bad: Array<[unknown, string]> = [
      [{ curr_abbr: 'XYZ' }, 'curr_abbr must be a currency the service knows, got "XYZ".'],
      [{ home_page: 'javascript:alert(1)' }, 'home_page must be an http or https URL.'],
      [{ location: 'x'.repeat(201) }, 'location is at most 200 characters long.'],
      [{ profile: 42 }, 'profile must be a string.'],
      [{ location: 'ok', curr_abbr: 'nope' }, 'curr_abbr must be a currency the service knows, got "nope".'],
      [{ curr_abbr: '  nope  ' }, 'curr_abbr must be a currency the service knows, got "nope".'],
      [{ curr_abbr: 'x'.repeat(101) }, 'curr_abbr is at most 100 characters long.'],
      [{ real_name: 5, home_page: 'ftp://x' }, 'real_name must be a string.'],
      [{ real_name: null }, 'real_name must be a string.'],
      [{ name: 'y'.repeat(201) }, 'name is at most 200 characters long.'],
      [{ real_name: ` ${'y'.repeat(201)} ` }, 'real_name is at most 200 characters long.'],
      [{ home_page: 42 }, 'home_page must be a string.'],
      [{ home_page: 'nope', location: 7 }, 'home_page must be an http or https URL.'],
      [{ profile: 'z'.repeat(10_001) }, 'profile is at most 10000 characters long.'],
      [[{ location: 'x' }], 'The body must be a JSON object.'],
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
    // The live profile's types: numbers for every rating, flags as booleans, images as URLs.
    expect(res.body).to.include({ seller_rating: 0, seller_rating_stars: 0, buyer_rating: 0, buyer_rating_stars: 0, activated: true, marketplace_suspended: false, is_staff: false });
    expect(res.body.avatar_url).to.equal(`${BASE_URL}/avatars/Profiled.svg`);
  });

  /** A GET whose body is kept as text whatever its type (supertest parses no SVG). */
  const fetchText = (path: string, agent = AGENT) =>
    request(app.callback())
      .get(path)
      .set('User-Agent', agent)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => done(null, text));
      });

  it('serves every user a generated default avatar and banner at the URLs the profile gives, to browsers too', async () => {
    const profile = (await as('anonymous').get('/s/Profiled')).body as { avatar_url: string; banner_url: string };
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/121.0';
    for (const [url, size] of [[profile.avatar_url, 'width="500" height="500"'], [profile.banner_url, 'width="1200" height="300"']] as const) {
      const path = url.slice(BASE_URL.length);
      // An <img> sends the browser's agent and no Origin: the API's generic-agent rule does not apply.
      const res = await fetchText(path, browser);
      expect(res.status, path).to.equal(200);
      expect(res.type).to.equal('image/svg+xml');
      expect(res.body).to.match(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/).and.include(size);
      // The same user, the same picture.
      expect((await fetchText(path)).body).to.equal(res.body);
    }
    const mine = (await as('anonymous').get('/s/Profiled')).body.avatar_url as string;
    const theirs = (await as('anonymous').get('/s/someone-else')).body.avatar_url as string;
    expect(theirs).to.equal(`${BASE_URL}/avatars/someone-else.svg`);
    expect((await fetchText(theirs.slice(BASE_URL.length))).body).to.not.equal((await fetchText(mine.slice(BASE_URL.length))).body);
    for (const bad of ['/avatars/nobody-here.svg', '/banners/Profiled.png', '/avatars/Profiled']) {
      expect((await fetchText(bad)).status, bad).to.equal(404);
    }
  });
});
