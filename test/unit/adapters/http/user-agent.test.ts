import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';

import {
  GENERIC_USER_AGENT_PATTERNS,
  isGenericUserAgent,
  userAgentRefusal,
  userAgentRule,
} from '../../../../adapters/http/middleware/user-agent.js';

const GENERIC = [
  'python-requests/2.31.0',
  'Python-urllib/3.11',
  'python-httpx/0.27.0',
  'Python/3.11 aiohttp/3.9.1',
  'axios/1.6.2',
  'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
  'node',
  'undici',
  'got (https://github.com/sindresorhus/got)',
  'Go-http-client/1.1',
  'Java/17.0.2',
  'Java-http-client/21',
  'Apache-HttpClient/4.5.14 (Java/17.0.2)',
  'okhttp/4.12.0',
  'Dalvik/2.1.0 (Linux; U; Android 14)',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  'Mozilla/5.0 (Windows NT; Windows NT 10.0; en-US) WindowsPowerShell/5.1.22621.2506',
  'Opera/9.80 (Windows NT 6.1) Presto/2.12.388 Version/12.16',
  'curl/8.1.2',
  'curl/7.9.8 (i686-pc-linux-gnu) libcurl 7.9.8 (OpenSSL 0.9.6b)',
  'Wget/1.21.4',
  'HTTPie/3.2.2',
  'PostmanRuntime/7.36.0',
  'insomnia/2023.5.8',
  'libwww-perl/6.72',
  'Ruby',
  'Faraday v2.7.4',
  'rest-client/2.1.0 (linux x86_64) ruby/3.2.0',
  'GuzzleHttp/7',
  'Dart/3.2 (dart:io)',
  'RestSharp/110.2.0.0',
  'Deno/1.39.0',
  'Bun/1.0.20',
  '  CURL/8.1.2  ',
];

const UNIQUE = [
  'MyApp/1.0 +https://example.org',
  'SpindleTest/1.0',
  'AwesomeDiscogsBrowser/0.1 +http://adb.example.com',
  'DisConnectClient/1.2.2 +https://github.com/bartve/disconnect',
  'Curlew/1.0',
  'Gotham/2.0',
  'NodeRecordShelf/3.1',
  'PythonVinylSync/0.4',
  'my app',
  'MyiOSApp/2.0 CFNetwork/1410.0.3 Darwin/22.6.0',
];

describe('adapters/http/middleware/user-agent', () => {
  describe('isGenericUserAgent', () => {
    for (const ua of GENERIC) it(`"${ua}" is generic`, () => expect(isGenericUserAgent(ua)).to.equal(true));
    for (const ua of UNIQUE) it(`"${ua}" is not`, () => expect(isGenericUserAgent(ua)).to.equal(false));

    it('lists lower-case product tokens only, once each', () => {
      for (const p of GENERIC_USER_AGENT_PATTERNS) expect(p).to.match(/^[a-z0-9-]+$/);
      expect(new Set(GENERIC_USER_AGENT_PATTERNS).size).to.equal(GENERIC_USER_AGENT_PATTERNS.length);
    });
  });

  describe('userAgentRefusal', () => {
    const origin = 'https://client.example';
    const cases: Array<[string, boolean, string, 'missing' | 'generic' | undefined]> = [
      ['', true, '', 'missing'],
      ['  ', false, origin, 'missing'],
      ['curl/8.1', true, '', 'generic'],
      ['curl/8.1', true, origin, 'generic'],
      ['curl/8.1', false, '', undefined],
      ['Mozilla/5.0 (X11)', true, '', 'generic'],
      // A page's script cannot set its agent: on a cross-origin request, the browser's own passes.
      ['Mozilla/5.0 (X11)', true, origin, undefined],
      ['Opera/9.80', true, origin, undefined],
      ['MyApp/1.0', true, '', undefined],
    ];
    for (const [ua, block, from, expected] of cases) {
      it(`"${ua}" (block ${block}, Origin ${from || 'none'}) → ${expected ?? 'accepted'}`, () => {
        expect(userAgentRefusal(ua, block, from)).to.equal(expected);
      });
    }
  });

  describe('userAgentRule', () => {
    const app = (blockGeneric: boolean): Koa => {
      const koa = new Koa();
      koa.use(userAgentRule({ blockGeneric }));
      koa.use((ctx) => {
        ctx.body = { ok: true };
      });
      return koa;
    };

    const expectEmpty403 = (res: request.Response): void => {
      expect(res.status).to.equal(403);
      expect(res.text).to.equal('');
      expect(res.headers['content-length']).to.equal('0');
      expect(res.headers).not.to.have.property('content-type');
    };

    it('refuses a request without User-Agent with 403 and an empty body', async () => {
      expectEmpty403(await request(app(true).callback()).get('/'));
    });

    it('refuses a blank User-Agent', async () => {
      expectEmpty403(await request(app(true).callback()).get('/').set('User-Agent', '   '));
    });

    it('refuses a generic agent with a JSON message saying what to send instead', async () => {
      for (const [ua, product] of [
        ['python-requests/2.31.0', 'python-requests'],
        ['curl/8.1.2', 'curl'],
        ['Mozilla/5.0 (X11; Linux x86_64)', 'Mozilla'],
      ] as const) {
        const res = await request(app(true).callback()).post('/x').set('User-Agent', ua);
        expect(res.status).to.equal(403);
        expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
        expect(res.text).to.equal(
          `{"message": "The User-Agent \\"${product}\\" names a generic HTTP client or browser, not your application. ` +
            'Send a User-Agent that names your application and its version, optionally followed by a URL, ' +
            'for example: MyApp/1.0 +https://example.com"}',
        );
      }
    });

    it('lets a unique agent through', async () => {
      const res = await request(app(true).callback()).get('/').set('User-Agent', 'SpindleTest/1.0').expect(200);
      expect(res.body).to.deep.equal({ ok: true });
    });

    it('lets generic agents through when the operator turns the check off, but still needs one', async () => {
      await request(app(false).callback()).get('/').set('User-Agent', 'curl/8.1.2').expect(200);
      expectEmpty403(await request(app(false).callback()).get('/'));
    });
  });
});
