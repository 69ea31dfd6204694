import { AggregatorRegistry } from 'prom-client';
import type { MetricsText } from '../operations-lane.js';

/**
 * A cluster primary's metrics: the sum of its workers' (each a `PrometheusMetrics` that `shareWithClusterPrimary`),
 * asked over the cluster's channel by prom-client's `AggregatorRegistry` at each scrape; throws when a worker does not
 * answer within 5 s (ADR 0047).
 */
export class ClusterMetrics implements MetricsText {
  private readonly workers = new AggregatorRegistry();

  get contentType(): string {
    return this.workers.contentType;
  }

  text(): Promise<string> {
    return this.workers.clusterMetrics();
  }
}
