import type { IncomingMessage } from 'node:http';

import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';

import { negotiation, selectTextFormat, textFormatOf } from '../../../../adapters/http/middleware/negotiation.js';
import { errorHandler } from '../../../../adapters/http/middleware/errors.js';
import { createPinoLogger } from '../../../../adapters/logging/pino-logger.js';
import { NotFound } from '../../../../application/errors.js';
import type { TextFormat } from '../../../../domain/text/text-format.js';

const errors = errorHandler({ baseUrl: 'https://api.test', logger: createPinoLogger('silent') });

const CASES: ReadonlyArray<[string, string | undefined, TextFormat]> = [
  ['missing', undefined, 'markup'],
  ['empty', '', 'markup'],
  ['*/*', '*/*', 'markup'],
  ['application/json', 'application/json', 'markup'],
  ['an unknown type', 'text/html', 'markup'],
  ['garbage', ';;,,q=', 'markup'],
  ['html', 'application/vnd.discogs.v2.html+json', 'html'],
  ['plaintext', 'application/vnd.discogs.v2.plaintext+json', 'plaintext'],
  ['the brand format', 'application/vnd.discogs.v2.discogs+json', 'markup'],
  ['any case', 'Application/VND.Discogs.V2.HTML+JSON', 'html'],
  ['parameters besides q', 'application/vnd.discogs.v2.plaintext+json; charset=utf-8', 'plaintext'],
  ['another version', 'application/vnd.discogs.v3.html+json', 'markup'],
  ['another brand', 'application/vnd.service.v2.html+json', 'markup'],
  ['an unknown format', 'application/vnd.discogs.v2.xml+json', 'markup'],
  [
    'the highest q',
    'application/vnd.discogs.v2.html+json;q=0.5, application/vnd.discogs.v2.plaintext+json;q=0.9',
    'plaintext',
  ],
  ['the first of equal q', 'application/vnd.discogs.v2.plaintext+json, application/vnd.discogs.v2.html+json', 'plaintext'],
  ['past an unknown first type', 'text/html, application/vnd.discogs.v2.html+json', 'html'],
  ['a named format over a wildcard of equal q', '*/*, application/vnd.discogs.v2.html+json', 'html'],
  ['a wildcard of higher q over a named format', 'application/json, application/vnd.discogs.v2.html+json;q=0.5', 'markup'],
  ['nothing refused with q=0', 'application/vnd.discogs.v2.html+json;q=0', 'markup'],
  ['the rest when one is refused', 'application/vnd.discogs.v2.html+json;q=0, application/vnd.discogs.v2.plaintext+json;q=0.1', 'plaintext'],
  ['a malformed q as 1', 'application/vnd.discogs.v2.html+json;q=high', 'html'],
  ['quoted commas in parameters', 'text/x;a="1,2", application/vnd.discogs.v2.html+json', 'html'],
];

describe('adapters/http/middleware/negotiation', () => {
  describe('selectTextFormat', () => {
    for (const [name, accept, format] of CASES) {
      it(`${name} → ${format}`, () => expect(selectTextFormat(accept, 'Discogs')).to.equal(format));
    }

    it('uses the configured brand, lower-cased', () => {
      expect(selectTextFormat('application/vnd.service.v2.service+json', 'Service')).to.equal('markup');
      expect(selectTextFormat('application/vnd.service.v2.html+json', 'Service')).to.equal('html');
      expect(selectTextFormat('application/vnd.discogs.v2.html+json', 'Service')).to.equal('markup');
    });
  });

  describe('middleware', () => {
    const app = (brand: string): Koa => {
      const koa = new Koa();
      koa.use(errors);
      koa.use(negotiation({ brand }));
      koa.use((ctx) => {
        if (ctx.path === '/missing') throw new NotFound();
        ctx.body = { format: ctx.state.textFormat, via: textFormatOf(ctx) };
      });
      return koa;
    };

    it('puts the chosen format in ctx.state.textFormat and reports it', async () => {
      const res = await request(app('Discogs').callback())
        .get('/')
        .set('accept', 'application/vnd.discogs.v2.plaintext+json')
        .expect(200);
      expect(res.body).to.deep.equal({ format: 'plaintext', via: 'plaintext' });
      const raw = (res as unknown as { res: IncomingMessage }).res.rawHeaders;
      expect(raw[raw.indexOf('X-Discogs-Media-Type') + 1]).to.equal('discogs.v2; format=plaintext');
      expect(res.headers.vary).to.equal('Accept');
    });

    it('names the markup format after the brand', async () => {
      const res = await request(app('Service').callback()).get('/').expect(200);
      expect(res.body.format).to.equal('markup');
      expect(res.headers['x-service-media-type']).to.equal('service.v2; format=service');
    });

    it('reports the format on error responses too', async () => {
      const res = await request(app('Service').callback())
        .get('/missing')
        .set('Accept', 'application/vnd.service.v2.html+json')
        .expect(404);
      expect(res.headers['x-service-media-type']).to.equal('service.v2; format=html');
    });

    it('reads markup when the middleware did not run', () => {
      expect(textFormatOf({ state: {} } as Koa.Context)).to.equal('markup');
    });
  });
});
