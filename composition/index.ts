/**
 * The package's main entry point (`spindle`): the composition root. `openSpindle` opens the storage (the database,
 * embedded PGlite or a PostgreSQL server, migrated; or with `storage: 'memory'` the in-memory adapters, no database at
 * all) and builds the container of every module; take use cases
 * from it by their module's tokens (`spindle.container.get(CATALOGUE.GetRelease)`). `startServer` does the same and
 * serves the HTTP API. The use cases, domain, ports and adapter families have entry points of their own
 * (`spindle/application/<module>`, `spindle/domain/<module>`, `spindle/application/ports`, `spindle/adapters/<family>`).
 */
// Inversify reads its class metadata through the Reflect metadata API (`Reflect.getOwnMetadata`), which this installs;
// the CLI and the test setup load it first the same way.
import 'reflect-metadata';

export { openSpindle, openMigratedDatabase, demoOrder, type Spindle, type OpenOptions } from './spindle.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { loadConfig, ConfigError, type Config, type Dialect, type StorageKind, type LogLevel, type RateLimitStoreFailure } from './config.js';
export { discoverModules, discoverSchemas, discoverCommands, schemaOf } from './modules.js';
export { runCli } from './run-cli.js';
export { buildContainer, type StorageRuntime } from './container.js';
export { InMemoryStorage } from '../adapters/in-memory/in-memory-storage.js';
export type { Runtime, SqlRuntime, MemoryRuntime, AdapterFamilies, CommandContext, CommandIo, SpindleCommands, SpindleModule, SpindleSchema } from './spindle-module.js';
export { demoDataDir, demoDataFile } from './demo-data.js';
export { token } from './token.js';
export { createPinoLogger } from '../adapters/logging/pino-logger.js';
export type { Logger } from '../application/ports/logger.js';
export * from './catalogue/catalogue-tokens.js';
export * from './collection/collection-tokens.js';
export * from './contributions/contributions-tokens.js';
export * from './core/core-tokens.js';
export * from './events/events-tokens.js';
export * from './health/health-tokens.js';
export * from './http/http-tokens.js';
export * from './identity/identity-tokens.js';
export * from './images/images-tokens.js';
export * from './inventory/inventory-tokens.js';
export * from './jobs/jobs-tokens.js';
export * from './lists/lists-tokens.js';
export * from './marketplace/listing-tokens.js';
export * from './marketplace/market-figure-tokens.js';
export * from './marketplace/marketplace-tokens.js';
export * from './marketplace/seller-tokens.js';
export * from './orders/orders-tokens.js';
export * from './persistence/persistence-tokens.js';
export * from './rate-limit/rate-limit-tokens.js';
export * from './ratings/ratings-tokens.js';
export * from './search/search-tokens.js';
export * from './text/text-tokens.js';
export * from './users/users-tokens.js';
export * from './webhooks/webhooks-tokens.js';
