import type { HttpApp } from '../../adapters/http/app.js';
import type { CredentialResolver } from '../../adapters/http/credentials.js';
import type { PrometheusMetrics } from '../../adapters/http/metrics/prometheus-metrics.js';
import type { RouteModule } from '../../adapters/http/route-module.js';
import type { ApiUrls } from '../../adapters/http/urls.js';
import { token } from '../token.js';

export const HTTP = {
  ApiUrls: token<ApiUrls>('http/ApiUrls'),
  /** Multi-binding: every module binds its own route module here. */
  Routes: token<RouteModule>('http/Routes'),
  /** The slot for credential resolution: the identity module binds it; unbound, every caller is anonymous. */
  CredentialResolver: token<CredentialResolver>('http/CredentialResolver'),
  /** The Koa application behind the direct lane; `callback()` is the server's request listener. */
  HttpApp: token<HttpApp>('http/HttpApp'),
  /** The process's Prometheus metrics (`GET /metrics`, on the public port or `METRICS_PORT`). */
  Metrics: token<PrometheusMetrics>('http/Metrics'),
} as const;
