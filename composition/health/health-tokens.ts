import type { CheckReadiness } from '../../application/health/check-readiness.js';
import type { OperationalGauge } from '../../application/ports/operational-gauge.js';
import type { ShutdownReadiness } from '../../application/health/shutdown-readiness.js';
import type { ReadinessCheck } from '../../application/ports/readiness-check.js';
import { token } from '../token.js';

/** What operators watch: readiness checks and operational gauges, contributed by the modules (ADR 0045). */
export const HEALTH = {
  /** Multi-binding: every module binds a check per dependency it needs (the sql family its database, jobs its worker). */
  ReadinessChecks: token<ReadinessCheck>('health/ReadinessChecks'),
  /** Multi-binding: every module binds the figures it knows (pool use, job queue depth and age), exported as gauges. */
  Gauges: token<OperationalGauge>('health/Gauges'),
  /** Asks every bound check (what `GET /readyz` answers). */
  CheckReadiness: token<CheckReadiness>('health/CheckReadiness'),
  /** The process's shutdown, one of the readiness checks: a stop `begin`s it, and `/readyz` answers 503 from then on. */
  Shutdown: token<ShutdownReadiness>('health/Shutdown'),
} as const;
