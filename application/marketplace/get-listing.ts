import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import type { Currency } from '../../domain/marketplace/currency.js';
import type { ListingRepository } from '../../domain/marketplace/listing-repository.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { NotFound } from '../errors.js';
import type { Caller } from '../shared/caller.js';
import { mayView, type ListingDetailView } from './listing-access.js';
import type { ListingViews } from './listing-views.js';

/**
 * `GET /marketplace/listings/{id}`: one listing, open to anyone while it is For Sale and to its seller in any status
 * (the generic 404 for everyone else, as for an unknown id). The price and the shipping price for the caller's
 * destination are in `currency` when given (422 when the rate table has no rate for it), else in the caller's
 * currency (see `callerCurrency`); the original prices stay in the seller's. The seller's payment and shipping terms
 * come in the text format asked for, with the seller's trade ratings (see `ListingViews`).
 */
export class GetListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
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
    const [view] = await this.views.views([listing], seller, input.caller, input.textFormat, input.currency);
    return view!;
  }
}
