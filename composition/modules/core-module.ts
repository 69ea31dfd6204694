import { ContainerModule } from 'inversify';
import type { Logger } from '../../application/ports/logger.js';
import type { Config } from '../config.js';
import { TOKENS } from '../tokens.js';

/** Configuration, logging and the system clock. */
export function coreModule(config: Config, logger: Logger): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TOKENS.Config).toConstantValue(config);
    bind(TOKENS.Logger).toConstantValue(logger);
    bind(TOKENS.Clock).toConstantValue({ now: () => new Date() });
  });
}
