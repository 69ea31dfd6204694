import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { aRelease } from '../support/builders/catalogue-builders.js';
import { seedCatalogue } from '../support/catalogue-seed.js';
import { aUser, emptyIdentity, type TestUser } from '../support/identity-fixtures.js';
import { chromiumSite, expectNoSidewaysScroll, needChromium, signIn, type ChromiumSite } from '../support/chromium.js';


/** The people's journey by clicking, at a phone's width: collect, rate, annotate and want a release, then see it. */
describe('People pages in Chromium at 390 px', function () {
  this.timeout(120_000);
  let site: ChromiumSite;
  let rosa: TestUser;

  before(async function () {
    needChromium(this);
    site = await chromiumSite({}, async (db) => {
      await emptyIdentity(db);
      await seedCatalogue(db, { releases: [aRelease(301, { title: 'Clicked Record', released: '1997' })] });
    });
    rosa = await aUser(site.container, 'rosa');
  });
  after(() => site?.close());

  /** The page fits 390 px (no sideways scrolling) and has a heading. */
  const fits = async (page: Page, what: string): Promise<void> => {
    await expectNoSidewaysScroll(page, what);
    expect(await page.textContent('h1'), what).to.not.equal('');
  };

  it('signs in, collects, rates, annotates and wants a release from its page, then finds it on the profile', async () => {
    const { base } = site;
    const page = await site.browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));

    await page.goto(`${base}/release/301`);
    await page.click('text=In your collection and wantlist');
    // Signed out: the sign-in page, which leads back.
    await signIn(page, rosa);
    expect(page.url()).to.equal(`${base}/release/301/yours`);
    await fits(page, 'copies page');
    await Promise.all([page.waitForURL(/done=collected/), page.click('button:has-text("Add to my collection")')]);
    expect(await page.textContent('[role=status]')).to.equal('Added to your collection.');
    await page.locator('select[name=rating]').first().selectOption('4');
    await page.getByLabel('Media Condition').selectOption('Near Mint (NM or M-)');
    await Promise.all([page.waitForURL(/done=saved/), page.click('button:has-text("Save this copy")')]);
    await page.fill('#want-notes', 'one for a friend');
    await Promise.all([page.waitForURL(/done=wanted/), page.click('button:has-text("Add to my wantlist")')]);
    await fits(page, 'copies page after the changes');

    await page.goto(`${base}/user/rosa`);
    await fits(page, 'profile');
    await page.click('text=Collection: 1 release');
    await fits(page, 'collection');
    expect(await page.textContent('main table')).to.include('Clicked Record').and.include('4 of 5').and.include('Near Mint (NM or M-)');
    await page.goto(`${base}/user/rosa/wants`);
    await fits(page, 'wantlist');
    expect(await page.textContent('main table')).to.include('Clicked Record').and.include('one for a friend');
    expect(problems).to.deep.equal([]);
  });
});
