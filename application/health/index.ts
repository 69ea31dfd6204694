/**
 * Health: the readiness of a process (every module's `ReadinessCheck`, asked by `GET /readyz`).
 * The package entry point `spindle/application/health` (docs/adr/0037-package.md).
 */
export * from './check-readiness.js';
export * from './job-worker-readiness.js';
export * from './shutdown-readiness.js';
