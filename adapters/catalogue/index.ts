/**
 * The catalogue adapter family.
 * The package entry point `spindle/adapters/catalogue` (docs/adr/0037-package.md).
 */
export * from './dump/dump-element.js';
export * from './dump/dump-pieces.js';
export * from './dump/dump-xml-parser.js';
export * from './dump/file-chunks.js';
export * from './dump/map-artist.js';
export * from './dump/map-label.js';
export * from './dump/map-master.js';
export * from './dump/map-release.js';
export * from './dump/map-shared.js';
export * from './dump/remove-forbidden-characters.js';
export * from './dump/shared-ring.js';
export * from './dump/skipped-record-tally.js';
export * from './dump/xml-dump-reader.js';
export * from './dump/xml-scanner.js';
