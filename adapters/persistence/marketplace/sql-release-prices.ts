import type { MikroORM } from '@mikro-orm/postgresql';
import { releasePriceRanges, type AskingPrice } from '../../../application/marketplace/release-price-ranges.js';
import type { PriceRange, ReleasePrices } from '../../../application/ports/release-prices.js';
import { isCatalogueId } from '../../../domain/catalogue/catalogue-ids.js';
import type { Currency } from '../../../domain/marketplace/currency.js';
import type { CurrencyRateRepository } from '../../../domain/marketplace/currency-rate-repository.js';
import { Money } from '../../../domain/marketplace/money.js';
import { query } from '../mikro-orm-unit-of-work.js';
import { idArray } from '../sql-values.js';

/** Releases asked for in one statement at most (a collection holds any number). */
const BATCH = 1000;

/**
 * What releases sell for, from their listings For Sale (by the `listing_release_id_index`), converted into the
 * currency asked for through the rate table (`rates`: the cached one) by `releasePriceRanges`. Listings of a release
 * blocked from sale are suspended, so they count for nothing.
 */
export class SqlReleasePrices implements ReleasePrices {
  constructor(
    private readonly orm: MikroORM,
    private readonly rates: CurrencyRateRepository,
  ) {}

  async forReleases(releaseIds: readonly number[], currency: Currency): Promise<ReadonlyMap<number, PriceRange>> {
    const ids = [...new Set(releaseIds.filter(isCatalogueId))];
    if (ids.length === 0) return new Map();
    const asking: AskingPrice[] = [];
    for (let i = 0; i < ids.length; i += BATCH) {
      const rows = await query<Record<string, unknown>>(
        this.orm,
        `select release_id, price_minor, currency from listing where status = 'For Sale' and release_id = any(?::int[])`,
        [idArray(ids.slice(i, i + BATCH))],
      );
      for (const r of rows) {
        asking.push({ releaseId: Number(r.release_id), price: Money.fromMinorUnits(BigInt(String(r.price_minor)), String(r.currency).trim() as Currency) });
      }
    }
    if (asking.length === 0) return new Map();
    const needsRates = asking.some((a) => a.price.currency !== currency);
    const rates = needsRates ? ((await this.rates.current())?.rates ?? null) : null;
    return releasePriceRanges(asking, currency, rates);
  }
}
