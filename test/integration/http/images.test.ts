import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { HTTP } from '../../../composition/http/http-tokens.js';
import { IMAGES } from '../../../composition/images/images-tokens.js';
import { demoCover } from '../../../adapters/system/png.js';
import { aLabel, aMaster, anArtist, aRelease } from '../../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../../support/catalogue-seed.js';
import { aUser, anApplication, emptyIdentity, type TestApplication, type TestUser } from '../../support/identity-fixtures.js';
import { SESSION_COOKIE } from '../../../adapters/http/web-pages/web-page-kit.js';
import { signedIn } from '../../support/browser.js';
import { AGENT, BASE_URL, testContainer, WEB_URL } from '../../support/test-app.js';

const CHROMIUM = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const IMAGE = { type: 'primary', uri: '', uri150: '', width: 600, height: 600 } as const;

describe('Images over HTTP: linked for authenticated callers, served signed', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let folder: string;
  let container: Container;
  let app: Koa;
  let user: TestUser;
  let client: TestApplication;

  before(async () => {
    db = await openTestStorage();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'spindle-images-http-'));
    container = testContainer(db, { IMAGE_DIR: folder, RATE_LIMIT_ANONYMOUS: '100000', RATE_LIMIT_AUTHENTICATED: '100000' });
    app = container.get(HTTP.HttpApp) as unknown as Koa;
    await emptyIdentity(db);
    user = await aUser(container, 'image-user');
    client = await anApplication(container, 'image-user', 'Image App');
    await seedCatalogue(db, {
      releases: [aRelease(10, { images: [IMAGE, { ...IMAGE, type: 'secondary' }] }), aRelease(11, { images: [IMAGE] })],
      masters: [aMaster(5, { mainRelease: 10, images: [IMAGE] })],
      artists: [anArtist(1, { images: [IMAGE] })],
      labels: [aLabel(7, { images: [IMAGE] })],
    });
    const store = container.get(IMAGES.Store);
    await store.write('release/10/0.png', demoCover(10, 600));
    await store.write('release/10/0-150.png', demoCover(10, 150));
    for (const key of ['master/5/0.png', 'artist/1/0.png', 'label/7/0.png']) await store.write(key, demoCover(1, 150));
  });
  after(async () => {
    await db.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const get = (p: string, auth?: string) => {
    const req = request(app.callback()).get(p).set('User-Agent', AGENT);
    return auth ? req.set('Authorization', auth) : req;
  };
  const token = () => `Service token=${user.token}`;

  it('shows anonymous callers image objects with empty URLs, exactly as before', async () => {
    const res = await get('/releases/10');
    expect(res.body.images).to.deep.equal([
      { type: 'primary', uri: '', uri150: '', resource_url: '', height: 600, width: 600 },
      { type: 'secondary', uri: '', uri150: '', resource_url: '', height: 600, width: 600 },
    ]);
    expect(res.body.thumb).to.equal('');
  });

  it('links the files the store holds for a user or an application, in every document', async () => {
    for (const auth of [token(), `Service key=${client.key}, secret=${client.secret}`]) {
      const res = await get('/releases/10', auth);
      const [first, second] = res.body.images as Array<Record<string, string>>;
      expect(first!.uri).to.match(new RegExp(`^${BASE_URL}/images/[A-Za-z0-9_-]{32}/release/10/0\\.png$`));
      expect(first!.uri150).to.match(/\/release\/10\/0-150\.png$/);
      expect(first!.resource_url).to.equal(first!.uri);
      expect(res.body.thumb).to.equal(first!.uri150);
      expect(second).to.include({ uri: '', uri150: '', resource_url: '' });
      // The rest of the document is what anonymous callers get.
      const anonymous = (await get('/releases/10')).body as Record<string, unknown>;
      expect({ ...res.body, images: [], thumb: '' }).to.deep.equal({ ...anonymous, images: [], thumb: '' });
    }
    expect((await get('/releases/11', token())).body.images[0].uri).to.equal('');
    for (const p of ['/masters/5', '/artists/1', '/labels/7']) {
      const linked = (await get(p, token())).body.images[0].uri as string;
      expect(linked, p).to.match(/\/images\/[A-Za-z0-9_-]{32}\/(master|artist|label)\/\d+\/0\.png$/);
      expect((await get(p)).body.images[0].uri, p).to.equal('');
    }
  });

  it('serves a linked image to authenticated callers only; any change to its URL gives 404', async () => {
    const uri = (await get('/releases/10', token())).body.images[0].uri as string;
    const imagePath = uri.slice(BASE_URL.length);
    const ok = await get(imagePath, token()).buffer(true);
    expect(ok.status).to.equal(200);
    expect(ok.headers['content-type']).to.equal('image/png');
    expect(Buffer.compare(ok.body as Buffer, demoCover(10, 600))).to.equal(0);
    expect(ok.headers['x-service-ratelimit']).to.equal('100000');
    const anonymous = await get(imagePath);
    expect(anonymous.status).to.equal(401);
    expect(anonymous.headers['www-authenticate']).to.equal(`OAuth realm="${BASE_URL}"`);
    const [, , sig, ...rest] = imagePath.split('/');
    const tampered = [
      `/images/${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}/${rest.join('/')}`,
      `/images/${sig}/release/11/0.png`,
      `/images/${sig}/release/10/0.jpg`,
      `/images/${sig}/release/10/1.png`,
      `/images/${sig}/master/10/0.png`,
      `/images/${sig}/release/10/0-150.png`,
    ];
    for (const p of tampered) expect((await get(p, token())).status, p).to.equal(404);
  });

  it('shows a record\'s cover on its page to the signed-in, on the site\'s origin, and serves it to their browser by the session', async () => {
    const browser = await signedIn(app, user.name, user.password);
    const page = await browser.get('/release/10');
    const src = /<img src="([^"]+)"/.exec(page.text)?.[1];
    expect(src, 'the cover').to.match(new RegExp(`^${WEB_URL}/images/`));
    // As the browser loads it: its own agent (the API's rule would refuse it), the session cookie, no API credentials.
    const load = (cookie: string) =>
      request(app.callback()).get(src!.slice(WEB_URL.length)).set('User-Agent', CHROMIUM).set('Sec-Fetch-Dest', 'image').set('Cookie', cookie).buffer(true);
    const shown = await load(`${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE)}`);
    expect(shown.status).to.equal(200);
    expect(shown.headers['content-type']).to.equal('image/png');
    expect((await load('')).status, 'without the session').to.equal(401);
    // Signed out, the page has no image it could not load.
    expect((await request(app.callback()).get('/release/10').set('User-Agent', CHROMIUM)).text).to.not.include('<img src=');
  });
});
