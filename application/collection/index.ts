/**
 * The collection module's use cases with their input and view types.
 * The package entry point `spindle/application/collection` (docs/adr/0037-package.md).
 */
export * from './add-to-folder.js';
export * from './collection-access.js';
export * from './collection-figures.js';
export * from './collection-inputs.js';
export * from './collection-settings.js';
export * from './collection-value.js';
export * from './create-folder.js';
export * from './delete-folder.js';
export * from './delete-instance.js';
export * from './edit-folder.js';
export * from './edit-instance.js';
export * from './edit-want.js';
export * from './folder-view.js';
export * from './get-folder.js';
export * from './get-want.js';
export * from './held-releases.js';
export * from './instance-events.js';
export * from './instance-path.js';
export * from './instance-view.js';
export * from './list-fields.js';
export * from './list-folder-items.js';
export * from './list-folders.js';
export * from './list-release-instances.js';
export * from './list-wants.js';
export * from './put-want.js';
export * from './remove-want.js';
export * from './set-instance-note.js';
export * from './want-view.js';
