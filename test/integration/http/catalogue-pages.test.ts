import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { signedIn } from '../../support/browser.js';
import { CATALOGUE_FIXTURES } from '../../support/catalogue-fixtures.js';
import { aUser, emptyIdentity } from '../../support/identity-fixtures.js';
import { testContainer, WEB_URL } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('Web site: the catalogue pages (home, release, master, artist, label, search)', function () {
  this.timeout(120_000);
  let db: TestStorage;
  let app: Koa;

  before(async () => {
    db = await openTestStorage(CATALOGUE_FIXTURES);
    await emptyIdentity(db);
    const container = testContainer(db, { RATE_LIMIT_PAGES: '100000' });
    await aUser(container, 'pages-alice');
    app = container.get(HTTP.HttpApp) as unknown as Koa;
  });
  after(() => db.close());

  const page = (path: string, status = 200) =>
    request(app.callback()).get(path).set('User-Agent', CHROMIUM).expect(status).expect('Content-Type', 'text/html; charset=utf-8');
  const links = (html: string): string[] => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('home: the search box, the ways in, the docs', async () => {
    const res = await page('/');
    expect(res.text).to.include('<title>Spindle · Spindle</title>');
    expect(res.text).to.include(`action="${WEB_URL}/search"`);
    expect(links(res.text)).to.include.members([`${WEB_URL}/docs`, `${WEB_URL}/openapi.yaml`]);
    // Recently added: the releases of the highest ids, newest first, each linked to its page.
    const newest = links(res.text.slice(res.text.indexOf('Recently added'), res.text.indexOf('Start here')))
      .map((h) => Number(/\/release\/(\d+)/.exec(h)?.[1]));
    expect(newest).to.have.length(8);
    expect(newest).to.deep.equal([...newest].sort((a, b) => b - a));
    for (const id of newest) await page(`/release/${id}`);
  });

  it('links a master\'s versions and main release only where the catalogue has them (the demo data has every master its releases name)', async () => {
    // Release 1 of the demo names master 1660109, which the masters sample lacks and the derived demo masters hold.
    const release = await page('/release/1');
    expect(links(release.text).some((h) => h.startsWith(`${WEB_URL}/master/1660109`))).to.equal(true);
    const master = await page('/master/1660109');
    expect(links(master.text).some((h) => h.startsWith(`${WEB_URL}/release/1`))).to.equal(true);
    // Master 113 of the sample has no version among the demo releases: no dead link to its main release.
    const lonely = await page('/master/113');
    expect(lonely.text).to.include('The catalogue has no version of this master yet.');
    expect(links(lonely.text).some((h) => /\/release\/\d/.test(h))).to.equal(false);
  });

  it('links only the artists and labels the catalogue has, naming the others as text', async () => {
    // Release 1 credits Jesper Dahlbäck (239), whom the artists sample lacks; release 2's artist 2 is there.
    const one = await page('/release/1');
    expect(links(one.text).filter((h) => h.startsWith(`${WEB_URL}/artist/239`))).to.deep.equal([]);
    expect(one.text).to.include('Jesper Dahlb');
    expect(links((await page('/release/2')).text).some((h) => h.startsWith(`${WEB_URL}/artist/2-`))).to.equal(true);
  });

  it('release: tracklist, credits, formats, labels, identifiers, community and market figures, linking where the data does', async () => {
    const api = (await request(app.callback()).get('/releases/9000002').set('User-Agent', 'PagesTest/1.0')).body as Record<string, any>;
    const res = await page('/release/9000002-anything');
    expect(res.text).to.include(`<h1>`);
    for (const track of api.tracklist as Array<{ title: string }>) expect(res.text).to.include(escape(track.title));
    const hrefs = links(res.text);
    for (const a of api.artists as Array<{ id: number }>) expect(hrefs.some((h) => h.startsWith(`${WEB_URL}/artist/${a.id}`)), `artist ${a.id}`).to.equal(true);
    for (const l of api.labels as Array<{ id: number }>) expect(hrefs.some((h) => h.startsWith(`${WEB_URL}/label/${l.id}`)), `label ${l.id}`).to.equal(true);
    if (api.master_id) expect(hrefs.some((h) => h.startsWith(`${WEB_URL}/master/${api.master_id}`))).to.equal(true);
    expect(res.text).to.include(`${api.community.have} have it`);
    expect(res.text).to.match(/Added \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(hrefs).to.include(api.resource_url);
    // The notes as the API's html format writes them.
    const html = (await request(app.callback()).get('/releases/9000002').set('User-Agent', 'PagesTest/1.0').set('Accept', 'application/vnd.service.v2.html+json')).body as { notes: string };
    if (html.notes) expect(res.text).to.include(html.notes);
  });

  it('master: the versions table with the API\'s filters, facets and sort', async () => {
    const api = (await request(app.callback()).get('/masters/900001/versions').set('User-Agent', 'PagesTest/1.0')).body as Record<string, any>;
    const res = await page('/master/900001');
    const hrefs = links(res.text);
    for (const v of api.versions as Array<{ id: number }>) expect(hrefs.some((h) => h.startsWith(`${WEB_URL}/release/${v.id}`)), `version ${v.id}`).to.equal(true);
    for (const facet of api.filter_facets as Array<{ id: string }>) expect(res.text).to.include(`<select name="${facet.id}">`);
    const country = (api.filter_facets as Array<{ id: string; values: Array<{ title: string }> }>).find((f) => f.id === 'country')!.values[0]!.title;
    const filteredApi = (await request(app.callback()).get(`/masters/900001/versions?country=${encodeURIComponent(country)}`).set('User-Agent', 'PagesTest/1.0')).body as Record<string, any>;
    const filtered = await page(`/master/900001?country=${encodeURIComponent(country)}`);
    expect(filtered.text.split(`<td><a href="${WEB_URL}/release/`)).to.have.length(filteredApi.versions.length + 1);
    await page('/master/900001?released=abc', 422);
  });

  it('artist and label: their release lists, sorted and in pages', async () => {
    const artist = await page('/artist/900100?sort=title&sort_order=desc');
    expect(artist.text).to.include('<option value="title" selected>');
    const api = (await request(app.callback()).get('/artists/900100/releases?sort=title&sort_order=desc&per_page=1').set('User-Agent', 'PagesTest/1.0')).body as Record<string, any>;
    const first = await page('/artist/900100?sort=title&sort_order=desc&per_page=1');
    expect(first.text).to.include(escape(api.releases[0].title));
    if (api.pagination.pages > 1) expect(first.text).to.include('rel="next"');
    const label = (await request(app.callback()).get('/releases/9000002').set('User-Agent', 'PagesTest/1.0')).body.labels[0] as { id: number; name: string };
    const res = await page(`/label/${label.id}`);
    expect(res.text).to.include(escape(label.name));
    expect(links(res.text).some((h) => h.startsWith(`${WEB_URL}/release/9000002`))).to.equal(true);
  });

  it('search: the API\'s filters for the signed-in, the sign-in page for others', async () => {
    await page('/search');
    const anonymous = await request(app.callback()).get('/search?q=test').set('User-Agent', CHROMIUM).expect(303);
    expect(anonymous.headers.location).to.equal(`${WEB_URL}/signin?next=${encodeURIComponent('/search?q=test')}`);
    const browser = await signedIn(app, 'pages-alice', 'pw-pages-alice-secret');
    const res = await browser.get('/search?type=release');
    expect(res.status, res.text).to.equal(200);
    expect(links(res.text).some((h) => h.startsWith(`${WEB_URL}/release/`)), res.text).to.equal(true);
    expect((await browser.get('/search?type=nonsense')).status).to.equal(422);
  });

  it('answers bad ids and pages past the end with the designed 404 page, never a 500', async () => {
    for (const path of ['/release/abc', '/release/0', '/release/99999999999', '/release/424242', '/master/x', '/artist/0', '/label/424242', '/artist/900100?page=99999999999999']) {
      const res = await page(path, 404);
      expect(res.text, path).to.include('Page not found');
    }
    await page('/artist/900100?page=abc', 422);
  });

  it('sends an artist or label named rather than numbered (the markup\'s [a=…] and [l=…] links) to the search for the name', async () => {
    for (const [path, kind, name] of [['/artist/King%20Britt', 'artist', 'King Britt'], ['/label/R%20%26%20S%20Records', 'label', 'R & S Records'], ['/artist/-1', 'artist', '-1']] as const) {
      const res = await request(app.callback()).get(path).set('User-Agent', CHROMIUM).expect(303);
      expect(res.headers.location, path).to.equal(`${WEB_URL}/search?${new URLSearchParams({ type: kind, q: name })}`);
    }
  });
});

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
}
