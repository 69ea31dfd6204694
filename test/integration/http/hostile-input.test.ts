import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import request from 'supertest';
import { INPUT_LIMITS } from '../../../adapters/http/hostile-input.js';
import { openMatrix, type MatrixWorld } from '../../support/authorization-matrix.js';
import { AGENT } from '../../support/test-app.js';

/** A request the fuzzer of issue 30 sent (each of these was a 500), and the answer it gets now. */
interface Hostile {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly type?: string;
  readonly body?: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
  readonly status: number;
  readonly message: string;
}

const JSON_TYPE = 'application/json';
const FORM = 'application/x-www-form-urlencoded';
const NUL_IN_PATH = 'The request path contains a character that is not allowed (U+0000).';

describe('Hostile input: a 4xx naming the problem before any store is touched', () => {
  let world: MatrixWorld;
  before(async () => {
    world = await openMatrix();
  });
  after(() => world.close());

  const send = (h: Hostile) => {
    let req = request(world.app.callback())[h.method.toLowerCase() as 'get'](h.path)
      .set('User-Agent', AGENT)
      .set('Authorization', `Service token=${world.parties.owner.token}`);
    for (const [name, value] of Object.entries(h.headers ?? {})) req = req.set(name, value);
    // Bytes as they are (superagent would send a Buffer as JSON of its own).
    if (h.body !== undefined) req = req.set('Content-Type', h.type ?? JSON_TYPE).serialize((b: unknown) => b as string).send(h.body);
    return req;
  };

  const api: Hostile[] = [
    { method: 'GET', path: '/s/%00', status: 400, message: NUL_IN_PATH },
    { method: 'GET', path: '/users/matrix-owner%00/lists', status: 400, message: NUL_IN_PATH },
    { method: 'GET', path: '/releases/10/rating/%00', status: 400, message: NUL_IN_PATH },
    { method: 'GET', path: '/releases/10/rating/%FF', status: 400, message: 'The request path contains a percent-encoding that is not UTF-8 (%FF).' },
    { method: 'GET', path: '/artists/1/releases/%ED%A0%80', status: 400, message: 'The request path contains a percent-encoding that is not UTF-8 (%ED%A0%80).' },
    { method: 'GET', path: '/database/search?q=a%00b', status: 400, message: 'The query string contains a character that is not allowed (U+0000).' },
    // The direct lane's path: the same refusal, from the Koa chain it hands the request to.
    { method: 'GET', path: '/releases/10?curr_abbr=%00', status: 400, message: 'The query string contains a character that is not allowed (U+0000).' },
    { method: 'GET', path: `/releases/10?q=${'x'.repeat(INPUT_LIMITS.urlLength)}`, status: 414, message: 'The request URL is longer than 8192 characters.' },
    {
      method: 'GET',
      path: '/oauth/identity',
      headers: { Authorization: 'OAuth oauth_consumer_key="k%00", oauth_token="t", oauth_signature="s"' },
      status: 400,
      message: 'The Authorization header contains a character that is not allowed (U+0000).',
    },
    { method: 'POST', path: '/s/matrix-owner', body: '{"profile":"a\\u0000b"}', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field profile.' },
    { method: 'POST', path: '/s/matrix-owner', body: '{"profile":"a\\ud800b"}', status: 422, message: 'The request body contains a character that is not allowed (U+D800) in the field profile.' },
    { method: 'POST', path: '/s/matrix-owner/collection/folders', body: '{"name":"a\\u0000b"}', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field name.' },
    { method: 'POST', path: '/s/matrix-owner/collection/folders', body: '{"name":"\\udc00"}', status: 422, message: 'The request body contains a character that is not allowed (U+DC00) in the field name.' },
    { method: 'POST', path: '/lists', body: '{"name":"a\\u0000b"}', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field name.' },
    { method: 'PUT', path: '/s/matrix-owner/wants/10', body: '{"notes":"a\\u0000b"}', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field notes.' },
    { method: 'PUT', path: '/s/matrix-owner/wants/10', body: '{"a\\u0000":1}', status: 422, message: 'The request body contains a character that is not allowed (U+0000).' },
    { method: 'POST', path: '/s/matrix-owner', type: FORM, body: 'profile=a%00b', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field profile.' },
    {
      method: 'POST',
      path: '/marketplace/listings',
      body: `{"release_id":10,"price":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      status: 422,
      message: 'The request body is nested deeper than 32 levels.',
    },
    { method: 'POST', path: '/s/matrix-owner', body: `{"profile":"${'x'.repeat(70_000)}"}`, status: 422, message: 'The request body contains a text longer than 65536 characters in the field profile.' },
    { method: 'POST', path: '/s/matrix-owner', body: '{"profile":1e400}', status: 422, message: 'The request body contains a number out of range in the field profile.' },
    {
      method: 'POST',
      path: '/s/matrix-owner',
      body: '{"profile":"x"}',
      headers: { 'Content-Encoding': 'gzip' },
      status: 422,
      message: 'The request body could not be decoded as its Content-Encoding (gzip) says.',
    },
    {
      method: 'POST',
      path: '/s/matrix-owner',
      body: gzipSync('{"profile":"x"}').subarray(0, 12),
      headers: { 'Content-Encoding': 'gzip' },
      status: 422,
      message: 'The request body could not be decoded as its Content-Encoding (gzip) says.',
    },
    {
      method: 'POST',
      path: '/s/matrix-owner',
      body: '{"profile":"x"}',
      headers: { 'Content-Encoding': 'zstd' },
      status: 415,
      message: "The request body's Content-Encoding (zstd) is not supported: send identity, gzip, deflate or br.",
    },
    {
      method: 'POST',
      path: '/oauth/request_token',
      type: FORM,
      body: 'x=%00',
      headers: { Authorization: 'OAuth oauth_consumer_key="k", oauth_signature="s"' },
      status: 422,
      message: 'The request body contains a character that is not allowed (U+0000) in the field x.',
    },
  ];
  for (const h of api) {
    const body = typeof h.body === 'string' ? h.body.slice(0, 40) : h.body ? `(${h.body.length} bytes)` : '';
    it(`${h.method} ${h.path.slice(0, 60)} ${h.headers ? JSON.stringify(h.headers).slice(0, 60) : ''} ${body}: ${h.status}`, async () => {
      const res = await send(h);
      expect(res.status, res.text).to.equal(h.status);
      expect(res.type).to.equal('application/json');
      expect(JSON.parse(res.text)).to.deep.equal({ message: h.message });
    });
  }

  it('keeps a gzip body that is gzip, and a malformed escape as the text it is', async () => {
    const gzip = { 'Content-Encoding': 'gzip' };
    const zipped = await send({ method: 'POST', path: '/s/matrix-owner', body: gzipSync('{"location":"Gzip Town"}'), headers: gzip, status: 200, message: '' });
    expect(zipped.status, zipped.text).to.equal(200);
    const res = await send({ method: 'GET', path: '/database/search?q=100%', status: 200, message: '' });
    expect(res.status, res.text).to.equal(200);
  });

  const pages: Hostile[] = [
    { method: 'GET', path: '/settings/developers/%00', status: 400, message: NUL_IN_PATH },
    { method: 'GET', path: '/signin?next=%00', status: 400, message: 'The query string contains a character that is not allowed (U+0000).' },
    { method: 'POST', path: '/signin', type: FORM, body: 'username=a%00b&password=x', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field username.' },
    { method: 'POST', path: '/oauth/authorize', type: FORM, body: 'oauth_token=%00', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field oauth_token.' },
    { method: 'POST', path: '/settings/lists', type: FORM, body: 'name=a%00', status: 422, message: 'The request body contains a character that is not allowed (U+0000) in the field name.' },
  ];
  for (const h of pages) {
    it(`web page: ${h.method} ${h.path} ${String(h.body ?? '')}: ${h.status}, the message page`, async () => {
      const res = await send(h);
      expect(res.status, res.text).to.equal(h.status);
      expect(res.type).to.equal('text/html');
      expect(res.text).to.include('<title>Something is not right').and.include(h.message.replace(/\(/g, '(').replace(/'/g, '&#39;'));
    });
  }
});
