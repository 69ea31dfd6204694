import { currencyOrDollars, type Currency } from '../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import { suggestPrices, SUGGESTION_SALES_DAYS, type PriceSuggestions } from '../../domain/marketplace/price-suggestions.js';
import { isCompleteSeller } from '../../domain/marketplace/seller.js';
import type { SellerRepository } from '../../domain/marketplace/seller-repository.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { Forbidden, NotFound, Unauthenticated } from '../errors.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Clock } from '../ports/clock.js';
import { requireUserCaller, type Caller } from '../shared/caller.js';

/** Which release, and who asks. */
export interface GetPriceSuggestionsInput {
  readonly releaseId: number;
  readonly caller: Caller;
}

/** The suggestions and the seller's currency they are in. */
export interface PriceSuggestionsView {
  readonly currency: Currency;
  readonly suggestions: PriceSuggestions;
}

const DAY_MS = 86_400_000;

/**
 * `GET /marketplace/price_suggestions/{release_id}`: suggested prices per media condition in the caller's currency,
 * from the release's asking prices and its sales of the last SUGGESTION_SALES_DAYS days (see price-suggestions.ts).
 * Only a user may ask (Unauthenticated when anonymous, Forbidden for an application alone), and only a seller
 * (Forbidden until the seller settings are complete); NotFound("Release not found.") for an unknown release.
 */
export class GetPriceSuggestions {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly users: UserRepository,
    private readonly sellers: SellerRepository,
    private readonly listings: ListingRepository,
    private readonly rates: CurrencyRateRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: GetPriceSuggestionsInput): Promise<PriceSuggestionsView> {
    const { caller } = input;
    const userId = requireUserCaller(caller, 'Price suggestions are for sellers: authenticate as a user.');
    const [user, settings] = await Promise.all([this.users.byId(userId), this.sellers.settingsOf(userId)]);
    if (!user) throw new Unauthenticated();
    if (!isCompleteSeller(settings)) {
      throw new Forbidden('Price suggestions are for sellers: complete your seller settings (payment and shipping terms) first.');
    }
    if (!(await this.catalogue.releaseDocument(input.releaseId))) throw new NotFound('Release not found.');
    const currency = currencyOrDollars(user.currency);
    const since = new Date(this.clock.now().getTime() - SUGGESTION_SALES_DAYS * DAY_MS);
    const observations = await this.listings.priceObservations(input.releaseId, since);
    const needsRates = observations.some((o) => o.currency !== currency);
    const rates = needsRates ? ((await this.rates.current())?.rates ?? null) : null;
    return { currency, suggestions: suggestPrices(observations, currency, rates) };
  }
}
