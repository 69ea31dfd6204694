import { expect } from 'chai';
import type Koa from 'koa';
import request from 'supertest';
import { parse } from 'yaml';
import { deriveOpenApiDocument, loadOpenApiSource } from '../../../adapters/http/api-docs/openapi-document.js';
import { AGENT, BASE_URL, testApp } from '../../support/test-app.js';
import { openTestStorage, type TestStorage } from '../../support/test-storage.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** `GET /openapi.yaml`, `/openapi.json` and `/docs`: the document of the configured dialect, and a page to read it (ADR 0031). */
describe('The API description, served', () => {
  let storage: TestStorage;
  let app: Koa;
  let discogs: Koa;
  before(async () => {
    storage = await openTestStorage();
    app = testApp(storage);
    discogs = testApp(storage, { BRAND: 'Discogs' });
  });
  after(() => storage.close());

  const yamlOf = async (on: Koa) => {
    const res = await request(on.callback()).get('/openapi.yaml').set('User-Agent', AGENT).buffer(true).parse((r, done) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString('utf8')));
      r.on('end', () => done(null, text));
    });
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('application/yaml; charset=utf-8');
    return { res, doc: parse(res.body as string) as Record<string, unknown>, text: res.body as string };
  };

  it('serves the spec dialect’s document as YAML and as JSON, the same document, with this server as its server', async () => {
    const { doc } = await yamlOf(app);
    const expected = { ...deriveOpenApiDocument(loadOpenApiSource(), { brand: 'Service', dialect: 'spec', userPathSegment: 's' }), servers: [{ url: BASE_URL }] };
    expect(doc).to.deep.equal(expected);
    const json = await request(app.callback()).get('/openapi.json').set('User-Agent', AGENT).expect(200);
    expect(json.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(json.body).to.deep.equal(expected);
    expect(Object.keys(doc.paths as object).some((p) => p.startsWith('/s/{name}'))).to.equal(true);
  });

  it('serves the Discogs dialect’s document with BRAND=Discogs: its user paths, its brand word, no annotations left', async () => {
    const { doc, text } = await yamlOf(discogs);
    expect(doc).to.deep.equal({
      ...deriveOpenApiDocument(loadOpenApiSource(), { brand: 'Discogs', dialect: 'discogs', userPathSegment: 'users' }),
      servers: [{ url: BASE_URL }],
    });
    const paths = Object.keys(doc.paths as object);
    expect(paths.some((p) => p.startsWith('/users/{username}'))).to.equal(true);
    expect(paths.filter((p) => p.startsWith('/s/'))).to.deep.equal([]);
    expect(text).to.not.match(/\bService\b/);
    expect(text).to.not.include('x-discogs');
  });

  it('answers 304 to a request that has the current ETag', async () => {
    const first = await request(app.callback()).get('/openapi.json').set('User-Agent', AGENT).expect(200);
    expect(first.headers.etag).to.match(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).to.equal('public, max-age=3600');
    await request(app.callback()).get('/openapi.json').set('User-Agent', AGENT).set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('serves /docs, a Redoc page reading /openapi.json, with the renderer from node_modules (no other origin)', async () => {
    const page = await request(app.callback()).get('/docs').set('User-Agent', BROWSER).expect(200);
    expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
    expect(page.text).to.include('<redoc spec-url="/openapi.json">');
    expect(page.text).to.include('<script src="/docs/redoc.standalone.js">');
    expect(page.text).to.not.match(/(?:src|href)="(?:https?:)?\/\//);
    const script = await request(app.callback()).get('/docs/redoc.standalone.js').set('User-Agent', BROWSER).expect(200);
    expect(script.headers['content-type']).to.equal('text/javascript; charset=utf-8');
    expect(script.text.length).to.be.greaterThan(100_000);
    expect(script.text).to.include('Redoc');
    // Its one outside address, Redocly's logo on a CDN, is the site's icon: nothing loads from elsewhere.
    expect(script.text).to.not.include('cdn.redoc.ly');
    expect(page.text).to.include('<link rel="icon" href="/favicon.svg"');
  });

  it('answers a browser and a tool without a User-Agent, which the API’s User-Agent rule refuses elsewhere (conventions.test.ts)', async () => {
    for (const path of ['/openapi.yaml', '/openapi.json', '/docs']) {
      await request(app.callback()).get(path).set('User-Agent', BROWSER).expect(200);
      await request(app.callback()).get(path).unset('User-Agent').expect(200);
    }
  });
});
