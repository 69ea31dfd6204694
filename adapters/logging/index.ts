/**
 * The logging adapter family.
 * The package entry point `spindle/adapters/logging` (docs/adr/0037-package.md).
 */
export * from './pino-logger.js';
