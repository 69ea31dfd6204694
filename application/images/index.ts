/**
 * The images module's use cases with their input and view types.
 * The package entry point `spindle/application/images` (docs/adr/0037-package.md).
 */
export * from './get-image.js';
export * from './image-keys.js';
export * from './stored-image-links.js';
