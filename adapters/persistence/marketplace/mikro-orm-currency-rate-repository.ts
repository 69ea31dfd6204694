import type { MikroORM } from '@mikro-orm/postgresql';
import type { CurrencyRateRepository, StoredCurrencyRates } from '../../../domain/marketplace/currency-rate-repository.js';
import { CurrencyRates } from '../../../domain/marketplace/currency-rates.js';
import { currentEntityManager } from '../mikro-orm-unit-of-work.js';
import { CurrencyRateRow } from './currency-rate-row.js';

/** The currency rate table in PostgreSQL (`currency_rate`, a row per currency), through the current unit of work. */
export class MikroOrmCurrencyRateRepository implements CurrencyRateRepository {
  constructor(private readonly orm: MikroORM) {}

  async current(): Promise<StoredCurrencyRates | null> {
    const em = currentEntityManager(this.orm);
    const rows = await em.find(CurrencyRateRow, {}, { orderBy: { currency: 'asc' }, disableIdentityMap: true });
    return toStored(rows);
  }

  async replace(table: StoredCurrencyRates): Promise<StoredCurrencyRates | null> {
    const em = currentEntityManager(this.orm);
    if (!em.isInTransaction()) throw new Error('CurrencyRateRepository.replace must run inside a unit of work');
    // Serialises replacements (readers are not blocked): the second waits here until the first commits, then reads
    // and replaces its result, so a table is never a mix of two.
    await em.getConnection().execute('lock table currency_rate in share row exclusive mode', [], 'run', em.getTransactionContext());
    const previous = await this.current();
    const rows = table.rates.entries().map(({ currency, rate }) => ({
      currency,
      rate,
      source: table.source,
      updatedAt: table.updatedAt,
    }));
    await em.nativeDelete(CurrencyRateRow, { currency: { $nin: rows.map((r) => r.currency) } });
    await em.upsertMany(CurrencyRateRow, rows, { disableIdentityMap: true });
    return previous;
  }
}

function toStored(rows: readonly CurrencyRateRow[]): StoredCurrencyRates | null {
  if (rows.length === 0) return null;
  return {
    rates: CurrencyRates.fromEntries(rows.map((r) => ({ currency: r.currency.trim(), rate: String(r.rate) }))),
    updatedAt: new Date(rows[0]!.updatedAt),
    source: rows[0]!.source,
  };
}
