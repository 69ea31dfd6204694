import { ContainerModule } from 'inversify';
import { RandomIdGenerator } from '../../adapters/system/random-id-generator.js';
import { SystemClock } from '../../adapters/system/system-clock.js';
import type { SpindleModule } from '../spindle-module.js';
import { CORE } from './core-tokens.js';

/** Configuration, logging, the system clock and random ids. Tests rebind `CORE.Clock` to a `FixedClock`. */
export const coreModule: SpindleModule = {
  name: 'core',
  bindings: (runtime) =>
    new ContainerModule(({ bind }) => {
      bind(CORE.Config).toConstantValue(runtime.config);
      bind(CORE.Logger).toConstantValue(runtime.logger);
      bind(CORE.Clock).toConstantValue(new SystemClock());
      bind(CORE.IdGenerator).toConstantValue(new RandomIdGenerator());
    }),
};
