/**
 * The lists module's use cases with their input and view types.
 * The package entry point `spindle/application/lists` (docs/adr/0037-package.md).
 */
export * from './add-list-item.js';
export * from './create-list.js';
export * from './delete-list.js';
export * from './edit-list-item.js';
export * from './edit-list.js';
export * from './get-list.js';
export * from './list-access.js';
export * from './list-figures.js';
export * from './list-inputs.js';
export * from './list-item-display.js';
export * from './list-user-lists.js';
export * from './remove-list-item.js';
