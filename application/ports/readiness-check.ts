/**
 * One dependency a process needs before it takes traffic (the database and its migrations, the job worker, Redis),
 * asked by `GET /readyz` through {@link CheckReadiness}. Modules contribute their checks through a multiple binding,
 * as they contribute routes; a storage with nothing that can be away (memory) contributes none.
 */
export interface ReadinessCheck {
  /** What is checked, as the readiness report names it (`database`, `job worker`, `redis`). */
  readonly name: string;
  /**
   * Whether the process is unready while this check fails. A dependency the service is built to do without (Redis
   * while rate limiting fails open) is reported but does not take the process out of the balancer.
   */
  readonly required: boolean;
  /**
   * Null when the dependency is ready, else the reason it is not, in a short sentence safe to show anyone (no
   * addresses, no credentials). Should be cheap: balancers ask every few seconds.
   */
  check(): Promise<string | null>;
}
