import type { ReadinessCheck } from '../ports/readiness-check.js';

/** What one readiness check found. */
export interface ReadinessResult {
  readonly name: string;
  readonly ready: boolean;
  readonly required: boolean;
  /** Why it is not ready; absent when it is. */
  readonly reason?: string;
}

/** Whether the process may take traffic (every required check ready) and what each check found, in binding order. */
export interface ReadinessReport {
  readonly ready: boolean;
  readonly checks: readonly ReadinessResult[];
}

/**
 * Asks every readiness check at once and waits at most `timeoutMs` for each: a dependency that does not answer in
 * time (a database that accepts connections and then hangs) is as unready as one that refuses, and the probe itself
 * never hangs a balancer. A check that throws is unready with a generic reason (its error may name internals).
 */
export class CheckReadiness {
  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly timeoutMs: number,
  ) {}

  async execute(): Promise<ReadinessReport> {
    const checks = await Promise.all(this.checks.map((c) => this.run(c)));
    return { ready: checks.every((c) => c.ready || !c.required), checks };
  }

  private async run(check: ReadinessCheck): Promise<ReadinessResult> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`did not answer within ${this.timeoutMs} ms`), this.timeoutMs);
    });
    let reason: string | null;
    try {
      reason = await Promise.race([check.check(), late]);
    } catch {
      reason = 'the check failed';
    } finally {
      clearTimeout(timer);
    }
    const base = { name: check.name, required: check.required };
    return reason === null ? { ...base, ready: true } : { ...base, ready: false, reason };
  }
}
