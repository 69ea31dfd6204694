/**
 * The events module's use cases and the recorder the other modules' use cases record events with.
 * The package entry point `spindle/application/events` (docs/adr/0037-package.md).
 */
export * from './event-recorder.js';
export * from './events-appended-gauge.js';
export * from './list-events.js';
export * from './prune-events.js';
