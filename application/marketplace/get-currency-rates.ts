import type { CurrencyRateRepository, StoredCurrencyRates } from '../../domain/marketplace/currency-rate-repository.js';

/** Reads the current currency rate table; null when the operator has not loaded one. */
export class GetCurrencyRates {
  constructor(private readonly rates: CurrencyRateRepository) {}

  execute(): Promise<StoredCurrencyRates | null> {
    return this.rates.current();
  }
}
