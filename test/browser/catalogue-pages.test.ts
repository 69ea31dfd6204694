import { expect } from 'chai';
import { CATALOGUE_FIXTURES } from '../support/catalogue-fixtures.js';
import { chromiumSite, expectNoSidewaysScroll, needChromium, type ChromiumSite } from '../support/chromium.js';


/** Each kind of catalogue page, and the 404 page, in a real headless Chromium at a phone's width. */
describe('Catalogue pages in Chromium at 390 px', function () {
  this.timeout(120_000);
  let site: ChromiumSite;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({}, CATALOGUE_FIXTURES);
  });
  after(() => site?.close());

  it('shows every page kind without horizontal scrolling, with a named search box and no script errors', async () => {
    const { base } = site;
    const page = await site.browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems: string[] = [];
    // Whatever the page loads besides itself (the stylesheet, the icon) must load.
    page.on('response', (r) => r.request().resourceType() !== 'document' && r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    const label = (await (await fetch(`${base}/releases/9000002`, { headers: { 'User-Agent': 'PagesTest/1.0' } })).json()) as { labels: Array<{ id: number }> };
    for (const [path, status] of [
      ['/', 200],
      ['/release/9000002', 200],
      ['/master/900001', 200],
      ['/artist/900100', 200],
      [`/label/${label.labels[0]!.id}`, 200],
      ['/search', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await page.goto(`${base}${path}`);
      expect(res?.status(), path).to.equal(status);
      await expectNoSidewaysScroll(page, path);
      expect(await page.getAttribute('header input[name=q]', 'aria-label'), path).to.equal('Search the catalogue');
      expect(await page.textContent('h1'), path).to.not.equal('');
    }
    expect(problems).to.deep.equal([]);
  });
});
