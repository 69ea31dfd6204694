import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { Logger } from '../../application/ports/logger.js';
import type { Config } from '../config.js';
import { token } from '../token.js';

/** What every module may use: configuration, logging, time and ids. */
export const CORE = {
  Config: token<Config>('core/Config'),
  Logger: token<Logger>('core/Logger'),
  Clock: token<Clock>('core/Clock'),
  IdGenerator: token<IdGenerator>('core/IdGenerator'),
} as const;
