import { ContainerModule } from 'inversify';
import { CheckReadiness } from '../../application/health/check-readiness.js';
import { ShutdownReadiness } from '../../application/health/shutdown-readiness.js';
import type { ReadinessCheck } from '../../application/ports/readiness-check.js';
import type { SpindleModule } from '../spindle-module.js';
import { HEALTH } from './health-tokens.js';

/**
 * The process's readiness: `CheckReadiness` over every module's `HEALTH.ReadinessChecks` (on the memory storage only
 * the process's own shutdown), each given `READINESS_TIMEOUT_MS` to answer. The HTTP module serves it as `GET /readyz`;
 * a stop begins `HEALTH.Shutdown` first, so that it answers 503 at once (ADR 0047).
 */
export const healthModule: SpindleModule = {
  name: 'health',
  bindings: ({ config }) =>
    new ContainerModule(({ bind }) => {
      bind(HEALTH.Shutdown).toConstantValue(new ShutdownReadiness());
      bind(HEALTH.ReadinessChecks).toService(HEALTH.Shutdown);
      bind(HEALTH.CheckReadiness)
        .toResolvedValue(
          (checks: ReadinessCheck[] | undefined) => new CheckReadiness(checks ?? [], config.readinessTimeoutMs),
          [{ serviceIdentifier: HEALTH.ReadinessChecks, isMultiple: true, optional: true }],
        )
        .inSingletonScope();
    }),
};
