/**
 * The jobs module's use cases with their input and view types.
 * The package entry point `spindle/application/jobs` (docs/adr/0037-package.md).
 */
export * from './interrupted.js';
export * from './job-queue-age-gauge.js';
export * from './job-queue-depth-gauge.js';
export * from './lease-lost.js';
