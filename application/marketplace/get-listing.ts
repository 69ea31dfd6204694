import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import type { Money } from '../../domain/marketplace/money.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { Invalid, NotFound } from '../errors.js';
import type { UserFiguresSource } from '../ports/user-figures.js';
import type { Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';
import { mayView, type ListingDetailView } from './listing-access.js';
import type { ListingViews } from './listing-views.js';

/**
 * `GET /marketplace/listings/{id}`: one listing, open to anyone while it is For Sale and to its seller in any status
 * (the generic 404 for everyone else, as for an unknown id). With `currency`, the price is converted into it through
 * the operator's rate table (422 when the table has no rate for either currency); the original price stays in the
 * listing's own currency. The seller's payment and shipping terms come in the text format asked for, with the
 * seller's trade ratings.
 */
export class GetListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly sellers: SellerRepository,
    private readonly rates: CurrencyRateRepository,
    private readonly figures: UserFiguresSource,
    private readonly text: TextRenderer,
    private readonly views: ListingViews,
  ) {}

  async execute(input: {
    readonly id: number;
    readonly caller: Caller;
    readonly currency?: Currency;
    readonly textFormat: TextFormat;
  }): Promise<ListingDetailView> {
    const listing = await this.listings.byId(input.id);
    if (!listing || !mayView(listing, input.caller)) throw new NotFound();
    const seller = await this.users.byId(listing.sellerId);
    if (!seller) throw new NotFound();
    const price = await this.converted(listing.price, input.currency);
    const [settings, figures] = await Promise.all([this.sellers.settingsOf(seller.id), this.figures.forUser(seller.id, ['seller'])]);
    const [[view], [payment, shipping]] = await Promise.all([
      this.views.views([listing], seller, input.caller, input.textFormat, () => price),
      this.text.render([settings?.paymentTerms ?? '', settings?.shippingTerms ?? ''], input.textFormat),
    ]);
    return { ...view!, payment: payment!, shipping: shipping!, sellerRatings: figures.seller };
  }

  private async converted(price: Money, currency: Currency | undefined): Promise<Money> {
    if (currency === undefined || currency === price.currency) return price;
    const stored = await this.rates.current();
    if (!stored || !stored.rates.has(currency) || !stored.rates.has(price.currency)) {
      throw new Invalid(`Invalid curr_abbr: no exchange rate from ${price.currency} to ${currency} is loaded.`);
    }
    return price.convertTo(currency, stored.rates);
  }
}
