/**
 * What the use cases of every module share (the caller, pages).
 * The package entry point `spindle/application/shared` (docs/adr/0037-package.md).
 */
export * from './caller.js';
export * from './checked-input.js';
export * from './ends-within.js';
export * from './page.js';
