import type { CurrencyRateRepository, StoredCurrencyRates } from '../../domain/marketplace/currency-rate-repository.js';
import type { InMemoryTransactional, InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

/** The currency rate table in memory; enlisted in an `InMemoryUnitOfWork`, so a failed run puts it back. */
export class InMemoryCurrencyRateRepository implements CurrencyRateRepository, InMemoryTransactional {
  private table: StoredCurrencyRates | null = null;

  constructor(private readonly uow: InMemoryUnitOfWork) {
    uow.enlist(this);
  }

  async current(): Promise<StoredCurrencyRates | null> {
    return this.table;
  }

  async replace(table: StoredCurrencyRates): Promise<StoredCurrencyRates | null> {
    if (!this.uow.active) throw new Error('CurrencyRateRepository.replace must run inside a unit of work');
    const previous = this.table;
    this.table = table;
    return previous;
  }

  snapshot(): unknown {
    return this.table;
  }

  restore(snapshot: unknown): void {
    this.table = snapshot as StoredCurrencyRates | null;
  }
}
