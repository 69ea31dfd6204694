/**
 * The catalogue module's use cases with their input and view types.
 * The package entry point `spindle/application/catalogue` (docs/adr/0037-package.md).
 */
export * from './community-from-parts.js';
export * from './get-artist.js';
export * from './get-label.js';
export * from './get-master.js';
export * from './get-release-stats.js';
export * from './get-release.js';
export * from './import-dump.js';
export * from './invalid-dump.js';
export * from './list-artist-releases.js';
export * from './list-label-releases.js';
export * from './list-master-versions.js';
export * from './list-newest-releases.js';
export * from './master-document.js';
export * from './read-models.js';
export * from './release-document.js';
export * from './version-facet-counts.js';
