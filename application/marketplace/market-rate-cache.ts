import type { CurrencyRateRepository, StoredCurrencyRates } from '../../domain/marketplace/currency-rate-repository.js';
import type { Clock } from '../ports/clock.js';

/** How long a read rate table is reused before the next read asks the database again. */
export const RATE_CACHE_MILLISECONDS = 60_000;

/**
 * The currency rate table, read at most once per `ttlMs` (so a catalogue page converting its prices costs no query
 * of its own), in front of the stored one. A replacement through this object (`spindle rates` in this process) takes
 * effect at once; one made by another process is seen within `ttlMs`. Concurrent reads of an expired table share one
 * query.
 */
export class MarketRateCache implements CurrencyRateRepository {
  private cached: { readonly table: StoredCurrencyRates | null; readonly until: number } | null = null;
  private reading: Promise<StoredCurrencyRates | null> | null = null;
  /** Bumped by every invalidation, so a read that began before one does not keep what it found. */
  private generation = 0;

  constructor(
    private readonly stored: CurrencyRateRepository,
    private readonly clock: Clock,
    private readonly ttlMs = RATE_CACHE_MILLISECONDS,
  ) {}

  async current(): Promise<StoredCurrencyRates | null> {
    const now = this.clock.now().getTime();
    if (this.cached && now < this.cached.until) return this.cached.table;
    const generation = this.generation;
    this.reading ??= this.stored.current().then(
      (table) => {
        if (generation === this.generation) {
          this.cached = { table, until: now + this.ttlMs };
          this.reading = null;
        }
        return table;
      },
      (err: unknown) => {
        if (generation === this.generation) this.reading = null;
        throw err;
      },
    );
    return this.reading;
  }

  async replace(table: StoredCurrencyRates): Promise<StoredCurrencyRates | null> {
    this.invalidate();
    try {
      return await this.stored.replace(table);
    } finally {
      this.invalidate();
    }
  }

  /** Forgets the table read, so the next read asks the database. */
  invalidate(): void {
    this.generation++;
    this.cached = null;
    this.reading = null;
  }
}
