import { expect } from 'chai';
import { CURRENCY_IDS, ListingPresenter, sellerStats } from '../../../../adapters/http/marketplace/listing-presenter.js';
import { listingBody } from '../../../../adapters/http/marketplace/listing-bodies.js';
import { ApiUrls } from '../../../../adapters/http/urls.js';
import type { ListingDetailView } from '../../../../application/marketplace/listing-access.js';
import { CURRENCIES } from '../../../../domain/marketplace/currency.js';
import { Listing, newListing } from '../../../../domain/marketplace/listing.js';
import { Money } from '../../../../domain/marketplace/money.js';

describe('Listing presenter', () => {
  const urls = new ApiUrls('https://api.test', 'https://www.test', 's');
  const posted = new Date('2026-11-23T10:11:12.345Z');
  const view = (more: Partial<ListingDetailView> = {}): ListingDetailView => ({
    listing: Listing.restore({ ...newListing(5, { releaseId: 9, condition: 'Good (G)', price: Money.fromDecimal('1234.5', 'USD') }, posted), id: 77 }),
    seller: {
      user: { id: 5, username: 'sel ler', realName: '', email: 'e@x', passwordHash: 'h', registeredAt: posted, homePage: '', location: 'Oslo', profile: '', currency: 'USD' },
      payment: 'p',
      shipping: 's',
      ratings: { rating: 99.5, stars: 4.5, count: 12 },
      minOrderTotal: Money.fromDecimal('5', 'USD'),
    },
    price: Money.fromDecimal('1000', 'JPY'),
    shippingPrice: null,
    originalShippingPrice: null,
    comments: 'c',
    release: { id: 9, title: 'T', artist: 'A', format: '', catno: 'X1', year: 0, thumb: '', images: undefined, holding: { community: { inCollection: 3, inWantlist: 4 }, user: null } },
    owner: false,
    inCart: undefined,
    ...more,
  });

  it('numbers every currency from 1 in the spec’s order, each once', () => {
    expect(CURRENCIES.map((c) => CURRENCY_IDS[c])).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect([CURRENCY_IDS.USD, CURRENCY_IDS.GBP, CURRENCY_IDS.EUR, CURRENCY_IDS.JPY, CURRENCY_IDS.ZAR]).to.deep.equal([1, 2, 3, 6, 12]);
  });

  it('shows trade ratings as the public API does: rating text with one decimal, "0" when none', () => {
    expect(sellerStats({ rating: 100, stars: 5, count: 3 })).to.deep.equal({ rating: '100.0', stars: 5, total: 3 });
    expect(sellerStats({ rating: 99.5, stars: 4.5, count: 12 })).to.deep.equal({ rating: '99.5', stars: 4.5, total: 12 });
    expect(sellerStats({ rating: null, stars: null, count: 0 })).to.deep.equal({ rating: '0', stars: 0, total: 0 });
  });

  it('writes the money, the seller and the release; names by dialect; owner fields and in_cart only when due', () => {
    const spec = new ListingPresenter(urls, 'spec').listing(view()) as Record<string, any>;
    expect(spec.price).to.deep.equal({ currency: 'JPY', value: 1000 });
    expect(spec.original_price).to.deep.equal({ curr_abbr: 'USD', curr_id: 1, formatted: '$1,234.50', value: 1234.5 });
    expect(spec.posted).to.equal('2026-11-23T10:11:12+00:00');
    expect(spec.seller).to.deep.include({
      id: 5,
      uid: 5,
      name: 'sel ler',
      username: 'sel ler',
      resource_url: 'https://api.test/s/sel%20ler',
      url: 'https://api.test/s/sel%20ler',
      html_url: 'https://www.test/user/sel%20ler',
      min_order_total: 5,
      payment: 'p',
      shipping: 's',
    });
    expect(spec.seller.stats).to.deep.equal({ rating: '99.5', stars: 4.5, total: 12 });
    expect(spec.release).to.deep.equal({
      id: 9, description: 'A - T', artist: 'A', title: 'T', format: '', year: 0, catalog_number: 'X1',
      resource_url: 'https://api.test/releases/9', thumbnail: '',
      // As the live API writes it: the caller's own counts beside the community's, zeros for a caller who holds none.
      stats: { community: { in_collection: 3, in_wantlist: 4 }, user: { in_collection: 0, in_wantlist: 0 } },
    });
    expect(spec).to.deep.include({ shipping_price: {}, original_shipping_price: {} });
    expect(spec).to.not.have.any.keys('weight', 'in_cart');
    const shipped = new ListingPresenter(urls, 'spec').listing(
      view({ shippingPrice: Money.fromDecimal('1500', 'JPY'), originalShippingPrice: Money.fromDecimal('12.5', 'USD') }),
    ) as Record<string, any>;
    expect(shipped.shipping_price).to.deep.equal({ currency: 'JPY', value: 1500 });
    expect(shipped.original_shipping_price).to.deep.equal({ curr_abbr: 'USD', curr_id: 1, formatted: '$12.50', value: 12.5 });
    const discogs = new ListingPresenter(urls, 'discogs').listing(view({ owner: true, inCart: true })) as Record<string, any>;
    expect(discogs.seller).to.not.have.property('name');
    expect(discogs).to.deep.include({ quantity: 1, weight: null, in_cart: true });
  });

  it('reads listing fields from the body over the query, never credentials or the currency', () => {
    expect(listingBody({ price: '2', token: 't', curr_abbr: 'EUR', oauth_nonce: 'n', condition: ['a', 'b'] }, { price: 3 })).to.deep.equal({ price: 3, condition: 'b' });
    expect(listingBody({ price: '2' }, undefined)).to.deep.equal({ price: '2' });
    expect(listingBody({ price: '2' }, [1])).to.deep.equal([1]);
  });
});
