import type { CurrencyRateRepository } from '../../domain/marketplace/currency-rate-repository.js';
import { CurrencyRates } from '../../domain/marketplace/currency-rates.js';
import { Invalid } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** One line of a rate table as an operator wrote it: a currency code and how many of it one US dollar buys. */
export interface CurrencyRateEntry {
  readonly currency: string;
  readonly rate: string;
}

export interface SetCurrencyRatesInput {
  readonly entries: readonly CurrencyRateEntry[];
  /** Where the rates come from (a file name), kept with the table. */
  readonly source: string;
}

/** What replacing the table changed, currency by currency. */
export interface CurrencyRatesChange {
  readonly count: number;
  readonly updatedAt: Date;
  readonly added: readonly string[];
  readonly changed: readonly { readonly currency: string; readonly from: string; readonly to: string }[];
  readonly removed: readonly string[];
}

/**
 * Replaces the operator-maintained currency rate table (rates per US dollar) with a new one, whole, in one unit of
 * work. Throws `Invalid` naming every bad entry (unknown or repeated currency, a rate that is not a positive decimal,
 * USD other than 1) and stores nothing then.
 */
export class SetCurrencyRates {
  constructor(
    private readonly rates: CurrencyRateRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: SetCurrencyRatesInput): Promise<CurrencyRatesChange> {
    let table: CurrencyRates;
    try {
      table = CurrencyRates.fromEntries(input.entries);
    } catch (err) {
      throw new Invalid((err as Error).message);
    }
    const updatedAt = this.clock.now();
    const previous = await this.uow.run(() => this.rates.replace({ rates: table, updatedAt, source: input.source }));
    const before = new Map(previous?.rates.entries().map((e) => [e.currency, e.rate]) ?? []);
    const after = table.entries();
    return {
      count: after.length,
      updatedAt,
      added: after.filter((e) => !before.has(e.currency)).map((e) => e.currency),
      changed: after
        .filter((e) => before.has(e.currency) && before.get(e.currency) !== e.rate)
        .map((e) => ({ currency: e.currency, from: before.get(e.currency)!, to: e.rate })),
      removed: [...before.keys()].filter((c) => !after.some((e) => e.currency === c)),
    };
  }
}
