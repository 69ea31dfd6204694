import Router from '@koa/router';
import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';

import { errorHandler } from '../../../../adapters/http/middleware/errors.js';
import { normalizePath, publicPathOf } from '../../../../adapters/http/middleware/normalize-path.js';
import { paginate } from '../../../../adapters/http/pagination.js';
import { createPinoLogger } from '../../../../adapters/logging/pino-logger.js';

const BASE_URL = 'https://api.test';

/** The real error middleware and normalizer in front of user routes registered under the canonical `/s` prefix. */
function app(userPathSegment: 's' | 'users'): Koa {
  const router = new Router();
  router.get('/s/:name', (ctx) => {
    ctx.body = { route: 'user', name: ctx.params.name, path: ctx.path, publicPath: publicPathOf(ctx) };
  });
  router.get('/s/:name/inventory', (ctx) => {
    ctx.body = { route: 'inventory', pagination: paginate(ctx, BASE_URL, { items: [], total: 30, page: 2, perPage: 10 }) };
  });
  router.get('/s', (ctx) => {
    ctx.body = { route: 'users' };
  });
  router.get('/usersx/:name', (ctx) => {
    ctx.body = { route: 'usersx', path: ctx.path };
  });
  router.get('/inventory/export/:id/', (ctx) => {
    ctx.body = { route: 'export', path: ctx.path };
  });
  router.get('/releases/:id', (ctx) => {
    ctx.body = { route: 'release', path: ctx.path, publicPath: publicPathOf(ctx) };
  });

  const koa = new Koa();
  koa.use(errorHandler({ baseUrl: BASE_URL, logger: createPinoLogger('silent') }));
  koa.use(normalizePath({ userPathSegment, keepTrailingSlash: /^\/inventory\/export\/[^/]+\/$/ }));
  koa.use(router.routes());
  koa.use(router.allowedMethods());
  return koa;
}

describe('adapters/http/middleware/normalize-path', () => {
  for (const segment of ['s', 'users'] as const) {
    describe(`with USER_PATH_SEGMENT=${segment}`, () => {
      const server = app(segment);
      const get = (path: string) => request(server.callback()).get(path);

      for (const sent of ['/s/alice', '/users/alice', '/s/alice/', '/users/alice/', '//users//alice//']) {
        it(`routes ${sent} to the user route, reporting the path with /${segment}`, async () => {
          const res = await get(sent).expect(200);
          expect(res.body).to.deep.equal({ route: 'user', name: 'alice', path: '/s/alice', publicPath: `/${segment}/alice` });
        });
      }

      for (const sent of ['/s', '/users', '/users/']) {
        it(`routes ${sent} alone to /s`, async () => {
          expect((await get(sent).expect(200)).body).to.deep.equal({ route: 'users' });
        });
      }

      it('keeps the query string', async () => {
        const res = await get('/users/alice?x=1').expect(200);
        expect(res.body.name).to.equal('alice');
      });

      it(`writes pagination links with /${segment} whichever segment was requested`, async () => {
        for (const sent of ['/s/alice/inventory', '/users/alice/inventory']) {
          const res = await get(`${sent}?status=sold`).expect(200);
          expect(res.body.pagination.urls.next, sent).to.equal(
            `${BASE_URL}/${segment}/alice/inventory?status=sold&per_page=10&page=3`,
          );
          expect(res.headers.link, sent).to.include(`<${BASE_URL}/${segment}/alice/inventory?status=sold&per_page=10&page=1>; rel="first"`);
        }
      });

      it('does not rewrite a path that only starts with the same letters', async () => {
        expect((await get('/usersx/alice').expect(200)).body).to.deep.equal({ route: 'usersx', path: '/usersx/alice' });
        await get('/sx/alice').expect(404);
        await get('/userss/alice').expect(404);
      });

      it('leaves other paths as they are, trailing slash and repeated slashes aside', async () => {
        const res = await get('/releases//1/').expect(200);
        expect(res.body).to.deep.equal({ route: 'release', path: '/releases/1', publicPath: '/releases/1' });
      });

      it('keeps the trailing slash of a path that is told to keep it', async () => {
        expect((await get('/inventory/export/7/').expect(200)).body).to.deep.equal({ route: 'export', path: '/inventory/export/7/' });
      });
    });
  }

  it('refuses a user path segment other than s or users', () => {
    expect(() => normalizePath({ userPathSegment: 'u' })).to.throw(RangeError, /userPathSegment/);
  });

  it('gives ctx.path as the public path when the normalizer did not run', () => {
    expect(publicPathOf({ state: {}, path: '/s/x' } as unknown as Koa.Context)).to.equal('/s/x');
  });
});
