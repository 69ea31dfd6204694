import { expect } from 'chai';
import type { RouteModule } from '../../../../adapters/http/route-module.js';
import { acceptsHtml, PageRequests } from '../../../../adapters/http/web-pages/page-requests.js';

describe('adapters/http/web-pages/page-requests', () => {
  it('tells a browser navigation by its Accept', () => {
    const table: ReadonlyArray<readonly [string | undefined, boolean]> = [
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
      ['application/xhtml+xml', true],
      ['TEXT/HTML', true],
      ['text/html;q=0', false],
      ['text/html; q=0.0, application/json', false],
      ['application/json', false],
      ['*/*', false],
      ['image/avif,image/webp,*/*', false],
      ['', false],
      [undefined, false],
    ];
    for (const [accept, expected] of table) expect(acceptsHtml(accept), String(accept)).to.equal(expected);
  });

  it('takes declared pages, and a browser on a path outside the API, as pages; static assets as declared', () => {
    const pages: RouteModule = { register: () => undefined, isWebPage: (p) => p === '/signin' || p.startsWith('/release/'), isStaticAsset: (p) => p === '/web.css' };
    const requests = new PageRequests([pages], ['/releases/:id', '/lists/:id', '/signin', '/release/:ref', '/web.css']);
    const view = (path: string, accept = '') => ({ path, get: (field: string) => (field.toLowerCase() === 'accept' ? accept : '') });
    expect(requests.isPage(view('/signin'))).to.equal(true);
    expect(requests.isPage(view('/release/1-x'))).to.equal(true);
    expect(requests.isPage(view('/releases/1', 'text/html'))).to.equal(false);
    expect(requests.isPage(view('/lists/nope', 'text/html'))).to.equal(false);
    expect(requests.isPage(view('/nope', 'text/html'))).to.equal(true);
    expect(requests.isPage(view('/nope', 'application/json'))).to.equal(false);
    expect(requests.isPage(view('/', 'text/html'))).to.equal(true);
    expect([requests.isStaticAsset('/web.css'), requests.isStaticAsset('/signin')]).to.deep.equal([true, false]);
  });
});
