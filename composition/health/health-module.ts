import { ContainerModule } from 'inversify';
import { CheckReadiness } from '../../application/health/check-readiness.js';
import type { ReadinessCheck } from '../../application/ports/readiness-check.js';
import type { SpindleModule } from '../spindle-module.js';
import { HEALTH } from './health-tokens.js';

/**
 * The process's readiness: `CheckReadiness` over every module's `HEALTH.ReadinessChecks` (none on the memory storage,
 * which is always ready), each given `READINESS_TIMEOUT_MS` to answer. The HTTP module serves it as `GET /readyz`.
 */
export const healthModule: SpindleModule = {
  name: 'health',
  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(HEALTH.CheckReadiness)
        .toResolvedValue(
          (checks: ReadinessCheck[] | undefined) => new CheckReadiness(checks ?? [], config.readinessTimeoutMs),
          [{ serviceIdentifier: HEALTH.ReadinessChecks, isMultiple: true, optional: true }],
        )
        .inSingletonScope();
    }),
};
