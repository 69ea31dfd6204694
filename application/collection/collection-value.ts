import type { CollectionRepository } from '../../domain/collection/collection-repository.js';
import { currencyOrDollars } from '../../domain/marketplace/currency.js';
import { Money } from '../../domain/marketplace/money.js';
import type { UserRepository } from '../../domain/identity/identity-repositories.js';
import { NO_RELEASE_PRICES, type ReleasePrices } from '../ports/release-prices.js';
import type { Caller } from '../shared/caller.js';
import { requireOwner, userNamed } from './collection-access.js';

/** A collection's value in the user's currency. */
export interface CollectionValue {
  readonly minimum: Money;
  readonly median: Money;
  readonly maximum: Money;
}

/**
 * `GET /s/{name}/collection/value` (the owner only): the sums, over every instance (a release held twice counts
 * twice), of its release's lowest, median and highest price for sale on the marketplace, in the user's currency. A
 * release with nothing for sale adds nothing. `prices` is the marketplace's (`SqlReleasePrices`, bound by the
 * marketplace module); a service without the marketplace has nothing for sale, so its collections are worth 0.
 */
export class GetCollectionValue {
  constructor(
    private readonly users: UserRepository,
    private readonly collections: CollectionRepository,
    private readonly prices: ReleasePrices = NO_RELEASE_PRICES,
  ) {}

  async execute(input: { name: string; caller: Caller }): Promise<CollectionValue> {
    const user = await userNamed(this.users, input.name);
    requireOwner(input.caller, user);
    const currency = currencyOrDollars(user.currency);
    const held = await this.collections.releaseIdsHeld(user.id);
    const prices = await this.prices.forReleases([...new Set(held)], currency);
    let value: CollectionValue = { minimum: Money.zero(currency), median: Money.zero(currency), maximum: Money.zero(currency) };
    for (const id of held) {
      const range = prices.get(id);
      if (!range) continue;
      value = { minimum: value.minimum.plus(range.minimum), median: value.median.plus(range.median), maximum: value.maximum.plus(range.maximum) };
    }
    return value;
  }
}
