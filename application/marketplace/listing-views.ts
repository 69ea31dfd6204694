import type { User } from '../../domain/identity/accounts.js';
import type { Listing } from '../../domain/marketplace/listing.js';
import type { Money } from '../../domain/marketplace/money.js';
import type { TextFormat } from '../../domain/text/text-format.js';
import { EMPTY_CARTS, type CartContents } from '../ports/cart-contents.js';
import type { CatalogueReader } from '../ports/catalogue-reader.js';
import type { Caller } from '../shared/caller.js';
import type { TextRenderer } from '../text/text-renderer.js';
import { callerUserId, listedReleases, type ListingView } from './listing-access.js';

/**
 * Builds what listings show beside their stored fields, for one caller, in batches: the release summaries (one read
 * per release), the comments in the text format asked for (one render), and whether each is in the caller's cart
 * (user callers only; nothing is in any cart where no module keeps carts).
 */
export class ListingViews {
  constructor(
    private readonly catalogue: CatalogueReader,
    private readonly text: TextRenderer,
    private readonly carts: CartContents = EMPTY_CARTS,
  ) {}

  async views(
    listings: readonly Listing[],
    seller: User,
    caller: Caller,
    textFormat: TextFormat,
    priceOf: (listing: Listing) => Money = (l) => l.price,
  ): Promise<ListingView[]> {
    const userId = callerUserId(caller);
    const ids = listings.map((l) => l.id);
    const [releases, comments, inCart] = await Promise.all([
      listedReleases(this.catalogue, listings.map((l) => l.releaseId)),
      this.text.render(listings.map((l) => l.comments), textFormat),
      userId === null ? Promise.resolve(undefined) : this.carts.inCart(userId, ids),
    ]);
    return listings.map((listing, i) => ({
      listing,
      seller,
      price: priceOf(listing),
      comments: comments[i]!,
      release: releases.get(listing.releaseId)!,
      owner: userId === listing.sellerId,
      inCart: inCart === undefined ? undefined : inCart.has(listing.id),
    }));
  }
}
