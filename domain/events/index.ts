/**
 * The events module's domain: the kinds of event and what an event holds.
 * The package entry point `spindle/domain/events` (docs/adr/0037-package.md).
 */
export * from './event.js';
