/**
 * The rate-limit adapter family.
 * The package entry point `spindle/adapters/rate-limit` (docs/adr/0037-package.md).
 */
export * from './cluster-rate-limit-store.js';
export * from './failover-rate-limit-store.js';
export * from './in-memory-rate-limit-store.js';
export * from './redis-rate-limit-store.js';
export * from './redis-readiness-check.js';
export * from './redis-unavailable.js';
