import type { CurrencyRates } from './currency-rates.js';

/** The operator's currency rate table as stored: the rates, when they were loaded, and where from (a file name). */
export interface StoredCurrencyRates {
  readonly rates: CurrencyRates;
  readonly updatedAt: Date;
  readonly source: string;
}

/**
 * Where the one currency rate table lives. The table is replaced whole, never edited rate by rate, so a reader
 * always sees one consistent table. Writes run inside the caller's `UnitOfWork`.
 */
export interface CurrencyRateRepository {
  /** The current table, or null when no table has been loaded yet. */
  current(): Promise<StoredCurrencyRates | null>;
  /**
   * Replaces the table with `table` and returns the one it replaced (null if none). Replacements are serialised:
   * of two concurrent ones, the second waits for the first and then replaces its result whole.
   */
  replace(table: StoredCurrencyRates): Promise<StoredCurrencyRates | null>;
}
