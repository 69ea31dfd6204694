/** One reading of a gauge: its value under these label values. */
export interface GaugeReading {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/**
 * A figure an operator watches that a module knows and the HTTP adapter does not (the database pool's connections,
 * the job queue's depth and the age of its oldest job): read when the metrics are scraped, exported as a gauge.
 * Modules contribute theirs through a multiple binding.
 */
export interface OperationalGauge {
  /** The metric's name (`spindle_…`, Prometheus's rules: letters, digits and `_`). */
  readonly name: string;
  /** One line saying what it measures, and in which unit. */
  readonly help: string;
  /**
   * True when every process reads the same figure (the job queue's, from the database): a cluster's instance reports
   * it once, the largest of its workers' readings, where it adds up the others (each worker's own pool).
   */
  readonly shared?: boolean;
  /** The names of the labels every reading carries. */
  readonly labelNames: readonly string[];
  /** The readings now; a gauge whose dependency is away throws, and the scrape leaves it out. */
  read(): Promise<readonly GaugeReading[]>;
}
