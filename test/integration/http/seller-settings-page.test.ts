import { expect } from 'chai';
import type { Container } from 'inversify';
import type Koa from 'koa';
import request from 'supertest';
import { MARKETPLACE } from '../../../composition/marketplace/marketplace-tokens.js';
import { CURRENCIES } from '../../../domain/marketplace/currency.js';
import { MAX_TERMS_LENGTH } from '../../../domain/marketplace/seller.js';
import { Browser, signedIn } from '../../support/browser.js';
import { aUser, type TestUser } from '../../support/identity-fixtures.js';
import { AGENT, WEB_URL } from '../../support/test-app.js';
import type { TestStorage } from '../../support/test-storage.js';
import { anOpenApp } from '../../support/market-app.js';

/** The selected currency, the two textareas' text and the field errors of a seller settings page. */
function formOf(html: string) {
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const textarea = (name: string) => unescape(new RegExp(`<textarea name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? 'MISSING');
  const error = (name: string) => {
    const m = new RegExp(`<span class="error" id="${name}-error" role="alert">([^<]*)</span>`).exec(html);
    return m ? unescape(m[1]!) : undefined;
  };
  return {
    options: [...html.matchAll(/<option value="([A-Z]{3})"/g)].map((m) => m[1]),
    selected: [...html.matchAll(/<option value="([A-Z]{3})" selected>/g)].map((m) => m[1]),
    payment: textarea('payment'),
    shipping: textarea('shipping'),
    errors: { currency: error('currency'), payment: error('payment'), shipping: error('shipping') },
  };
}

describe('Web page: seller settings (/settings/seller)', function () {
  this.timeout(60_000);
  let db: TestStorage;
  let container: Container;
  let app: Koa;
  let sam: TestUser;
  let other: TestUser;

  before(async () => {
    ({ db, container, app } = await anOpenApp());
    sam = await aUser(container, 'seller-sam');
    other = await aUser(container, 'seller-other');
  });
  after(() => db.close());

  const profile = async (user: TestUser) =>
    (await request(app.callback()).get(`/s/${user.name}`).set('User-Agent', AGENT).set('Authorization', `Service token=${user.token}`)).body;
  const stored = () => container.get(MARKETPLACE.SellerRepository).settingsOf(sam.id);

  it('sends a browser without a session to sign in, for the page and for a save', async () => {
    const res = await new Browser(app).get('/settings/seller');
    expect([res.status, res.headers.location]).to.deep.equal([302, `${WEB_URL}/signin?next=%2Fsettings%2Fseller`]);
    const post = await request(app.callback()).post('/settings/seller').type('form').send('currency=EUR');
    expect([post.status, post.headers.location]).to.deep.equal([302, `${WEB_URL}/signin?next=%2Fsettings%2Fseller`]);
  });

  it('shows a new user the twelve currencies with theirs chosen, empty terms, and that they are not a seller yet', async () => {
    const browser = await signedIn(app, sam.name, sam.password);
    const page = await browser.get('/settings/seller');
    expect([page.status, page.headers['content-type']]).to.deep.equal([200, 'text/html; charset=utf-8']);
    const form = formOf(page.text);
    expect(form.options).to.deep.equal([...CURRENCIES]);
    expect(form.selected).to.deep.equal(['USD']);
    expect([form.payment, form.shipping]).to.deep.equal(['', '']);
    expect(page.text).to.include('You are not a seller yet.');
    expect(page.text).to.include('Signed in as <strong>seller-sam</strong>');
    expect(browser.csrf).to.match(/^[0-9a-f]{64}$/); // bound to the session (ADR 0049)
  });

  it('saves the currency and both terms, says what changed, and makes the user a seller', async () => {
    const browser = await signedIn(app, sam.name, sam.password);
    await browser.get('/settings/seller');
    const saved = await browser.post('/settings/seller', {
      currency: 'EUR',
      payment: '[b]PayPal[/b] <script>alert(1)</script>\r\nor bank transfer',
      shipping: 'From Lyon & Paris.',
    });
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.text).to.include('<p class="notice" role="status">Saved your currency, payment terms, shipping terms.</p>');
    expect(saved.text).to.include('You are a seller').and.not.include('<script>alert(1)</script>');
    const form = formOf(saved.text);
    expect(form.selected).to.deep.equal(['EUR']);
    expect(form.payment).to.equal('[b]PayPal[/b] <script>alert(1)</script>\nor bank transfer');
    expect(form.shipping).to.equal('From Lyon & Paris.');
    expect((await profile(sam)).curr_abbr).to.equal('EUR');
    expect(await stored()).to.include({ paymentTerms: '[b]PayPal[/b] <script>alert(1)</script>\nor bank transfer', shippingTerms: 'From Lyon & Paris.' });

    const again = await browser.post('/settings/seller', { currency: 'EUR', payment: form.payment, shipping: 'From Lyon.' });
    expect(again.text).to.include('Saved your shipping terms.');
    const same = await browser.post('/settings/seller', { currency: 'EUR', payment: form.payment, shipping: 'From Lyon.' });
    expect(same.text).to.include('Nothing to change: these are your settings already.');
    expect(formOf((await browser.get('/settings/seller')).text).shipping).to.equal('From Lyon.');
  });

  it('shows each bad field with its reason and the values as sent, with 422, and changes nothing', async () => {
    const browser = await signedIn(app, sam.name, sam.password);
    await browser.get('/settings/seller');
    const before = await stored();
    const long = 'x'.repeat(MAX_TERMS_LENGTH + 1);
    const res = await browser.post('/settings/seller', { currency: 'XYZ', payment: 'Cash only', shipping: long });
    expect(res.status).to.equal(422);
    expect(res.text).to.include('Nothing was saved: correct the fields marked below.');
    const form = formOf(res.text);
    expect(form.errors).to.deep.equal({
      currency: `Currency must be one of ${CURRENCIES.join(', ')}, got "XYZ".`,
      payment: undefined,
      shipping: `Shipping terms may be at most ${MAX_TERMS_LENGTH} characters long, got ${MAX_TERMS_LENGTH + 1}.`,
    });
    expect([form.payment, form.shipping]).to.deep.equal(['Cash only', long]);
    expect(await stored()).to.deep.equal(before);
    expect((await profile(sam)).curr_abbr).to.equal('EUR');

    const cleared = await browser.post('/settings/seller', { currency: 'eur', payment: '  ', shipping: 'From Lyon.' });
    expect(cleared.status).to.equal(200);
    expect(cleared.text).to.include('Saved your payment terms.').and.include('You are not a seller yet.');
  });

  it('refuses a form without this browser’s token, and an oversized one, changing nothing', async () => {
    const browser = await signedIn(app, sam.name, sam.password);
    await browser.get('/settings/seller');
    const before = await stored();
    const forged = await browser.post('/settings/seller', { currency: 'JPY', payment: 'p', shipping: 's' }, { csrf: 'x'.repeat(32) });
    expect(forged.status).to.equal(403);
    expect(forged.text).to.include('This form has expired or was not sent from this site');
    expect((await browser.post('/settings/seller', { currency: 'JPY' }, { csrf: null })).status).to.equal(403);
    const huge = await browser.post('/settings/seller', { currency: 'JPY', payment: 'ü'.repeat(20 * MAX_TERMS_LENGTH), shipping: 's' });
    expect(huge.status, huge.text).to.equal(413);
    expect(await stored()).to.deep.equal(before);
    expect((await profile(sam)).curr_abbr).to.equal('EUR');
  });

  it('changes only the signed-in user’s own settings', async () => {
    const browser = await signedIn(app, other.name, other.password);
    await browser.get('/settings/seller');
    expect((await browser.post('/settings/seller', { currency: 'CAD', payment: 'Mine', shipping: 'Mine' })).status).to.equal(200);
    expect((await profile(other)).curr_abbr).to.equal('CAD');
    expect((await profile(sam)).curr_abbr).to.equal('EUR');
    expect((await stored())!.paymentTerms).to.not.equal('Mine');
  });

  it('agrees with the profile: POST /s/{name} takes each of the twelve currencies in any case, refuses others (422)', async () => {
    const browser = await signedIn(app, sam.name, sam.password);
    const post = (body: unknown) =>
      request(app.callback()).post(`/s/${sam.name}`).set('User-Agent', AGENT).set('Authorization', `Service token=${sam.token}`).send(body as object);
    for (const code of CURRENCIES) {
      for (const written of [code.toLowerCase(), code[0] + code.slice(1).toLowerCase()]) {
        const res = await post({ curr_abbr: written });
        expect([res.status, res.body.curr_abbr], written).to.deep.equal([200, code]);
      }
      expect(formOf((await browser.get('/settings/seller')).text).selected).to.deep.equal([code]);
    }
    for (const bad of ['XYZ', 'us', 'EURO']) {
      const res = await post({ curr_abbr: bad });
      expect([res.status, res.body]).to.deep.equal([422, { message: `curr_abbr must be a currency the service knows, got "${bad}".` }]);
    }
    expect((await profile(sam)).curr_abbr).to.equal('ZAR');
  });
});
