import type { ReadinessCheck } from '../ports/readiness-check.js';

/**
 * Whether the process is shutting down: ready until `begin`, not ready from then on, so that `GET /readyz` answers
 * 503 the moment a stop begins and a balancer takes the process out before it stops accepting (ADR 0047).
 */
export class ShutdownReadiness implements ReadinessCheck {
  readonly name = 'shutdown';
  readonly required = true;
  private shuttingDown = false;

  /** From now on the process is not ready; it never becomes ready again. */
  begin(): void {
    this.shuttingDown = true;
  }

  async check(): Promise<string | null> {
    return this.shuttingDown ? 'the process is shutting down' : null;
  }
}
