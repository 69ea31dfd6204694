import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OperationalGauge } from '../../../application/ports/operational-gauge.js';
import type { Logger } from '../../../application/ports/logger.js';

/** What the HTTP side records per request and per refusal (the direct lane and the Koa chain alike). */
export interface RequestMetrics {
  /** One answered request: its method, the route's path pattern (not the raw URL), its status and its duration. */
  observe(method: string, route: string, status: number, seconds: number): void;
  /** One request refused by the rate limit (429). */
  rateLimitRefused(): void;
}

/** The route label of a request no route matched (404s, 405s, refusals before the router): one series, not one per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Latency buckets in seconds: from a cached read by id (well under 5 ms) to a slow search or upload (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's metrics in the Prometheus text format (prom-client), in a registry of its own (not prom-client's
 * global one, so that several applications in one process, as in the tests, never share or collide): requests by
 * method, route pattern and status with their latency (a histogram, whose `_count` is the request count), rate-limit
 * refusals, the modules' operational gauges read at each scrape, and Node's process metrics (CPU, memory, event-loop
 * delay, handles).
 */
export class PrometheusMetrics implements RequestMetrics {
  private readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly refusals: Counter;

  constructor(gauges: readonly OperationalGauge[], logger?: Logger) {
    collectDefaultMetrics({ register: this.registry, prefix: 'spindle_' });
    this.requests = new Histogram({
      name: 'spindle_http_request_duration_seconds',
      help: 'HTTP requests answered, by method, route pattern and status, and how long each took to answer (seconds)',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.refusals = new Counter({
      name: 'spindle_rate_limit_refusals_total',
      help: 'Requests refused by the rate limit (429)',
      registers: [this.registry],
    });
    for (const gauge of gauges) this.register(gauge, logger);
  }

  /** The media type of `text()`'s answer. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Makes these the metrics this process, a cluster worker, answers its primary with, which serves the instance's sum
   * on `METRICS_PORT` (prom-client's `AggregatorRegistry`; ADR 0047). Once per process.
   */
  shareWithClusterPrimary(): void {
    AggregatorRegistry.setRegistries([this.registry]);
    // Only making one sets up a worker's answering of its primary's requests (prom-client's `addListeners`).
    new AggregatorRegistry();
  }

  /** Every metric now, in the Prometheus text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    // Straight to observe: a child from labels() hashes the labels again on every observation, and costs more
    // (bench/metrics-cost.ts, ADR 0045).
    this.requests.observe({ method, route, status }, seconds);
  }

  rateLimitRefused(): void {
    this.refusals.inc();
  }

  /** A module's gauge, read at each scrape; one that fails (its dependency away) is left out of that scrape. */
  private register(gauge: OperationalGauge, logger: Logger | undefined): void {
    let failing = false;
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: [...gauge.labelNames],
      registers: [this.registry],
      aggregator: gauge.shared ? 'max' : 'sum',
      async collect() {
        this.reset();
        try {
          for (const r of await gauge.read()) this.set(r.labels, r.value);
          failing = false;
        } catch (err) {
          if (!failing) logger?.warn({ err, gauge: gauge.name }, 'a metric could not be read; left out until it can');
          failing = true;
        }
      },
    });
  }
}
