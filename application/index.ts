/**
 * The application errors every use case throws (`NotFound`, `Invalid`, `Conflict`, …), each with its client-facing
 * message: embedding programs catch the same classes the HTTP adapter maps to statuses.
 * The package entry point `spindle/application` (docs/adr/0037-package.md); the use cases are in `spindle/application/<module>`.
 */
export * from './errors.js';
