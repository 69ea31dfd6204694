/**
 * Tells the failures that mean a dependency (the database) cannot be reached right now, and so may pass by themselves,
 * from every other failure. Callers answer the first kind with 503 and a `Retry-After` (the HTTP adapter) or wait and
 * try again (the job worker), and never log one of them as an error of their own: the detector notes the outage, and
 * its adapter tells the log once when the outage starts and once when it ends.
 */
export interface OutageDetector {
  /** True when `err` says a dependency is unreachable now; the outage is noted. */
  isOutage(err: unknown): boolean;
  /**
   * Looks into an error that may or may not mean an outage by itself (a transaction found ended under a query, which
   * a lost connection does and a bug could): asks the dependency (within a second) and notes an outage when it does
   * not answer, so that `isOutage` then says so. Call it before `isOutage` where waiting is possible.
   */
  examine(err: unknown): Promise<void>;
  /** False while a noted outage lasts (until the dependency answers again). */
  readonly available: boolean;
  /** Seconds a client is asked to wait before trying again (`Retry-After` of the 503). */
  readonly retryAfterSeconds: number;
}

/** For callers given no detector: nothing is an outage. */
export const NO_OUTAGES: OutageDetector = { isOutage: () => false, examine: async () => undefined, available: true, retryAfterSeconds: 5 };
