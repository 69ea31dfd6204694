import { EntitySchema } from '@mikro-orm/core';

/**
 * One currency's line of the rate table. The table is one aggregate (`CurrencyRates`) stored as a row per currency,
 * so the repository maps between the two rather than mapping the domain class itself.
 */
export class CurrencyRateRow {
  currency!: string;
  /** Units of the currency one US dollar buys, as an exact decimal (PostgreSQL `numeric`, read back as text). */
  rate!: string;
  source!: string;
  updatedAt!: Date;
}

export const CurrencyRateSchema = new EntitySchema<CurrencyRateRow>({
  class: CurrencyRateRow,
  tableName: 'currency_rate',
  checks: [{ name: 'currency_rate_rate_check', expression: 'rate > 0' }],
  properties: {
    currency: { type: 'string', columnType: 'char(3)', primary: true },
    rate: { type: 'decimal', columnType: 'numeric' },
    source: { type: 'text' },
    updatedAt: { type: 'datetime', columnType: 'timestamptz' },
  },
});
