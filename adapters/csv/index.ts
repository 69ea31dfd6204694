/**
 * The csv adapter family.
 * The package entry point `spindle/adapters/csv` (docs/adr/0037-package.md).
 */
export * from './csv-currency-rates-file.js';
export * from './csv-parse-decoder.js';
export * from './csv-stringify-encoder.js';
