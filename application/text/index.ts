/**
 * The text module's use cases with their input and view types.
 * The package entry point `spindle/application/text` (docs/adr/0037-package.md).
 */
export * from './text-renderer.js';
