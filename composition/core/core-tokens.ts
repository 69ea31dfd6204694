import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { Logger } from '../../application/ports/logger.js';
import type { Config } from '../config.js';
import type { BackgroundService } from './background-service.js';
import { token } from '../token.js';

/** What every module may use: configuration, logging, time and ids; and the slot for background services. */
export const CORE = {
  Config: token<Config>('core/Config'),
  Logger: token<Logger>('core/Logger'),
  Clock: token<Clock>('core/Clock'),
  IdGenerator: token<IdGenerator>('core/IdGenerator'),
  /** A slot: every module's background services (see BackgroundService); the server starts them all. */
  BackgroundService: token<BackgroundService>('core/BackgroundService'),
} as const;
