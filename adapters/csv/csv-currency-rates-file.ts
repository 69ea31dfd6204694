import { parse } from 'csv-parse/sync';
import type { CurrencyRateEntry } from '../../application/marketplace/set-currency-rates.js';
import { Invalid } from '../../application/errors.js';

/**
 * Reads an operator's currency rate file: CSV lines `currency,rate` (how many units of the currency one US dollar
 * buys), an optional header line `currency,rate`, blank lines and `#` comments ignored. Whether the codes and rates
 * are valid is the domain's to say; this only refuses what is not such a file, with `Invalid` naming the line.
 */
export function parseCurrencyRatesCsv(text: string): CurrencyRateEntry[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, { comment: '#', skip_empty_lines: true, trim: true, relax_column_count: true, bom: true, info: true }) as unknown as typeof rows;
  } catch (err) {
    throw new Invalid(`The rate file is not valid CSV: ${(err as Error).message}`);
  }
  const entries: CurrencyRateEntry[] = [];
  rows.forEach(({ record: row, info }, index) => {
    if (index === 0 && row[0]?.toLowerCase() === 'currency') return;
    if (row.length !== 2) {
      throw new Invalid(`Rate file line ${info.lines} must be "currency,rate", got ${JSON.stringify(row.join(','))}`);
    }
    entries.push({ currency: row[0]!.toUpperCase(), rate: row[1]! });
  });
  if (entries.length === 0) throw new Invalid('The rate file holds no rates.');
  return entries;
}
